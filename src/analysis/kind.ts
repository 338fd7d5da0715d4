// One-shot or loop (docs/ANALYSIS.md "One-shot or loop").
import { onsetPeaks, type OnsetEnvelope } from './onset.ts';

/** Shortest loop (s): one bar at 160 BPM; the library's loops last 2–8 s. */
const MIN_LOOP_SECONDS = 1.5;
/** The end's last 2 ms against the 30 ms before: a one-shot's fade-out drops more than this (dB). */
const FADE_DB = -12;
/** Onset peaks at least this share of the strongest count as events. */
const EVENT_RELATIVE = 0.15;
/** Events (after the first 50 ms) a loop needs, and the share of their strength on its grid. */
const MIN_EVENTS = 3;
const MIN_ON_GRID = 0.8;
/** Tempos a loop may have (BPM) and the bar counts it may last. */
const MIN_BPM = 60;
const MAX_BPM = 200;
const BAR_COUNTS = [1, 2, 4, 8];
/** Seconds at a loop's end where an event is the seam, not a beat (two onset hops and a frame). */
const BEAT_END_GUARD = 0.08;

const rms = (x: Float32Array, from: number, to: number) => {
  let sum = 0;
  for (let i = Math.max(0, from); i < to; i++) sum += x[i]! * x[i]!;
  return Math.sqrt(sum / Math.max(1, to - from));
};

/** dB of the last 2 ms against the 30 ms before them: near 0 when the sound runs on. */
export function endDrop(mono: Float32Array, rate: number): number {
  const ms = (x: number) => Math.round((x * rate) / 1000);
  const n = mono.length;
  const last = rms(mono, n - ms(2), n);
  const before = rms(mono, n - ms(32), n - ms(2));
  return 20 * Math.log10((last + 1e-9) / (before + 1e-9));
}

/**
 * The share of the events' strength that falls on the sixteenth-note grid of the best bar count:
 * a loop lasts whole bars and starts on a downbeat, so its notes sit on a grid anchored at 0
 * whose step divides its length; the notes of a one-shot (tremolo, gliss) do not.
 */
export function gridFit(
  onsets: OnsetEnvelope,
  seconds: number,
  endGuard = 0.02,
): { share: number; events: number } {
  const events = onsetPeaks(onsets, EVENT_RELATIVE).filter(
    (p) => p.time > 0.05 && p.time < seconds - endGuard,
  );
  let share = 0;
  for (const bars of BAR_COUNTS) {
    const bpm = (bars * 240) / seconds;
    if (bpm < MIN_BPM || bpm > MAX_BPM) continue;
    const step = seconds / (16 * bars);
    const tolerance = Math.max(0.02, 0.15 * step);
    let on = 0;
    let total = 0;
    for (const e of events) {
      const x = e.time / step;
      total += e.strength;
      if (Math.abs(x - Math.round(x)) * step <= tolerance) on += e.strength;
    }
    if (total > 0) share = Math.max(share, on / total);
  }
  return { share, events: events.length };
}

/**
 * 'loop' when the sound lasts at least a bar and either runs on at its end (no fade-out: a
 * loop's end flows into its start) or has several events on a bar grid that divides its length;
 * otherwise 'oneshot'.
 */
export function classifyKind(
  mono: Float32Array,
  rate: number,
  onsets: OnsetEnvelope,
): 'oneshot' | 'loop' {
  const seconds = mono.length / rate;
  if (seconds < MIN_LOOP_SECONDS) return 'oneshot';
  if (endDrop(mono, rate) > FADE_DB) return 'loop';
  const fit = gridFit(onsets, seconds);
  return fit.events >= MIN_EVENTS && fit.share >= MIN_ON_GRID ? 'loop' : 'oneshot';
}

/**
 * Whether a loop has a beat to give a tempo by: at least one event (an onset peak of
 * EVENT_RELATIVE of the strongest) inside it, after its start. A pad or a held chord that runs on
 * (a loop by its end alone) has none, and its "tempo" would only be its length read as bars.
 * Not the grid share: swung hats and rolls sit off the sixteenth grid, yet are a beat.
 */
export function hasBeat(onsets: OnsetEnvelope, seconds: number): boolean {
  // The seam (the end flowing into the start) makes a flux peak in the last frame or two: not a
  // beat inside the loop, so the last BEAT_END_GUARD seconds are left out.
  return gridFit(onsets, seconds, BEAT_END_GUARD).events >= 1;
}
