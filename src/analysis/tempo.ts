// Tempo of a loop: the onset envelope's periodicity, with the loop's length as a prior (a loop
// lasts a whole number of 4/4 bars) (docs/ANALYSIS.md "Tempo").
import { acfAt, autocorrelation, type OnsetEnvelope } from './onset.ts';

/** Tempos considered (BPM). */
const MIN_BPM = 60;
const MAX_BPM = 200;
/** Bar counts a loop usually has. */
const BAR_COUNTS = [1, 2, 4, 8, 16];
/** Centre (BPM) and width (octaves) of the log-normal tempo prior. */
const PRIOR_BPM = 110;
const PRIOR_OCTAVES = 0.8;

/** How periodic the envelope is at a beat of `period` frames: mean ACF over its multiples. */
function combScore(acf: Float64Array, period: number): number {
  let sum = 0;
  let count = 0;
  for (let k = 1; k * period < acf.length - 1 && k <= 8; k++) {
    sum += acfAt(acf, k * period);
    count++;
  }
  return count === 0 ? 0 : sum / count;
}

const prior = (bpm: number) => Math.exp(-0.5 * (Math.log2(bpm / PRIOR_BPM) / PRIOR_OCTAVES) ** 2);

/**
 * The tempo (BPM, one decimal) of a loop `seconds` long. Candidates are the tempos at which
 * the loop is a whole number of bars; the onset envelope's comb score, weighted by a tempo
 * prior, chooses between them. Without a candidate in range, the best comb tempo is taken.
 */
export function estimateTempo(onsets: OnsetEnvelope, seconds: number): number | null {
  const maxLag = Math.min(onsets.values.length - 1, Math.ceil((onsets.rate * 60 * 4) / MIN_BPM));
  if (maxLag < 4) return null;
  const acf = autocorrelation(onsets.values, maxLag, true);
  const periodOf = (bpm: number) => (onsets.rate * 60) / bpm;
  const score = (bpm: number) => Math.max(0, combScore(acf, periodOf(bpm))) * prior(bpm);
  const fromLength = BAR_COUNTS.map((bars) => (bars * 240) / seconds).filter(
    (bpm) => bpm >= MIN_BPM && bpm <= MAX_BPM,
  );
  let best = fromLength[0] ?? null;
  for (const bpm of fromLength) if (score(bpm) > score(best!)) best = bpm;
  if (best === null) {
    for (let bpm = MIN_BPM; bpm <= MAX_BPM; bpm += 0.25)
      if (best === null || score(bpm) > score(best)) best = bpm;
  }
  return best === null ? null : Math.round(best * 10) / 10;
}
