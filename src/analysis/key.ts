// Key and mode: a chroma vector correlated with rotated key profiles (docs/ANALYSIS.md "Key").
import { PITCH_CLASSES, type KeyEstimate } from './keys.ts';
import type { Spectrogram } from './spectrum.ts';

// Krumhansl–Kessler probe-tone profiles (C major, C minor).
const MAJOR = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

/** Pitch range read for chroma (Hz): A1 to A6, where the notes of samples live. */
const LOW_HZ = 55;
const HIGH_HZ = 1760;
/** Below this best correlation the material has no clear key (drums, noise). */
const MIN_CORRELATION = 0.6;

/** 12-bin chroma (C = 0) of a spectrogram, energy summed over frames, peak-normalised. */
export function chroma(s: Spectrogram): Float64Array {
  const out = new Float64Array(12);
  const first = Math.ceil((LOW_HZ * s.size) / s.rate);
  const last = Math.floor((HIGH_HZ * s.size) / s.rate);
  const classOf = new Int8Array(last + 1);
  const weightOf = new Float64Array(last + 1);
  for (let k = first; k <= last; k++) {
    const midi = 69 + 12 * Math.log2((k * s.rate) / s.size / 440);
    const nearest = Math.round(midi);
    classOf[k] = ((nearest % 12) + 12) % 12;
    // Energy counts fully at a semitone's centre and fades towards the quarter-tones.
    weightOf[k] = Math.cos(Math.PI * (midi - nearest)) ** 2;
  }
  for (const mags of s.frames)
    for (let k = first; k <= last; k++) out[classOf[k]!]! += weightOf[k]! * mags[k]! * mags[k]!;
  const top = Math.max(...out);
  if (top > 0) for (let i = 0; i < 12; i++) out[i]! /= top;
  return out;
}

function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let ma = 0,
    mb = 0;
  for (let i = 0; i < 12; i++) {
    ma += a[i]! / 12;
    mb += b[i]! / 12;
  }
  let ab = 0,
    aa = 0,
    bb = 0;
  for (let i = 0; i < 12; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

/** Correlation of `c` with each of the 24 keys: [0..11] major on C..B, [12..23] minor. */
export function keyScores(c: ArrayLike<number>): number[] {
  const scores: number[] = [];
  for (const profile of [MAJOR, MINOR])
    for (let tonic = 0; tonic < 12; tonic++) {
      const rotated = profile.map((_, i) => profile[(i - tonic + 12) % 12]!);
      scores.push(correlation(c, rotated));
    }
  return scores;
}

/** The best-fitting key of a chroma vector, or null when none fits clearly. */
export function estimateKey(c: ArrayLike<number>): KeyEstimate | null {
  const scores = keyScores(c);
  let best = 0;
  for (let i = 1; i < 24; i++) if (scores[i]! > scores[best]!) best = i;
  if (!(scores[best]! >= MIN_CORRELATION)) return null;
  return { tonic: PITCH_CLASSES[best % 12]!, mode: best < 12 ? 'major' : 'minor' };
}
