// Checks over one file's decoded PCM (docs/LIBRARY.md "Review findings"): full-scale runs, a DC
// offset, leading silence of a one-shot, a loop's seam. Pure functions, run on the analysis
// worker beside the decode the importer already does.
import { createHash } from 'node:crypto';
import type { SampleKind } from '../../../src/shared/api/catalogue.types.ts';
import type { Finding } from './findings.ts';

/** A sample at or above this |value| is at full scale (a 16-bit file's top codes). */
export const FULL_SCALE = 0.999;
/** This many full-scale samples in a row are a clipped run, not a peak that touched the top. */
export const CLIP_RUN = 3;
/** A channel whose mean is this far from zero (−34 dBFS) carries a DC offset. */
export const DC_LIMIT = 0.02;
/** Below this |value| (−60 dBFS) a sample is silence. */
export const SILENCE_LEVEL = 0.001;
/** A one-shot may start this late (ms) before its start counts as leading silence. */
export const SILENCE_LIMIT_MS = 20;
/** A seam step this many times the file's 99th-percentile step is a click… */
export const SEAM_FACTOR = 4;
/** …and at least this large (a quiet loop's tiny steps do not make every seam a click). */
export const SEAM_FLOOR = 0.05;

const round = (x: number, places = 4) => Math.round(x * 10 ** places) / 10 ** places;

/** CLIPPING: runs of CLIP_RUN or more samples at |x| ≥ FULL_SCALE in any channel. */
export function checkClipping(channels: Float32Array[], sampleRate: number): Finding[] {
  let runs = 0;
  let longest = 0;
  let first = -1;
  for (const c of channels) {
    let run = 0;
    for (let i = 0; i <= c.length; i++) {
      if (i < c.length && Math.abs(c[i]!) >= FULL_SCALE) {
        run++;
        continue;
      }
      if (run >= CLIP_RUN) {
        runs++;
        longest = Math.max(longest, run);
        if (first < 0 || i - run < first) first = i - run;
      }
      run = 0;
    }
  }
  if (runs === 0) return [];
  return [
    { code: 'CLIPPING', detail: { runs, longestRun: longest, firstAt: round(first / sampleRate) } },
  ];
}

/** DC_OFFSET: a channel's mean at DC_LIMIT or beyond; `offset` is the largest mean. */
export function checkDcOffset(channels: Float32Array[]): Finding[] {
  let offset = 0;
  for (const c of channels) {
    let sum = 0;
    for (let i = 0; i < c.length; i++) sum += c[i]!;
    const mean = c.length > 0 ? sum / c.length : 0;
    if (Math.abs(mean) > Math.abs(offset)) offset = mean;
  }
  return Math.abs(offset) >= DC_LIMIT
    ? [{ code: 'DC_OFFSET', detail: { offset: round(offset) } }]
    : [];
}

/** The first frame where any channel leaves silence (the length when none does). */
export function firstSound(channels: Float32Array[]): number {
  const frames = channels[0]?.length ?? 0;
  for (let i = 0; i < frames; i++)
    for (const c of channels) if (Math.abs(c[i]!) > SILENCE_LEVEL) return i;
  return frames;
}

/** LEADING_SILENCE: a one-shot whose first sound comes after SILENCE_LIMIT_MS. */
export function checkLeadingSilence(
  channels: Float32Array[],
  sampleRate: number,
  kind: SampleKind,
): Finding[] {
  if (kind !== 'oneshot') return [];
  const ms = (firstSound(channels) * 1000) / sampleRate;
  return ms > SILENCE_LIMIT_MS
    ? [{ code: 'LEADING_SILENCE', detail: { silenceMs: Math.round(ms) } }]
    : [];
}

/** The 99th percentile of |x[i] − x[i−1]| over one channel. */
function typicalStep(c: Float32Array): number {
  const steps = new Float32Array(Math.max(0, c.length - 1));
  for (let i = 1; i < c.length; i++) steps[i - 1] = Math.abs(c[i]! - c[i - 1]!);
  steps.sort();
  return steps.length > 0 ? steps[Math.floor(0.99 * (steps.length - 1))]! : 0;
}

/**
 * LOOP_CLICK: a loop whose last sample does not flow into its first: the seam's step
 * |x[0] − x[N−1]| is at least SEAM_FACTOR × the file's 99th-percentile step and SEAM_FLOOR.
 */
export function checkLoopClick(channels: Float32Array[], kind: SampleKind): Finding[] {
  if (kind !== 'loop') return [];
  let worst: { seam: number; typical: number } | null = null;
  for (const c of channels) {
    if (c.length < 2) continue;
    const seam = Math.abs(c[0]! - c[c.length - 1]!);
    const typical = typicalStep(c);
    if (seam >= SEAM_FLOOR && seam >= SEAM_FACTOR * typical && (!worst || seam > worst.seam))
      worst = { seam, typical };
  }
  return worst
    ? [
        {
          code: 'LOOP_CLICK',
          detail: { seamStep: round(worst.seam), typicalStep: round(worst.typical) },
        },
      ]
    : [];
}

/** Every check of one decoded file (its kind from the analysis). */
export function checkSignal(
  channels: Float32Array[],
  sampleRate: number,
  kind: SampleKind,
): Finding[] {
  return [
    ...checkClipping(channels, sampleRate),
    ...checkDcOffset(channels),
    ...checkLeadingSilence(channels, sampleRate, kind),
    ...checkLoopClick(channels, kind),
  ];
}

/** The sha-256 of decoded PCM (rate, channel count, Float32 samples): the same audio in any container. */
export function pcmHash(channels: Float32Array[], sampleRate: number): string {
  const hash = createHash('sha256').update(`${sampleRate}:${channels.length}:`);
  for (const c of channels) hash.update(new Uint8Array(c.buffer, c.byteOffset, c.byteLength));
  return hash.digest('hex');
}
