// The onset-strength envelope: how much the log mel spectrum rises from one frame to the next.
import { melPowers, melBands } from './mel.ts';
import type { Spectrogram } from './spectrum.ts';

/** Onset strength per frame and the frame rate (frames per second). */
export interface OnsetEnvelope {
  values: Float32Array;
  rate: number;
  /** Seconds from a frame's start to the onset its peak marks. */
  delay: number;
}

/** The dynamic range kept below the loudest band (dB): quieter detail is noise. */
const RANGE_DB = 80;

/**
 * Spectral flux of the log mel spectrum (40 bands to 8 kHz), half-wave rectified and averaged
 * over bands. The first frame is compared with the last: a loop's start follows its end, and
 * a one-shot's last frame is (near) silence, so its attack still counts.
 */
export function onsetEnvelope(s: Spectrogram): OnsetEnvelope {
  const powers = melPowers(s, melBands(s.size, s.rate, 40, 30, 8000));
  let top = 1e-12;
  for (const frame of powers) for (const p of frame) top = Math.max(top, p);
  const floor = 10 * Math.log10(top) - RANGE_DB;
  const logs = powers.map((frame) => frame.map((p) => Math.max(floor, 10 * Math.log10(p + 1e-12))));
  const values = new Float32Array(logs.length);
  for (let t = 0; t < logs.length; t++) {
    const prev = logs[(t + logs.length - 1) % logs.length]!;
    const cur = logs[t]!;
    let sum = 0;
    for (let b = 0; b < cur.length; b++) sum += Math.max(0, cur[b]! - prev[b]!);
    values[t] = sum / cur.length;
  }
  return { values, rate: s.rate / s.hop, delay: ONSET_DELAY_S };
}

/**
 * Seconds from the start of a frame to the onset its flux peak marks: about half the 46 ms
 * window (measured on the demo drum loops, whose hits sit exactly on their grid: 20 ms).
 */
const ONSET_DELAY_S = 0.02;

/** A local maximum of the envelope: when (s) and how strong. */
export interface OnsetPeak {
  time: number;
  strength: number;
}

/** Local maxima of the envelope at or above `relative` × the strongest, circularly. */
export function onsetPeaks(env: OnsetEnvelope, relative: number): OnsetPeak[] {
  const v = env.values;
  const n = v.length;
  const all: OnsetPeak[] = [];
  for (let i = 0; i < n; i++) {
    const x = v[i]!;
    if (x > 0 && x > v[(i + n - 1) % n]! && x >= v[(i + 1) % n]!)
      all.push({ time: i / env.rate + env.delay, strength: x });
  }
  const top = Math.max(0, ...all.map((p) => p.strength));
  return all.filter((p) => p.strength >= relative * top);
}

/** Autocorrelation of the mean-removed envelope for lags 0..maxLag (circular for a loop). */
export function autocorrelation(
  values: Float32Array,
  maxLag: number,
  circular: boolean,
): Float64Array {
  const n = values.length;
  let mean = 0;
  for (const v of values) mean += v;
  mean /= Math.max(1, n);
  const x = Float64Array.from(values, (v) => v - mean);
  const acf = new Float64Array(maxLag + 1);
  for (let lag = 0; lag <= maxLag; lag++) {
    let sum = 0;
    if (circular) for (let i = 0; i < n; i++) sum += x[i]! * x[(i + lag) % n]!;
    else for (let i = 0; i + lag < n; i++) sum += x[i]! * x[i + lag]!;
    acf[lag] = circular ? sum / n : sum / Math.max(1, n - lag);
  }
  const zero = acf[0]! || 1;
  for (let lag = 0; lag <= maxLag; lag++) acf[lag]! /= zero;
  return acf;
}

/** The autocorrelation at a fractional lag, linearly interpolated. */
export function acfAt(acf: Float64Array, lag: number): number {
  const i = Math.floor(lag);
  if (i + 1 >= acf.length) return 0;
  return acf[i]! + (acf[i + 1]! - acf[i]!) * (lag - i);
}
