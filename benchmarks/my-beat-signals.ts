/**
 * The signals my beat is judged with (docs/AUDIO.md, "My beat"), shared by the bench group
 * (my-beat.bench.ts) and the end-to-end test: a producer's bounce of kicks, a loop of clicks,
 * and the onsets and in-page recording that read them off the page's output.
 */
import { buildWav } from '../src/wasm/testing/audio-fixtures.ts';

const RATE = 44100;

/** 2 bars at 120 BPM: a 60 Hz kick (80 ms decay) on every beat, the downbeats twice as loud. */
export function beatWav(): Buffer {
  const x = new Float32Array(4 * RATE);
  for (let beat = 0; beat < 8; beat++) {
    const at = beat * 0.5 * RATE;
    const level = beat % 4 === 0 ? 0.8 : 0.4;
    for (let i = 0; i < 0.4 * RATE; i++)
      x[at + i] = level * Math.sin((2 * Math.PI * 60 * i) / RATE) * Math.exp(-i / (0.08 * RATE));
  }
  return Buffer.from(buildWav([x, x], { encoding: 'int', bits: 16, sampleRate: RATE }));
}

/**
 * 2 bars of clicks at `bpm` (20 ms of decaying noise on every beat): at 100 BPM a loop of 4.8 s;
 * at 105 BPM of 4.571428… s, which the catalogue stores rounded to the millisecond.
 */
export function clickLoopWav(seed = (Date.now() % 9973) + 1, bpm = 100): Uint8Array {
  const beat = (60 * RATE) / bpm;
  const x = new Float32Array(Math.round(8 * beat));
  for (let b = 0; b < 8; b++) {
    const at = Math.round(b * beat);
    for (let i = 0; i < 0.02 * RATE; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      x[at + i] = 0.7 * (seed / 2 ** 31 - 1) * Math.exp(-i / (0.003 * RATE));
    }
  }
  return buildWav([x, x], { encoding: 'int', bits: 16, sampleRate: RATE });
}

/** Onsets (s) where |f(i)| first passes `threshold`, at least `gap` s after the last. */
export function onsets(
  n: number,
  f: (i: number) => number,
  threshold: number,
  rate: number,
  gap = 0.2,
): number[] {
  const out: number[] = [];
  for (let i = 1; i < n; i++)
    if (Math.abs(f(i)) > threshold && !(i / rate - out.at(-1)! < gap)) out.push(i / rate);
  return out;
}

/**
 * The beat's downbeats among its kicks heard alone (s): the kicks are where the output first
 * leaves silence (a 60 Hz tail is gone by the next beat), the downbeats the loud ones.
 */
export function heardDownbeats(x: Float32Array, frames: number, rate: number): number[] {
  // (A recording that starts inside a kick's tail has no onset there.)
  const kicks = onsets(frames, (i) => x[i]!, 0.01, rate).filter((t) => t > 0.05);
  const loudness = (t: number) => {
    let peak = 0;
    for (let i = Math.round(t * rate); i < Math.round((t + 0.02) * rate); i++)
      peak = Math.max(peak, Math.abs(x[i]!));
    return peak;
  };
  const loudest = Math.max(...kicks.map(loudness));
  return kicks.filter((t) => loudness(t) > 0.75 * loudest);
}

/**
 * The loop's clicks (s): broadband, so they stand out of the first difference, where the 60 Hz
 * kick is 1 % of its level.
 */
export const heardClicks = (x: Float32Array, rate: number): number[] =>
  onsets(x.length, (i) => x[i]! - x[i - 1]!, 0.05, rate);

/**
 * The onset (s) of the click nearest `t` (within ±`window` s): the first frame whose first
 * difference reaches half the window's largest. A stretch smears a click's attack into a faint
 * pre-echo, which a fixed threshold reads as the onset; a gate opening on the bar line cuts it
 * off the first click only, so a fixed threshold set the first click ~1 ms later than the rest.
 */
export function clickOnsetNear(x: Float32Array, rate: number, t: number, window = 0.02): number {
  const a = Math.max(1, Math.round((t - window) * rate));
  const b = Math.min(x.length, Math.round((t + window) * rate));
  let peak = 0;
  for (let i = a; i < b; i++) peak = Math.max(peak, Math.abs(x[i]! - x[i - 1]!));
  if (!(peak > 0.05)) return Number.NaN;
  for (let i = a; i < b; i++) if (Math.abs(x[i]! - x[i - 1]!) >= peak / 2) return i / rate;
  return Number.NaN;
}
