// The timbre embedding: 127 descriptors of spectrum shape, texture, rhythm and envelope,
// standardised with fixed constants, projected onto 64 fixed directions and L2-normalised
// (docs/ANALYSIS.md "Timbre embedding").
import { EMBEDDING_MEAN, EMBEDDING_PROJECTION, EMBEDDING_SCALE } from './embedding-constants.ts';
import { melBands, melPowers } from './mel.ts';
import { acfAt, autocorrelation, type OnsetEnvelope } from './onset.ts';
import type { Spectrogram } from './spectrum.ts';
import { DETAIL_SIZE, timbreDetail } from './timbre-detail.ts';

/** Number of floats in an embedding. */
export const EMBEDDING_SIZE = 64;
/** Number of raw descriptors: 64 of the first set, then the detail set (timbre-detail.ts). */
export const DESCRIPTOR_COUNT = 64 + DETAIL_SIZE;

const MFCC_BANDS = 40;
const MFCCS = 13;
/** Octave sub-bands (Hz) of the spectral contrast. */
const CONTRAST_EDGES = [0, 200, 400, 800, 1600, 3200, 6400, 11025];

const mean = (xs: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return xs.length ? s / xs.length : 0;
};
const std = (xs: ArrayLike<number>) => {
  const m = mean(xs);
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += (xs[i]! - m) ** 2;
  return xs.length ? Math.sqrt(s / xs.length) : 0;
};
const log = (x: number) => Math.log(Math.max(x, 1e-10));

// DCT-II rows for c1..c13 over the mel bands, computed once.
const DCT = Array.from({ length: MFCCS }, (_, c) =>
  Float64Array.from(
    { length: MFCC_BANDS },
    (_, b) => Math.cos((Math.PI * (c + 1) * (b + 0.5)) / MFCC_BANDS) / MFCC_BANDS,
  ),
);

/** MFCCs c1..c13 of every frame (DCT-II of the log mel powers). */
function mfccs(s: Spectrogram): Float64Array[] {
  const powers = melPowers(s, melBands(s.size, s.rate, MFCC_BANDS, 30, 11000));
  const logs = new Float64Array(MFCC_BANDS);
  return powers.map((p) => {
    for (let b = 0; b < MFCC_BANDS; b++) logs[b] = Math.log10(p[b]! + 1e-10);
    const out = new Float64Array(MFCCS);
    for (let c = 0; c < MFCCS; c++) {
      const row = DCT[c]!;
      let sum = 0;
      for (let b = 0; b < MFCC_BANDS; b++) sum += logs[b]! * row[b]!;
      out[c] = sum;
    }
    return out;
  });
}

/** Spectral shape of one frame. */
interface Shape {
  energy: number;
  centroid: number;
  bandwidth: number;
  rolloff: number;
  flatness: number;
  /** Per octave band: log of the mean magnitude minus the mean log (0 for a flat band). */
  contrast: Float64Array;
  /** Share of the power above 4 kHz. */
  high: number;
}

/** Spectral shape per frame: centroid, bandwidth, 85 % roll-off, flatness, band contrast. */
function shapes(s: Spectrogram): Shape[] {
  const binHz = s.rate / s.size;
  const bands = CONTRAST_EDGES.length - 1;
  const bandOf = new Int8Array(s.size / 2 + 1);
  for (let k = 0; k < bandOf.length; k++) {
    let b = 0;
    while (b + 1 < bands && k * binHz >= CONTRAST_EDGES[b + 1]!) b++;
    bandOf[k] = b;
  }
  const highBin = Math.round(4000 / binHz);
  const sums = new Float64Array(bands);
  const logSums = new Float64Array(bands);
  const counts = new Float64Array(bands);
  for (let k = 1; k < bandOf.length; k++) counts[bandOf[k]!]!++;
  return s.frames.map((m) => {
    sums.fill(0);
    logSums.fill(0);
    let total = 0,
      weighted = 0,
      power = 0,
      high = 0;
    for (let k = 1; k < m.length; k++) {
      const v = m[k]!;
      total += v;
      weighted += v * k;
      const lv = Math.log(v + 1e-10);
      const b = bandOf[k]!;
      sums[b]! += v;
      logSums[b]! += lv;
      power += v * v;
      if (k >= highBin) high += v * v;
    }
    const centroidBin = total > 0 ? weighted / total : 0;
    let spread = 0,
      acc = 0,
      rolloff = 0;
    for (let k = 1; k < m.length; k++) {
      spread += m[k]! * (k - centroidBin) ** 2;
      acc += m[k]!;
      if (!rolloff && acc >= 0.85 * total) rolloff = k * binHz;
    }
    const contrast = new Float64Array(bands);
    let logTotal = 0;
    for (let b = 0; b < bands; b++) {
      contrast[b] = Math.log(sums[b]! / counts[b]! + 1e-10) - logSums[b]! / counts[b]!;
      logTotal += logSums[b]!;
    }
    const n = m.length - 1;
    return {
      energy: total,
      centroid: centroidBin * binHz,
      bandwidth: total > 0 ? Math.sqrt(spread / total) * binHz : 0,
      rolloff,
      flatness: total > 0 ? Math.exp(logTotal / n) / (total / n + 1e-10) : 1,
      contrast,
      high: power > 0 ? high / power : 0,
    };
  });
}

/** Envelope facts of the mono signal: attack and decay times, crest factor. */
function envelope(mono: Float32Array, rate: number) {
  const hop = Math.round(rate * 0.005);
  const levels: number[] = [];
  for (let i = 0; i < mono.length; i += hop) {
    let peak = 0;
    for (let j = i; j < Math.min(mono.length, i + hop); j++)
      peak = Math.max(peak, Math.abs(mono[j]!));
    levels.push(peak);
  }
  const top = Math.max(1e-9, ...levels);
  const peakAt = levels.indexOf(top);
  const attack = levels.findIndex((l) => l >= 0.5 * top);
  let decay = levels.length;
  for (let i = peakAt; i < levels.length; i++)
    if (levels[i]! < 0.1 * top) {
      decay = i;
      break;
    }
  let sum = 0;
  for (let i = 0; i < mono.length; i++) sum += mono[i]! * mono[i]!;
  const rms = Math.sqrt(sum / Math.max(1, mono.length));
  return {
    attack: (attack * hop) / rate,
    decay: ((decay - peakAt) * hop) / rate,
    crest: 20 * Math.log10(top / Math.max(rms, 1e-9)),
  };
}

/**
 * Raw (unstandardised) descriptors, in the order of EMBEDDING_MEAN: 0–12 MFCC c1–c13 means (40 mel
 * bands 30 Hz–11 kHz), 13–25 their standard deviations, 26–38 their mean frame-to-frame change;
 * 39–45 spectral contrast in 7 octave bands; 46–51 log centroid (mean, sd), log bandwidth, log 85 %
 * roll-off, log flatness, zero-crossing rate; 52–55 onset envelope: log mean, coefficient of
 * variation, strong onsets per second, pulse clarity (best autocorrelation at 0.2–2 s); 56–59 log
 * duration, log attack (to half the peak), log decay (peak to −20 dB), crest factor (dB); 60–63 level
 * spread (sd of frame dB), share of frames under the mean level, stereo width, share of power above
 * 4 kHz; 64–126 the detail set (`timbreDetail`).
 */
export function rawDescriptors(
  mono: Float32Array,
  rate: number,
  s: Spectrogram,
  onsets: OnsetEnvelope,
  width: number,
  chroma: ArrayLike<number>,
): Float64Array {
  const cs = mfccs(s);
  const loud = shapes(s);
  const weightsTotal = loud.reduce((a, r) => a + r.energy, 0) || 1;
  // Frames weigh by their energy, so the silence after a hit does not set its timbre.
  const w = loud.map((r) => r.energy / weightsTotal);
  const wMean = (f: (i: number) => number) => w.reduce((a, wi, i) => a + wi * f(i), 0);
  const wStd = (f: (i: number) => number) => {
    const m = wMean(f);
    return Math.sqrt(wMean((i) => (f(i) - m) ** 2));
  };
  const out: number[] = [];
  for (let c = 0; c < MFCCS; c++) out.push(wMean((i) => cs[i]![c]!));
  for (let c = 0; c < MFCCS; c++) out.push(wStd((i) => cs[i]![c]!));
  for (let c = 0; c < MFCCS; c++)
    out.push(wMean((i) => Math.abs(cs[i]![c]! - (cs[i - 1] ?? cs[i]!)[c]!)));
  for (let b = 0; b < CONTRAST_EDGES.length - 1; b++) out.push(wMean((i) => loud[i]!.contrast[b]!));
  out.push(
    wMean((i) => log(loud[i]!.centroid + 1)),
    wStd((i) => log(loud[i]!.centroid + 1)),
  );
  out.push(
    wMean((i) => log(loud[i]!.bandwidth + 1)),
    wMean((i) => log(loud[i]!.rolloff + 1)),
  );
  out.push(wMean((i) => log(loud[i]!.flatness)));
  let crossings = 0;
  for (let i = 1; i < mono.length; i++) if (mono[i - 1]! < 0 !== mono[i]! < 0) crossings++;
  out.push(crossings / Math.max(1, mono.length));
  const o = onsets.values;
  const oMean = mean(o);
  out.push(log(oMean + 1e-3), std(o) / (oMean || 1));
  let peaks = 0;
  for (let i = 1; i + 1 < o.length; i++)
    if (o[i]! > o[i - 1]! && o[i]! >= o[i + 1]! && o[i]! > 2 * oMean) peaks++;
  const seconds = mono.length / rate;
  out.push(peaks / Math.max(seconds, 0.1));
  const maxLag = Math.min(o.length - 1, Math.round(onsets.rate * 2));
  const acf = maxLag > 4 ? autocorrelation(o, maxLag, false) : new Float64Array(1);
  let clarity = 0;
  for (let lag = Math.round(onsets.rate * 0.2); lag <= maxLag; lag++)
    clarity = Math.max(clarity, acfAt(acf, lag));
  out.push(clarity);
  const env = envelope(mono, rate);
  out.push(log(seconds), log(env.attack + 0.005), log(env.decay + 0.005), env.crest);
  const dbs = loud.map((r) => 20 * Math.log10(r.energy + 1e-9));
  const loudest = Math.max(...dbs);
  const active = dbs.filter((d) => d > loudest - 60);
  out.push(std(active), active.filter((d) => d < mean(active)).length / Math.max(1, active.length));
  out.push(width);
  out.push(wMean((i) => loud[i]!.high));
  out.push(...timbreDetail(s, chroma, seconds));
  return Float64Array.from(out);
}

/**
 * The embedding of raw descriptors: each standardised with the fixed constants and clipped to
 * ±6, the vector projected onto EMBEDDING_SIZE fixed directions (fitted so sounds of one kind
 * lie close and kinds lie apart), then L2-normalised (cosine = dot product).
 */
export function embed(raw: Float64Array): Float32Array {
  if (raw.length !== DESCRIPTOR_COUNT)
    throw new Error(`expected ${DESCRIPTOR_COUNT} descriptors, got ${raw.length}`);
  const z = new Float64Array(DESCRIPTOR_COUNT);
  for (let i = 0; i < DESCRIPTOR_COUNT; i++) {
    const v = (raw[i]! - EMBEDDING_MEAN[i]!) / EMBEDDING_SCALE[i]!;
    z[i] = Number.isFinite(v) ? Math.max(-6, Math.min(6, v)) : 0;
  }
  const out = new Float32Array(EMBEDDING_SIZE);
  let norm = 0;
  for (let d = 0; d < EMBEDDING_SIZE; d++) {
    let sum = 0;
    for (let i = 0; i < DESCRIPTOR_COUNT; i++)
      sum += z[i]! * EMBEDDING_PROJECTION[i * EMBEDDING_SIZE + d]!;
    out[d] = sum;
    norm += sum * sum;
  }
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < EMBEDDING_SIZE; d++) out[d]! /= norm;
  return out;
}
