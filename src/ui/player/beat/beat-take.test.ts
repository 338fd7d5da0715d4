import { describe, expect, it } from 'vitest';
import { cutToBars, firstDownbeat, firstSound, TakeError } from './beat-take.ts';

const RATE = 8000;

/** `seconds` of silence, then clicks every half second (120 BPM) to the end of `total` s. */
function take(lead: number, total: number): Float32Array {
  const x = new Float32Array(Math.round(total * RATE));
  for (let t = lead; t < total; t += 0.5) x[Math.round(t * RATE)] = 0.5;
  return x;
}

describe('a microphone take made into a bounce', () => {
  it('starts 5 ms before its first sound and keeps the whole bars that fit', () => {
    const x = take(0.7, 6);
    expect(firstSound([x], RATE)).toBe(Math.round(0.7 * RATE) - 40);
    const [cut] = cutToBars([x], RATE, 120);
    // 5.3 s from the first sound hold 2 bars of 2 s.
    expect(cut!.length).toBe(4 * RATE);
    expect(cut![40]).toBe(0.5);
  });

  /** 60 Hz kicks at 120 BPM, the downbeats twice as loud, from `from` s of a bar for `total` s. */
  const kicks = (from: number, total: number) => {
    const x = new Float32Array(Math.round(total * RATE));
    for (let beat = 0; beat < 40; beat++) {
      const at = Math.round((beat * 0.5 - from) * RATE);
      for (let i = Math.max(0, -at); i < 0.4 * RATE && at + i < x.length; i++)
        x[at + i] =
          (beat % 4 ? 0.4 : 0.8) * Math.sin((2 * Math.PI * 60 * i) / RATE) * Math.exp(-i / 640);
    }
    return x;
  };

  it('starts on the first downbeat, not in a kick tail or on the second beat where it began', () => {
    // Started 70 ms into a downbeat (in its tail), then 0.6 s into the bar (after the second beat).
    for (const from of [0.07, 0.6]) {
      const x = kicks(from, 6.5);
      const downbeat = Math.round((2 - from) * RATE);
      // 5 ms before it (its first sample over a tenth of its peak is 3 samples in).
      expect(firstDownbeat([x, x], RATE, 120) - (downbeat - 40), `from ${from} s`).toBe(3);
      const [cut] = cutToBars([x], RATE, 120);
      expect(cut!.length).toBe(2 * 2 * RATE);
      // It opens on a loud kick (0.8; the other beats' are 0.4).
      expect(Math.max(...cut!.subarray(0, 0.03 * RATE))).toBeGreaterThan(0.6);
    }
  });

  it('cuts on half-bars when the tempo was found an octave low', () => {
    const [cut] = cutToBars([take(0, 5)], RATE, 60);
    expect(cut!.length).toBe(4 * RATE);
  });

  it('keeps a power of two of bars, which the analysis reads back from the length', () => {
    // 7.5 s from the first sound hold 3 bars of 2 s: 2 are kept.
    const [cut] = cutToBars([take(0.5, 8)], RATE, 120);
    expect(cut!.length).toBe(4 * RATE);
  });

  it('stops at 16 bars', () => {
    const [cut] = cutToBars([take(0, 40)], RATE, 120);
    expect(cut!.length).toBe(32 * RATE);
  });

  it('refuses a silent take, one with no tempo, and one under 2 bars', () => {
    expect(() => cutToBars([new Float32Array(RATE)], RATE, 120)).toThrow(TakeError);
    expect(() => cutToBars([take(0, 5)], RATE, 0)).toThrow(/no tempo/);
    expect(() => cutToBars([take(0, 1.5)], RATE, 120)).toThrow(/less than 2 bars/);
  });
});
