import { describe, expect, it } from 'vitest';
import { decodeWav } from '../src/wasm/pcm/decode-wav.ts';
import { hearLoop, sineLoopWav } from './real-path-loop.ts';

const RATE = 48000;
const PERIOD = RATE / 4; // a 0.25 s loop: 55 whole periods of 220 Hz

/** Four passes of a 220 Hz loop as `pass(i)` renders each frame of it, one after another. */
function passes(pass: (i: number) => number, count = 4): Float32Array {
  return Float32Array.from({ length: PERIOD * count }, (_, i) => pass(i % PERIOD));
}
const sine = (i: number) => 0.5 * Math.sin((2 * Math.PI * 220 * i) / RATE);

describe('hearing a loop', () => {
  it('an unbroken loop has no dropout and repeats itself one period later', () => {
    const heard = hearLoop(passes(sine), RATE, PERIOD);
    expect(heard.windows).toBe(200);
    expect(heard.dropouts).toBe(0);
    expect(heard.firstDropoutS).toBeNaN();
    expect(heard.periodDifference).toBeLessThan(1e-9);
  });

  it('a restart with a gap at each seam is heard: quiet windows, and no repeat', () => {
    // What a new voice per pass did: 50 ms of fades and silence around each seam, late by 10 ms.
    const restarted = Float32Array.from({ length: PERIOD * 4 }, (_, i) => {
      const pass = Math.floor(i / PERIOD);
      const into = (i % PERIOD) - pass * 480;
      return into < 0 || into < 0.05 * RATE ? 0 : sine(into);
    });
    const heard = hearLoop(restarted, RATE, PERIOD);
    expect(heard.dropouts).toBeGreaterThanOrEqual(30);
    expect(heard.firstDropoutS).toBe(0);
    expect(heard.periodDifference).toBeGreaterThan(0.3);
  });

  it('a pass started at the wrong frame, without a gap, still fails the repeat', () => {
    const shifted = passes(sine).map((x, i) => (i >= PERIOD ? sine((i % PERIOD) + 37) : x));
    const heard = hearLoop(shifted, RATE, PERIOD);
    expect(heard.dropouts).toBe(0);
    expect(heard.periodDifference).toBeGreaterThan(0.1);
  });

  it('the loop file holds whole periods and starts at zero', () => {
    const pcm = decodeWav(sineLoopWav(2, 220, 0.5));
    expect(pcm.channels).toHaveLength(2);
    expect(pcm.channels[0]!.length).toBe(88200);
    expect(pcm.channels[0]![0]).toBe(0);
    expect(() => sineLoopWav(2.001, 220, 0.5)).toThrow(RangeError);
  });
});
