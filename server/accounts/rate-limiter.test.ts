import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { createRateLimiter, retryAfterSeconds } from './rate-limiter.ts';

describe('createRateLimiter', () => {
  it('blocks a key after `limit` events until the oldest leaves the window', () => {
    const clock = manualClock(0);
    const limiter = createRateLimiter({ limit: 3, windowMs: 1000, clock });
    for (let i = 0; i < 3; i++) {
      expect(limiter.blockedFor('a')).toBe(0);
      limiter.record('a');
      clock.advance(100);
    }
    // Events at 0, 100, 200; now 300: the one at 0 leaves the window at 1000.
    expect(limiter.blockedFor('a')).toBe(700);
    expect(limiter.blockedFor('b')).toBe(0);
    clock.advance(699);
    expect(limiter.blockedFor('a')).toBe(1);
    clock.advance(1);
    expect(limiter.blockedFor('a')).toBe(0);
  });

  it('forgets a key on reset', () => {
    const clock = manualClock(0);
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, clock });
    limiter.record('a');
    expect(limiter.blockedFor('a')).toBe(1000);
    limiter.reset('a');
    expect(limiter.blockedFor('a')).toBe(0);
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds, at least 1', () => {
    expect(retryAfterSeconds(1)).toBe('1');
    expect(retryAfterSeconds(1000)).toBe('1');
    expect(retryAfterSeconds(1001)).toBe('2');
    expect(retryAfterSeconds(0)).toBe('1');
  });
});
