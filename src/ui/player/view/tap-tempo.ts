import { PROJECT_TEMPO } from '../../../shared/audio/sync-params.ts';

/** A pause longer than this (ms) starts a new run of taps. */
export const TAP_RESET_MS = 2000;
/** Intervals averaged: the last few taps, so a steadying hand is followed. */
const TAP_INTERVALS = 4;

/**
 * The tempo (BPM, one decimal, within 40–240) tapped at `times` (ms, ascending), from the mean
 * of the last few intervals of the latest run; null until a run has two taps.
 */
export function tapTempo(times: readonly number[]): number | null {
  let start = times.length - 1;
  while (start > 0 && times[start]! - times[start - 1]! <= TAP_RESET_MS) start--;
  const run = times.slice(Math.max(start, times.length - 1 - TAP_INTERVALS));
  if (run.length < 2) return null;
  const mean = (run[run.length - 1]! - run[0]!) / (run.length - 1);
  const bpm = Math.round(600_000 / mean) / 10;
  return Math.min(PROJECT_TEMPO.max, Math.max(PROJECT_TEMPO.min, bpm));
}
