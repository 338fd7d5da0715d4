// Key and mode: a chroma vector correlated with key profiles that include the notes' overtones
// (docs/ANALYSIS.md "Key").
import { PITCH_CLASSES, type KeyEstimate } from './keys.ts';
import { resample } from './resample.ts';
import { spectrogram, type Spectrogram } from './spectrum.ts';

// Krumhansl–Kessler probe-tone profiles (C major, C minor).
const MAJOR = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

/** Overtones folded into the profiles, and each one's weight relative to the one below. */
const HARMONICS = 8;
const HARMONIC_DECAY = 0.6;
/** Notes read for chroma (MIDI): C1 to C6, bass fundamentals included. */
const LOW_MIDI = 24;
const HIGH_MIDI = 84;
/** Decimation of the analysis signal for chroma: 5.5 kHz still holds C6's overtones up to 2.7 kHz. */
const DECIMATE = 4;
/** FFT and hop at the decimated rate: 0.67 Hz bins separate the semitones down to C1. */
const FRAME = 8192;
const HOP = 1024;
/** Share of the sound whose chroma is counted again: a loop or phrase opens on its tonic. */
const OPENING = 0.3;
const OPENING_WEIGHT = 2;
/** Below this best correlation the material has no clear key. */
const MIN_CORRELATION = 0.4;
/**
 * Above this entropy (bits; 3.58 is a flat chroma) the energy is spread over all pitch classes:
 * drum loops and noise bursts (≥ 3.52 in the demo library), not notes (chords ≤ 3.05, saturated
 * 808 bass lines with slides up to 3.49). Pitched hits (a tuned kick, a gong) stay under it.
 */
const MAX_ENTROPY_BITS = 3.48;
/**
 * A one-shot whose chroma is spread (entropy above ONE_SHOT_SPREAD_BITS) needs a closer fit
 * (ONE_SHOT_MIN_CORRELATION) to be given a key: a kick's or tom's short pitch sweep and a hat's
 * noise fit a key profile at 0.4–0.62, real notes and chords at ≥ 0.67 and pitched percussion
 * (gongs, congas) at ≥ 0.69, while single notes sit under 1.5 bits whatever their fit. Measured on
 * the demo library (docs/ANALYSIS.md "Key").
 */
const ONE_SHOT_SPREAD_BITS = 1.5;
const ONE_SHOT_MIN_CORRELATION = 0.65;

/** Shannon entropy (bits) of the chroma as a distribution over the 12 pitch classes. */
export function chromaEntropy(c: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += c[i]!;
  if (!(sum > 0)) return Math.log2(12);
  let h = 0;
  for (let i = 0; i < 12; i++) {
    const p = c[i]! / sum;
    if (p > 0) h -= p * Math.log2(p);
  }
  return h;
}

/** A profile with each scale tone's overtones added where they sound (octave, fifth, third…). */
function withOvertones(profile: number[]): number[] {
  const out = Array.from({ length: 12 }, () => 0);
  for (let h = 1; h <= HARMONICS; h++) {
    const shift = Math.round(12 * Math.log2(h)) % 12;
    const weight = HARMONIC_DECAY ** (h - 1);
    for (let pc = 0; pc < 12; pc++) out[(pc + shift) % 12]! += weight * profile[pc]!;
  }
  return out;
}
const PROFILES = [withOvertones(MAJOR), withOvertones(MINOR)] as const;

/** Semitone magnitudes (MIDI LOW..HIGH) of each frame folded into 12 pitch classes. */
function frameChromas(s: Spectrogram): Float64Array[] {
  const bins = s.size / 2 + 1;
  const classOf = new Int8Array(bins).fill(-1);
  const weightOf = new Float64Array(bins);
  for (let k = 1; k < bins; k++) {
    const midi = 69 + 12 * Math.log2((k * s.rate) / s.size / 440);
    const nearest = Math.round(midi);
    if (nearest < LOW_MIDI || nearest > HIGH_MIDI) continue;
    classOf[k] = ((nearest % 12) + 12) % 12;
    // A bin counts fully at a semitone's centre and fades towards the quarter-tones.
    weightOf[k] = Math.cos(Math.PI * (midi - nearest)) ** 2;
  }
  return s.frames.map((mags) => {
    const c = new Float64Array(12);
    for (let k = 1; k < bins; k++) if (classOf[k]! >= 0) c[classOf[k]!]! += weightOf[k]! * mags[k]!;
    return c;
  });
}

const peakNormalised = (c: Float64Array) => {
  const top = Math.max(...c);
  return top > 0 ? c.map((x) => x / top) : c;
};

/**
 * The chroma of a mono signal at `rate`: the whole sound's, plus its opening's counted
 * OPENING_WEIGHT times more (each peak-normalised first).
 */
export function chroma(mono: Float32Array, rate: number): Float64Array {
  const low = resample(mono, DECIMATE, 1);
  const frames = frameChromas(spectrogram(low, rate / DECIMATE, FRAME, HOP));
  const opening = Math.max(1, Math.round(frames.length * OPENING));
  const sum = (fs: Float64Array[]) =>
    fs.reduce((acc, f) => acc.map((x, i) => x + f[i]!), new Float64Array(12));
  const whole = peakNormalised(sum(frames));
  const start = peakNormalised(sum(frames.slice(0, opening)));
  return whole.map((x, i) => x + OPENING_WEIGHT * start[i]!);
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
  for (const profile of PROFILES)
    for (let tonic = 0; tonic < 12; tonic++) {
      const rotated = profile.map((_, i) => profile[(i - tonic + 12) % 12]!);
      scores.push(correlation(c, rotated));
    }
  return scores;
}

/**
 * The best-fitting key of a chroma vector, or null for unpitched material or no clear fit (below
 * the detector's confidence: no key rather than a guess). A one-shot with a spread chroma needs
 * the closer fit of ONE_SHOT_MIN_CORRELATION.
 */
export function estimateKey(
  c: ArrayLike<number>,
  kind: 'oneshot' | 'loop' = 'loop',
): KeyEstimate | null {
  const entropy = chromaEntropy(c);
  if (entropy > MAX_ENTROPY_BITS) return null;
  const scores = keyScores(c);
  let best = 0;
  for (let i = 1; i < 24; i++) if (scores[i]! > scores[best]!) best = i;
  if (!(scores[best]! >= MIN_CORRELATION)) return null;
  const spreadHit = kind === 'oneshot' && entropy > ONE_SHOT_SPREAD_BITS;
  if (spreadHit && !(scores[best]! >= ONE_SHOT_MIN_CORRELATION)) return null;
  return { tonic: PITCH_CLASSES[best % 12]!, mode: best < 12 ? 'major' : 'minor' };
}
