import { describe, expect, it } from 'vitest';
import { BeatGridError, beatGrid, driftAfterBars, lockedRate, nextGridTime } from './beat-grid.ts';
import { tempoRate } from './sync-params.ts';

describe('beatGrid', () => {
  it('fits whole bars to the bounce and takes the tempo from its length', () => {
    // 4 bars at 120 BPM are 8 s; the analysis said 119.6.
    expect(beatGrid(8, 119.6)).toEqual({ bpm: 120, bars: 4, barSeconds: 2 });
    // 8.1 s with an analysed 120: still 4 bars, at 4 × 240 ÷ 8.1 BPM.
    const g = beatGrid(8.1, 120);
    expect(g.bars).toBe(4);
    expect(g.bpm).toBeCloseTo(118.518518, 5);
    expect(g.barSeconds).toBeCloseTo(2.025, 12);
  });

  it('doubles or halves an analysed tempo that leaves 2–16 bars', () => {
    // One bar at a half-time reading of 60 BPM in 4 s → 2 bars at 120.
    expect(beatGrid(4, 60).bars).toBe(2);
    // 32 s at a double-time 240 → 32 bars → halved to 16 at 120.
    expect(beatGrid(32, 240)).toEqual({ bpm: 120, bars: 16, barSeconds: 2 });
    // No tempo: 120 BPM is assumed for the count.
    expect(beatGrid(16, null).bars).toBe(8);
  });

  it('takes the bars the user gives and refuses what is no beat', () => {
    expect(beatGrid(8, 120, 8)).toEqual({ bpm: 240, bars: 8, barSeconds: 1 });
    expect(() => beatGrid(8, 120, 1)).toThrow(BeatGridError);
    expect(() => beatGrid(8, 120, 17)).toThrow(/2–16 whole bars/);
    expect(() => beatGrid(8, 120, 2.5)).toThrow(BeatGridError);
    expect(() => beatGrid(0, 120)).toThrow(/has no bars/);
    expect(() => beatGrid(Number.NaN, 120)).toThrow(BeatGridError);
    // 2 bars in 30 s would be 16 BPM.
    expect(() => beatGrid(30, 120, 2)).toThrow(/outside 40–240/);
  });
});

describe('nextGridTime', () => {
  const clock = { origin: 10, bpm: 120 }; // bars every 2 s from 10, beats every 0.5 s

  it('gives the next bar line, or beat, at least the lead ahead', () => {
    expect(nextGridTime(10.3, clock, 'bar')).toBe(12);
    expect(nextGridTime(10.3, clock, 'beat')).toBe(10.5);
    expect(nextGridTime(13.99, clock, 'bar', 0.05)).toBe(16);
    expect(nextGridTime(13.9, clock, 'bar', 0.05)).toBe(14);
    expect(nextGridTime(10.3, clock, 'beat', 0.25)).toBe(11);
    // A click exactly on a line starts on it (with no lead), not a bar later.
    expect(nextGridTime(14, clock, 'bar')).toBe(14);
    // Before the beat's first downbeat (it starts in the future): that downbeat.
    expect(nextGridTime(9, clock, 'bar')).toBe(10);
  });

  it('starts at the click with quantise off', () => {
    expect(nextGridTime(10.3, clock, 'off', 0.1)).toBe(10.3);
  });

  it('keeps bar lines exact far into a long session', () => {
    // After an hour of a 93 BPM beat: bar lines every 240 / 93 s.
    const t = nextGridTime(3600, { origin: 0.123, bpm: 93 }, 'bar');
    const k = Math.round((t - 0.123) / (240 / 93));
    expect(Math.abs(t - (0.123 + (k * 240) / 93))).toBeLessThan(1e-9);
    expect(t).toBeGreaterThanOrEqual(3600);
    expect(t - 3600).toBeLessThan(240 / 93);
  });
});

describe('lockedRate and driftAfterBars', () => {
  it('locks a loop so that it has drifted < 1 ms after 8 bars', () => {
    // A beat of 4 bars in 8.1 s (118.5185… BPM); the project tempo field keeps 2 decimals.
    const beat = beatGrid(8.1, 120);
    const shown = Math.round(beat.bpm * 100) / 100; // 118.52
    // A 93 BPM loop of 2 bars, as stored: 2 × 240 ÷ 93 = 5.16129… s.
    const duration = 480 / 93;
    const heard = tempoRate(93, shown);
    // Stretched by the rounded project tempo it drifts (here 0.19 ms after 8 bars, 3 after 128).
    expect(Math.abs(driftAfterBars(duration, heard, beat.bpm, 128))).toBeGreaterThan(0.001);
    const rate = lockedRate(duration, heard, beat.bpm);
    expect(rate).toBeCloseTo((duration * beat.bpm) / (60 * 8), 12);
    expect(Math.abs(driftAfterBars(duration, rate, beat.bpm, 8))).toBeLessThan(1e-9);
    expect(Math.abs(driftAfterBars(duration, rate, beat.bpm, 10_000))).toBeLessThan(1e-6);
  });

  it('locks a loop a whole stored-tempo error away, but no further than 2 %', () => {
    // A loop of 4 beats that lasts 2.46 s: its file says 97.56 BPM, its tag says 96 (1.6 %).
    const heard = tempoRate(96, 120);
    const rate = lockedRate(2.46, heard, 120);
    expect(rate).toBeCloseTo(2.46 / 2, 12);
    expect(driftAfterBars(2.46, rate, 120, 8)).toBeCloseTo(0, 12);
    // 2.7 s at a tag of 96: 4 beats would need 8 % more stretch: the tag's rate stays.
    expect(lockedRate(2.7, heard, 120)).toBe(heard);
    // Shorter than a beat: nothing to lock.
    expect(lockedRate(0.1, 1, 120)).toBe(1);
  });

  it('measures drift in seconds, late positive', () => {
    // A 2 s loop of 4 beats at 120 played 0.1 % slow over a 120 BPM beat: 8 bars are 16 s.
    expect(driftAfterBars(2, 0.999, 120, 8)).toBeCloseTo(16 / 0.999 - 16, 12);
  });
});
