import { describe, expect, it } from 'vitest';
import { cutToBars, firstSound, TakeError } from './beat-take.ts';

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

  it('cuts on half-bars when the tempo was found an octave low', () => {
    const [cut] = cutToBars([take(0, 5)], RATE, 60);
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
