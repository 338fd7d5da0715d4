// Tempo of a loop: candidates from the loop's length (a loop lasts a whole number of 4/4 bars),
// checked against the onset envelope's periodicity; the octave is chosen by a tempo prior
// blended with the loop's event rate (docs/ANALYSIS.md "Tempo").
import { acfAt, autocorrelation, onsetPeaks, type OnsetEnvelope } from './onset.ts';

/** Tempos considered (BPM). */
const MIN_BPM = 60;
const MAX_BPM = 200;
/** Bar counts a loop may last. */
const BAR_COUNTS = [1, 2, 4, 8, 16];
/** Centre of the tempo prior (BPM) and its weight against the event rate (log domain). */
const PRIOR_BPM = 106;
const PRIOR_WEIGHT = 0.75;
/** Onset peaks at least this share of the strongest count as events for the event rate. */
const EVENT_RELATIVE = 0.3;

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

/**
 * The tempo (BPM, one decimal) of a loop `seconds` long, or null when there is no pulse.
 * Candidates: the tempos at which the loop lasts 1, 2, 4, 8 or 16 bars; when none lies in
 * 60–200 BPM, the comb filter's best tempo and its octaves. Of the
 * candidates (an octave apart), the one nearest in log-tempo to the preferred tempo wins: a
 * weighted geometric mean of PRIOR_BPM and 60 × the rate of strong events per second.
 */
export function estimateTempo(onsets: OnsetEnvelope, seconds: number): number | null {
  const n = onsets.values.length;
  const maxLag = Math.min(n - 1, Math.ceil((onsets.rate * 60 * 4) / MIN_BPM));
  if (maxLag < 4) return null;
  const acf = autocorrelation(onsets.values, maxLag, true);
  const comb = (bpm: number) => combScore(acf, (onsets.rate * 60) / bpm);
  let bestComb = 0;
  let bestBpm = MIN_BPM;
  for (let bpm = MIN_BPM; bpm <= MAX_BPM; bpm += 0.5) {
    const c = comb(bpm);
    if (c > bestComb) [bestComb, bestBpm] = [c, bpm];
  }
  if (bestComb <= 0) return null;
  let candidates = BAR_COUNTS.map((bars) => (bars * 240) / seconds).filter(
    (bpm) => bpm >= MIN_BPM && bpm <= MAX_BPM,
  );
  if (candidates.length === 0)
    candidates = [bestBpm / 2, bestBpm, bestBpm * 2].filter((b) => b >= MIN_BPM && b <= MAX_BPM);
  const rate = Math.max(0.1, onsetPeaks(onsets, EVENT_RELATIVE).length / seconds);
  const preferred = PRIOR_WEIGHT * Math.log2(PRIOR_BPM) + (1 - PRIOR_WEIGHT) * Math.log2(60 * rate);
  let best = candidates[0]!;
  for (const bpm of candidates)
    if (Math.abs(Math.log2(bpm) - preferred) < Math.abs(Math.log2(best) - preferred)) best = bpm;
  return Math.round(best * 10) / 10;
}
