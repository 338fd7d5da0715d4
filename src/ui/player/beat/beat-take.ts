import { BEAT_BARS } from '../../../shared/audio/beat-grid.ts';

/**
 * A microphone take made into a bounce (docs/AUDIO.md, "My beat"): it starts at its first sound
 * and holds the whole bars that fit at the analysed tempo, so the beat path's grid (which wants
 * a bounce of whole bars from a downbeat) gives back that tempo. Pure: planes in, planes out.
 */

/** The longest take (s): 16 bars at 60 BPM. */
export const MAX_TAKE_SECONDS = 64;

/** Why a take is no beat. */
export class TakeError extends Error {
  override name = 'TakeError';
}

/** Where the take starts sounding: the first frame above a tenth of its peak, less 5 ms of lead. */
export function firstSound(planes: Float32Array[], rate: number): number {
  const frames = planes[0]?.length ?? 0;
  let peak = 0;
  for (const p of planes) for (let i = 0; i < frames; i++) peak = Math.max(peak, Math.abs(p[i]!));
  if (peak < 1e-3) throw new TakeError('the take is silent');
  const gate = peak / 10;
  for (let i = 0; i < frames; i++)
    for (const p of planes)
      if (Math.abs(p[i]!) > gate) return Math.max(0, i - Math.round(0.005 * rate));
  return 0;
}

/**
 * The take from its first sound, cut to the most whole 4/4 bars at `bpm` that fit (within
 * BEAT_BARS); throws TakeError when not even the fewest bars fit.
 */
export function cutToBars(planes: Float32Array[], rate: number, bpm: number): Float32Array[] {
  if (!(bpm > 0)) throw new TakeError('no tempo was found in the take');
  const start = firstSound(planes, rate);
  const seconds = (planes[0]!.length - start) / rate;
  // A tempo found an octave low (60 for 120) gives half the bars: cut on its half-bars then,
  // whose count the grid doubles back.
  let bar = 240 / bpm;
  if (Math.floor(seconds / bar + 1e-6) < BEAT_BARS.min) bar /= 2;
  const bars = Math.min(BEAT_BARS.max, Math.floor(seconds / bar + 1e-6));
  if (bars < BEAT_BARS.min)
    throw new TakeError(
      `${seconds.toFixed(1)} s at ${bpm.toFixed(1)} BPM is less than ${BEAT_BARS.min} bars`,
    );
  const frames = Math.round(bars * bar * rate);
  return planes.map((p) => p.slice(start, start + frames));
}
