import { BEAT_BARS } from '../../../shared/audio/beat-grid.ts';
import { energyRise } from '../../../shared/audio/energy-rise.ts';

/**
 * A microphone take made into a bounce (docs/AUDIO.md, "My beat"): it starts at its first
 * downbeat and holds the whole bars that fit at the analysed tempo, so the beat path's grid
 * (which wants a bounce of whole bars from a downbeat) gives back that tempo and its bar lines
 * fall on the take's own. Pure: planes in, planes out.
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

/** A later beat is the downbeat only when it is this much louder than the first (1 dB). */
const DOWNBEAT_LOUDER = 1.26;

/**
 * Where the take's first downbeat starts (5 ms of lead, as firstSound): of the beats at `bpm`
 * (the phase whose hits rise the most, each beat's rise peak within 2 ms), the first of the bar's
 * four that is the loudest on average over the take (a recording starts anywhere in a bar, often
 * inside a kick's tail or on its second beat). Bars are counted from there.
 */
export function firstDownbeat(planes: Float32Array[], rate: number, bpm: number): number {
  const first = firstSound(planes, rate);
  const mono = new Float32Array(planes[0]!.length);
  for (const p of planes) for (let i = 0; i < mono.length; i++) mono[i]! += p[i]! / planes.length;
  const { level, rise, rate: frameRate } = energyRise(mono, rate);
  const period = (frameRate * 60) / bpm;
  const beatsFrom = (phase: number, step: number, value: (frame: number) => number) => {
    const values: number[] = [];
    for (let at = phase; at < rise.length; at += step) values.push(value(Math.round(at)));
    return values;
  };
  const peakNear = (frame: number, span: number, of: ArrayLike<number>) => {
    let top = 0;
    for (let f = Math.max(0, frame - span); f <= frame + span && f < of.length; f++)
      top = Math.max(top, of[f]!);
    return top;
  };
  let phase = 0;
  let best = -1;
  for (let p = 0; p < period; p++) {
    const sum = beatsFrom(p, period, (f) => peakNear(f, 2, rise)).reduce((a, b) => a + b, 0);
    if (sum > best) [best, phase] = [sum, p];
  }
  // Each of the bar's four beats: its mean level just after the attack (the next 20 ms).
  const loudness = [0, 1, 2, 3].map((j) => {
    const levels = beatsFrom(phase + j * period, 4 * period, (f) => peakNear(f + 10, 10, level));
    return levels.length ? levels.reduce((a, b) => a + b, 0) / levels.length : 0;
  });
  let down = 0;
  for (let j = 1; j < 4; j++) if (loudness[j]! > DOWNBEAT_LOUDER * loudness[down]!) down = j;
  // The attack itself: the first sound in the 30 ms before the rise's peak and 5 ms after.
  const peak = Math.round(((phase + down * period) * rate) / frameRate);
  const from = Math.max(0, peak - Math.round(0.03 * rate));
  const to = Math.min(mono.length, peak + Math.round(0.005 * rate));
  let start: number;
  try {
    start = from + firstSound([mono.subarray(from, to)], rate);
  } catch {
    return first;
  }
  return Math.max(first, start);
}

/**
 * The take from its first downbeat, cut to the most whole 4/4 bars at `bpm` that fit, a power of
 * two within BEAT_BARS; throws TakeError when not even the fewest bars fit.
 */
export function cutToBars(planes: Float32Array[], rate: number, bpm: number): Float32Array[] {
  if (!(bpm > 0)) throw new TakeError('no tempo was found in the take');
  const frames = planes[0]!.length;
  const downbeat = firstDownbeat(planes, rate, bpm);
  // A take too short to keep the fewest bars from its downbeat keeps them from its first sound.
  const start =
    (frames - downbeat) / rate >= (BEAT_BARS.min * 240) / bpm - 1e-6
      ? downbeat
      : firstSound(planes, rate);
  const seconds = (frames - start) / rate;
  // A tempo found an octave low (60 for 120) gives half the bars: cut on its half-bars then,
  // whose count the grid doubles back.
  let bar = 240 / bpm;
  if (Math.floor(seconds / bar + 1e-6) < BEAT_BARS.min) bar /= 2;
  // A power of two: the analysis reads a bounce's tempo from its length as 1, 2, 4, 8 or 16
  // bars (docs/ANALYSIS.md "Tempo"), so 3 bars at 120 would read as 2 at 80.
  const fit = Math.min(BEAT_BARS.max, Math.floor(seconds / bar + 1e-6));
  const bars = fit < 1 ? 0 : 2 ** Math.floor(Math.log2(fit));
  if (bars < BEAT_BARS.min)
    throw new TakeError(
      `${seconds.toFixed(1)} s at ${bpm.toFixed(1)} BPM is less than ${BEAT_BARS.min} bars`,
    );
  const kept = Math.round(bars * bar * rate);
  return planes.map((p) => p.slice(start, start + kept));
}
