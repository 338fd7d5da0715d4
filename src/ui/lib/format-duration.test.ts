import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

describe('formatDuration', () => {
  it('shows tenths under ten seconds, truncated', () => {
    expect(formatDuration(0.4)).toBe('0.4s');
    expect(formatDuration(0.3)).toBe('0.3s');
    expect(formatDuration(0.05)).toBe('0.0s');
    expect(formatDuration(0.96)).toBe('0.9s');
    expect(formatDuration(0.999)).toBe('0.9s');
  });

  it('tells 1.0 s from 1.9 s: one decimal up to 9.9 s, the same form as 0.8 s', () => {
    expect(formatDuration(0.8)).toBe('0.8s');
    expect(formatDuration(1)).toBe('1.0s');
    expect(formatDuration(1.9)).toBe('1.9s');
    expect(formatDuration(2.45)).toBe('2.4s');
    expect(formatDuration(9.99)).toBe('9.9s');
  });

  it('switches to m:ss at exactly ten seconds', () => {
    expect(formatDuration(10)).toBe('0:10');
    expect(formatDuration(10.9)).toBe('0:10');
  });

  it('truncates m:ss, so 59.6 s is 0:59 and a minute starts at 60 s', () => {
    expect(formatDuration(59.6)).toBe('0:59');
    expect(formatDuration(59.999)).toBe('0:59');
    expect(formatDuration(60)).toBe('1:00');
    expect(formatDuration(125.5)).toBe('2:05');
  });

  it('adds hours from an hour on', () => {
    expect(formatDuration(3599.9)).toBe('59:59');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('shows a position in the form of the whole it belongs to', () => {
    expect(formatDuration(0, 0.4)).toBe('0.0s');
    expect(formatDuration(0.25, 0.4)).toBe('0.2s');
    expect(formatDuration(1.25, 3.5)).toBe('1.2s');
    expect(formatDuration(0.5, 12)).toBe('0:00');
    expect(formatDuration(0, 0)).toBe('0:00');
  });

  it('shows 0:00 for what is not a duration', () => {
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatDuration(-3)).toBe('0:00');
  });
});
