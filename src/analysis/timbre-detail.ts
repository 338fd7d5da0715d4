// The embedding's second set of descriptors (docs/ANALYSIS.md "Timbre embedding"): the mel
// spectrum's shape over the whole sound, at its attack and in its tail, the decay at three
// depths, where the energy sits in time and frequency, noisiness and tonality.
import { chromaEntropy } from './key.ts';
import { melBands, melPowers } from './mel.ts';
import type { Spectrogram } from './spectrum.ts';

/** Number of descriptors `timbreDetail` returns. */
export const DETAIL_SIZE = 63;

const BANDS = 24;
const log = (x: number) => Math.log(Math.max(x, 1e-10));

/** Log share of each mel band in the summed power of frames `from` to `to` (exclusive). */
function bandShares(powers: Float32Array[], from: number, to: number): number[] {
  const acc = new Float64Array(BANDS);
  for (let t = Math.max(0, from); t < Math.min(powers.length, to); t++)
    for (let b = 0; b < BANDS; b++) acc[b]! += powers[t]![b]!;
  let total = 0;
  for (let b = 0; b < BANDS; b++) total += acc[b]!;
  return Array.from(acc, (x) => log(x / (total || 1)));
}

/** Pairs of neighbouring bands averaged: 24 shares become 12. */
const paired = (xs: number[]) =>
  Array.from({ length: xs.length / 2 }, (_, i) => (xs[2 * i]! + xs[2 * i + 1]!) / 2);

/**
 * The detail descriptors of one sound: `s` its spectrogram, `chroma` its 12 pitch-class
 * magnitudes, `seconds` its duration. Frames weigh by their energy, as in the first set. In order
 * (raw 64–126 of the embedding): the log share of each of 24 mel bands (30 Hz–11 kHz) in the mean
 * power; the same at the attack (the loudest frame, one before, three after) and in the tail (90–460
 * ms after it), neighbouring bands paired; log time until the level first falls 10, 30 and 50 dB
 * under the loudest frame, log temporal centroid, the same as a share of the duration, log time of
 * the loudest frame; log share of the power under 100 Hz, at 100–300 Hz, at 300 Hz–2 kHz; sd of the
 * log flatness, log centroid of the loudest frame, peakiness (log of the strongest bin over the mean
 * bin), log flux per unit of level; entropy of the 12 pitch classes, share of the strongest.
 */
export function timbreDetail(s: Spectrogram, chroma: ArrayLike<number>, seconds: number): number[] {
  const powers = melPowers(s, melBands(s.size, s.rate, BANDS, 30, 11000));
  const energy = s.frames.map((f) => {
    let e = 0;
    for (let k = 1; k < f.length; k++) e += f[k]! * f[k]!;
    return e;
  });
  const total = energy.reduce((a, e) => a + e, 0) || 1;
  const w = energy.map((e) => e / total);
  const peak = energy.indexOf(Math.max(...energy));
  const hop = s.hop / s.rate;
  const out: number[] = [];

  // Shape of the mel spectrum: energy-weighted mean power per band, as a log share.
  const mean = new Float64Array(BANDS);
  powers.forEach((p, t) => {
    for (let b = 0; b < BANDS; b++) mean[b]! += w[t]! * p[b]!;
  });
  const meanTotal = mean.reduce((a, x) => a + x, 0) || 1;
  for (let b = 0; b < BANDS; b++) out.push(log(mean[b]! / meanTotal));
  // The attack (the loudest frame, one before, three after) and the tail (90–460 ms after it)
  // apart: a kick's click and its boom, a snare's crack and its rattle.
  out.push(...paired(bandShares(powers, peak - 1, peak + 4)));
  out.push(...paired(bandShares(powers, peak + 8, peak + 40)));

  // Decay: time from the loudest frame until the level first falls 10, 30 and 50 dB under it.
  const db = energy.map((e) => 10 * Math.log10(e + 1e-12));
  const decay = (depth: number) => {
    for (let t = peak; t < db.length; t++) if (db[t]! < db[peak]! - depth) return (t - peak) * hop;
    return (db.length - peak) * hop;
  };
  out.push(log(decay(10) + 0.01), log(decay(30) + 0.01), log(decay(50) + 0.01));
  let centre = 0;
  energy.forEach((e, t) => (centre += (e / total) * t * hop));
  out.push(log(centre + 0.01), centre / Math.max(seconds, 1e-3), log(peak * hop + 0.005));

  // Where the power lies: under 100 Hz, 100–300 Hz, 300 Hz–2 kHz (log shares).
  const binHz = s.rate / s.size;
  let sub = 0,
    low = 0,
    mid = 0,
    power = 0;
  s.frames.forEach((f, t) => {
    for (let k = 1; k < f.length; k++) {
      const p = f[k]! * f[k]! * w[t]!;
      const hz = k * binHz;
      power += p;
      if (hz < 100) sub += p;
      else if (hz < 300) low += p;
      else if (hz < 2000) mid += p;
    }
  });
  power ||= 1;
  out.push(log(sub / power), log(low / power), log(mid / power));

  // Noisiness over time (sd of the log flatness), brightness of the attack, peakiness of the
  // spectrum (tones have one strong bin), spectral flux per unit of level.
  let flatMean = 0,
    flatSquares = 0,
    peakiness = 0,
    flux = 0;
  s.frames.forEach((f, t) => {
    let logs = 0,
      sum = 0,
      top = 0;
    for (let k = 1; k < f.length; k++) {
      logs += log(f[k]!);
      sum += f[k]!;
      top = Math.max(top, f[k]!);
    }
    const n = f.length - 1;
    const flatness = logs / n - log(sum / n);
    flatMean += w[t]! * flatness;
    flatSquares += w[t]! * flatness * flatness;
    if (sum) peakiness += w[t]! * log(top / (sum / n));
    if (t > 0) {
      const before = s.frames[t - 1]!;
      let rise = 0;
      for (let k = 1; k < f.length; k++) rise += Math.max(0, f[k]! - before[k]!);
      flux += (w[t]! * rise) / (Math.sqrt(energy[t]!) + 1e-9);
    }
  });
  const attack = s.frames[peak]!;
  let weighted = 0,
    sum = 0;
  for (let k = 1; k < attack.length; k++) {
    weighted += attack[k]! * k;
    sum += attack[k]!;
  }
  out.push(Math.sqrt(Math.max(0, flatSquares - flatMean * flatMean)));
  out.push(log((sum ? weighted / sum : 0) * binHz + 1), peakiness, log(flux + 1e-6));

  // Tonality: how concentrated the pitch classes are.
  let chromaSum = 0,
    chromaTop = 0;
  for (let i = 0; i < 12; i++) {
    chromaSum += chroma[i]!;
    chromaTop = Math.max(chromaTop, chroma[i]!);
  }
  out.push(chromaEntropy(chroma), chromaTop / (chromaSum || 1));
  return out;
}
