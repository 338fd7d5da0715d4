import { describe, expect, it } from 'vitest';
import { loopBars } from './loop-bars.ts';

describe('loopBars', () => {
  it('counts whole bars of 4/4 from tempo and length', () => {
    expect(loopBars(8, 120)).toBe(4); // 16 beats
    expect(loopBars(2, 120)).toBe(1);
    expect(loopBars((8 * 240) / 140, 140)).toBe(8);
    expect(loopBars((2 * 240) / 87, 87)).toBe(2);
  });

  it('allows a loop a sixteenth note off a whole bar (rounded lengths, a short tail)', () => {
    expect(loopBars(8.05, 120)).toBe(4); // 0.025 bar over
    expect(loopBars(7.9, 120)).toBe(4);
    expect(loopBars(8 + 0.125 + 0.001, 120)).toBeNull(); // just past a sixteenth
  });

  it('says nothing when the tempo is unknown or the length is not near whole bars', () => {
    expect(loopBars(8, null)).toBeNull();
    expect(loopBars(8, 0)).toBeNull();
    expect(loopBars(3, 120)).toBeNull(); // 1.5 bars
    expect(loopBars(0.5, 120)).toBeNull(); // a quarter of a bar
    expect(loopBars(Number.NaN, 120)).toBeNull();
    expect(loopBars(-8, 120)).toBeNull();
  });
});
