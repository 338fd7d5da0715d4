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
/**
 * At or below this |value| (one 16-bit step, −90 dBFS: what a 16-bit file stores as 0 or ±1) a
 * sample is silence. Not −60 dBFS: a riser that swells from nothing spends its first ~80 ms
 * under it (21 ms under −80), and that is its sound, not silence before it.
 */
export const SILENCE_LEVEL = 2 ** -15;
/** A one-shot may start this late (ms) before its start counts as leading silence. */
export const SILENCE_LIMIT_MS = 20;
/** A seam step this many times the largest step within 1 ms on either side of it is a click… */
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

/** The largest |x[i] − x[i−1]| within `width` samples after the start and before the end. */
function stepsNearSeam(c: Float32Array, width: number): number {
  let largest = 0;
  const n = c.length;
  for (let i = 1; i <= Math.min(width, n - 1); i++)
    largest = Math.max(largest, Math.abs(c[i]! - c[i - 1]!), Math.abs(c[n - i]! - c[n - i - 1]!));
  return largest;
}

/**
 * LOOP_CLICK: a loop whose last sample does not flow into its first: the seam's step
 * |x[0] − x[N−1]| is at least SEAM_FLOOR and SEAM_FACTOR × the largest step the sound makes
 * within 1 ms either side of the seam (a loop that starts on a drum's attack steps as steeply).
 */
export function checkLoopClick(
  channels: Float32Array[],
  sampleRate: number,
  kind: SampleKind,
): Finding[] {
  if (kind !== 'loop') return [];
  const width = Math.max(1, Math.round(sampleRate / 1000));
  let worst: { seam: number; local: number } | null = null;
  for (const c of channels) {
    if (c.length < 2) continue;
    const seam = Math.abs(c[0]! - c[c.length - 1]!);
    const local = stepsNearSeam(c, width);
    if (seam >= SEAM_FLOOR && seam >= SEAM_FACTOR * local && (!worst || seam > worst.seam))
      worst = { seam, local };
  }
  return worst
    ? [
        {
          code: 'LOOP_CLICK',
          detail: { seamStep: round(worst.seam), localStep: round(worst.local) },
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
    ...checkLoopClick(channels, sampleRate, kind),
  ];
}

/** The sha-256 of decoded PCM (rate, channel count, Float32 samples): the same audio in any container. */
export function pcmHash(channels: Float32Array[], sampleRate: number): string {
  const hash = createHash('sha256').update(`${sampleRate}:${channels.length}:`);
  for (const c of channels) hash.update(new Uint8Array(c.buffer, c.byteOffset, c.byteLength));
  return hash.digest('hex');
}
