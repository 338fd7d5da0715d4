import { describe, expect, it } from 'vitest';
import { excessChance, excessCountFigure, isOver } from './stats.ts';

describe('excess counts against a baseline', () => {
  it('gives the one-sided binomial chance of at least this many of the events', () => {
    expect(excessChance(0, 0)).toBe(1);
    expect(excessChance(1, 0)).toBeCloseTo(0.5, 12);
    expect(excessChance(5, 0)).toBeCloseTo(1 / 32, 12);
    expect(excessChance(2, 1)).toBeCloseTo(0.5, 12); // 3 + 1 of 8 splits
    expect(excessChance(0, 7)).toBeCloseTo(1, 12);
    // A burst to both players alike, and one to ours only, at thousands of events.
    expect(excessChance(2206, 2144)).toBeGreaterThan(0.1);
    expect(excessChance(2206, 5)).toBeLessThan(1e-300);
  });

  it('is over only when ours are more than chance allows', () => {
    const over = (ours: number, theirs: number) => isOver(excessCountFigure('u', ours, theirs));
    expect(over(0, 0)).toBe(false);
    expect(over(4, 0)).toBe(false);
    expect(over(5, 0)).toBe(true);
    expect(over(41, 40)).toBe(false);
    expect(over(40, 5)).toBe(true);
  });
});
