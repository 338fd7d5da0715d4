import { describe, expect, it } from 'vitest';
import { DEFAULT_TARGET_LUFS, matchGain, matchGainDb } from './loudness-match.ts';

describe('matchGainDb', () => {
  it('brings the stored loudness to the target', () => {
    expect(matchGainDb({ lufs: -20, truePeakDb: -10 })).toBe(6);
    expect(matchGainDb({ lufs: -8, truePeakDb: 0 })).toBe(-6);
    expect(matchGainDb({ lufs: -20, truePeakDb: -10 }, -16)).toBe(4);
    expect(DEFAULT_TARGET_LUFS).toBe(-14);
    expect(matchGain({ lufs: -20, truePeakDb: -20 })).toBeCloseTo(10 ** (6 / 20), 12);
  });

  it('never lifts a true peak above −1 dBTP', () => {
    // −20 LUFS with a −3 dBTP peak could only rise 2 dB.
    expect(matchGainDb({ lufs: -20, truePeakDb: -3 })).toBe(2);
    // A peak already over the ceiling is brought down even when quieter than the target.
    expect(matchGainDb({ lufs: -16, truePeakDb: 0.5 })).toBe(-1.5);
  });

  it('only lowers a sound whose peak is not stored, and leaves unknown or silent ones', () => {
    expect(matchGainDb({ lufs: -20 })).toBe(0);
    expect(matchGainDb({ lufs: -9, truePeakDb: null })).toBe(-5);
    expect(matchGainDb({ lufs: null })).toBe(0);
    expect(matchGainDb({ lufs: undefined, truePeakDb: -3 })).toBe(0);
    expect(matchGainDb({ lufs: -70, truePeakDb: -120 })).toBe(0);
    expect(matchGainDb({ lufs: Number.NaN, truePeakDb: -3 })).toBe(0);
  });
});
