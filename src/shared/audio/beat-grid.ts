import { PROJECT_TEMPO } from './sync-params.ts';

/**
 * My beat's bar grid and the quantised, phase-locked start of an audition over it
 * (docs/AUDIO.md, "My beat"). Pure: context times and tempi in, times and rates out.
 */

/** Beats in a bar: the producer's bounce is taken to be in 4/4. */
export const BEATS_PER_BAR = 4;
/** The bounce lengths a beat may have (whole bars). */
export const BEAT_BARS = { min: 2, max: 16 } as const;

/** Where an audition starts over a playing beat: its next bar line, next beat, or at once. */
export type Quantise = 'bar' | 'beat' | 'off';
/** Every quantise setting, in the order the player offers them. */
export const QUANTISE_SETTINGS: readonly Quantise[] = ['bar', 'beat', 'off'];

/** A beat's grid: a whole number of 4/4 bars filling the bounce exactly, so its loop is on the bar. */
export interface BeatGrid {
  /** The tempo the bars give (BPM): bars × 240 ÷ duration. */
  bpm: number;
  bars: number;
  /** One bar (s). */
  barSeconds: number;
}

/** Thrown for a bounce that no whole number of bars (BEAT_BARS) at a usable tempo fills. */
export class BeatGridError extends Error {
  override name = 'BeatGridError';
}

/**
 * The grid of a bounce of `duration` seconds that starts on a downbeat: `bars` when the user
 * says so, else the whole number of bars nearest the analysed tempo (doubled or halved when that
 * leaves BEAT_BARS). The tempo is then the one the length gives, so the loop's seam is a bar line
 * and an analysis off by a fraction of a BPM costs no drift.
 */
export function beatGrid(duration: number, analysedBpm: number | null, bars?: number): BeatGrid {
  if (!(duration > 0) || !Number.isFinite(duration))
    throw new BeatGridError(`a beat of ${duration} s has no bars`);
  const count = bars ?? guessBars(duration, analysedBpm);
  if (!Number.isInteger(count) || count < BEAT_BARS.min || count > BEAT_BARS.max)
    throw new BeatGridError(
      `a beat must be ${BEAT_BARS.min}–${BEAT_BARS.max} whole bars (this one: ${count})`,
    );
  const bpm = (count * 240) / duration;
  if (bpm < PROJECT_TEMPO.min || bpm > PROJECT_TEMPO.max)
    throw new BeatGridError(
      `${count} bars in ${duration.toFixed(2)} s is ${bpm.toFixed(1)} BPM, outside ${PROJECT_TEMPO.min}–${PROJECT_TEMPO.max}`,
    );
  return { bpm, bars: count, barSeconds: duration / count };
}

/** Bars nearest `bpm` (120 when unknown), moved by octaves of tempo into BEAT_BARS. */
function guessBars(duration: number, bpm: number | null): number {
  const tempo = bpm && bpm > 0 ? bpm : 120;
  let bars = (duration * tempo) / 240;
  while (Math.round(bars) < BEAT_BARS.min && bars > 0) bars *= 2;
  while (Math.round(bars) > BEAT_BARS.max) bars /= 2;
  return Math.round(bars);
}

/** What `nextGridTime` needs: the beat loop's start on the context clock and its grid. */
export interface GridClock {
  /** Context time of the beat's first downbeat (its loop's start). */
  origin: number;
  /** The beat's tempo (BPM). */
  bpm: number;
}

/**
 * The context time an audition clicked at `now` starts: the first bar line (or beat) of the
 * grid at least `minLead` seconds ahead, which the engine needs to have the voice ready on it;
 * `now` itself with quantise off. Bar lines lie at origin + k × 4 beats for every whole k (the
 * loop is whole bars, so they run on across its seams).
 */
export function nextGridTime(
  now: number,
  clock: GridClock,
  quantise: Quantise,
  minLead = 0,
): number {
  if (quantise === 'off') return now;
  const step = ((quantise === 'bar' ? BEATS_PER_BAR : 1) * 60) / clock.bpm;
  // A line within a nanosecond of the earliest time counts as on it (floating-point error).
  const k = Math.ceil((now + minLead - clock.origin) / step - 1e-9);
  return clock.origin + Math.max(0, k) * step;
}

/**
 * The stretch that locks a loop to the beat: the loop of `duration` s (stretched by `heardRate`
 * to about the beat's tempo, sync-params' ½×/1×/2× choice) is taken to hold a whole number of
 * beats, and is stretched so those beats last exactly as long as the beat's. Its every pass then
 * ends on the beat's grid and it never drifts. A loop whose length is not near whole beats
 * (a stored tempo off by more than 2 %) keeps `heardRate`.
 */
export function lockedRate(duration: number, heardRate: number, beatBpm: number): number {
  const beats = Math.round((duration / heardRate) * (beatBpm / 60));
  if (beats < 1) return heardRate;
  const rate = (duration * beatBpm) / (60 * beats);
  return Math.abs(rate / heardRate - 1) <= 0.02 ? rate : heardRate;
}

/**
 * How far (s) a loop of `duration` s played at `rate` has moved off the beat's grid after
 * `bars` bars of the beat, a downbeat of both having started together: the timing of its
 * downbeat then, less the beat's bar line. Positive: the loop is late.
 */
export function driftAfterBars(
  duration: number,
  rate: number,
  beatBpm: number,
  bars: number,
): number {
  const barSeconds = (BEATS_PER_BAR * 60) / beatBpm;
  // The loop's own beats, as lockedRate counts them, and the time they take once stretched.
  const beats = Math.max(1, Math.round((duration / rate) * (beatBpm / 60)));
  const loopBeatSeconds = duration / rate / beats;
  return bars * BEATS_PER_BAR * loopBeatSeconds - bars * barSeconds;
}
