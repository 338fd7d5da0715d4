import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

describe('formatDuration', () => {
  // [seconds, the whole it belongs to (none: itself), shown]
  it.each([
    // tenths under ten seconds, truncated
    [0.4, undefined, '0.4s'],
    [0.3, undefined, '0.3s'],
    [0.05, undefined, '0.0s'],
    [0.96, undefined, '0.9s'],
    [0.999, undefined, '0.9s'],
    // 1.0 s told from 1.9 s: one decimal up to 9.9 s, the same form as 0.8 s
    [0.8, undefined, '0.8s'],
    [1, undefined, '1.0s'],
    [1.9, undefined, '1.9s'],
    [2.45, undefined, '2.4s'],
    [9.99, undefined, '9.9s'],
    // m:ss at exactly ten seconds
    [10, undefined, '0:10'],
    [10.9, undefined, '0:10'],
    // m:ss truncated, so 59.6 s is 0:59 and a minute starts at 60 s
    [59.6, undefined, '0:59'],
    [59.999, undefined, '0:59'],
    [60, undefined, '1:00'],
    [125.5, undefined, '2:05'],
    // hours from an hour on
    [3599.9, undefined, '59:59'],
    [3600, undefined, '1:00:00'],
    [3725, undefined, '1:02:05'],
    // a position in the form of the whole it belongs to
    [0, 0.4, '0.0s'],
    [0.25, 0.4, '0.2s'],
    [1.25, 3.5, '1.2s'],
    [0.5, 12, '0:00'],
    [0, 0, '0:00'],
    // 0:00 for what is not a duration
    [Number.NaN, undefined, '0:00'],
    [Number.POSITIVE_INFINITY, undefined, '0:00'],
    [-3, undefined, '0:00'],
  ])('%s s (of %s) shows as %s', (seconds, whole, shown) => {
    expect(formatDuration(seconds, whole)).toBe(shown);
  });
});
