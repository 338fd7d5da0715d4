// Tempo of a loop: candidates from the loop's length (a loop lasts a whole number of 4/4 bars),
// checked against the onset envelope's periodicity; the octave is chosen by a tempo prior
// blended with the loop's event rate (docs/ANALYSIS.md "Tempo").
import { energyRise, type EnergyRise } from '../shared/audio/energy-rise.ts';
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
  return Math.round(preferredOctave(candidates, onsets, seconds) * 10) / 10;
}

/**
 * Of candidates an octave apart, the one nearest in log-tempo to a weighted geometric mean of
 * PRIOR_BPM and 60 × the rate of strong events per second.
 */
function preferredOctave(candidates: number[], onsets: OnsetEnvelope, seconds: number): number {
  const rate = Math.max(0.1, onsetPeaks(onsets, EVENT_RELATIVE).length / seconds);
  const preferred = PRIOR_WEIGHT * Math.log2(PRIOR_BPM) + (1 - PRIOR_WEIGHT) * Math.log2(60 * rate);
  let best = candidates[0]!;
  for (const bpm of candidates)
    if (Math.abs(Math.log2(bpm) - preferred) < Math.abs(Math.log2(best) - preferred)) best = bpm;
  return best;
}

/**
 * The tempo (BPM, one decimal) of a recording of any length (a microphone take) whose `mono`
 * signal at `rate` gave `onsets`, or null when there is no pulse. Its length says nothing (it
 * starts and stops anywhere in a bar: the loop's length candidates read a 5.6 s take of 120 BPM
 * as 85.7), and it does not wrap: the comb filter's best tempo on the linear autocorrelation,
 * its octave the one nearest PRIOR_BPM, then refined where its beats fall (`onBeats`).
 */
export function estimatePulseTempo(
  onsets: OnsetEnvelope,
  mono: Float32Array,
  rate: number,
): number | null {
  const n = onsets.values.length;
  const near = (bpm: number) => Math.abs(Math.log2(bpm / PRIOR_BPM));
  // Lags up to half the take: longer ones overlap too little of it to say anything.
  const maxLag = Math.min(Math.floor(n / 2), Math.ceil((onsets.rate * 60 * 8) / MIN_BPM));
  if (maxLag < 4) return null;
  const acf = autocorrelation(onsets.values, maxLag, false);
  let bestComb = 0;
  let bestBpm = 0;
  for (let bpm = MIN_BPM; bpm <= MAX_BPM; bpm += 0.5) {
    const c = combScore(acf, (onsets.rate * 60) / bpm);
    if (c > bestComb) [bestComb, bestBpm] = [c, bpm];
  }
  if (bestComb <= 0) return null;
  // The octave nearest the prior alone: a take's strong events (a third of its strongest onset)
  // are often its downbeats only, which would pull a 120 BPM take to 60.
  let bpm = bestBpm;
  for (const octave of [bestBpm / 2, bestBpm * 2])
    if (octave >= MIN_BPM && octave <= MAX_BPM && near(octave) < near(bpm)) bpm = octave;
  const rise = energyRise(mono, rate);
  const fitted = onBeats(rise, bpm);
  return fitted === null ? null : Math.round((onBeats(rise, fitted) ?? fitted) * 10) / 10;
}

/**
 * `bpm` refined by where the beats fall in the energy's rise (shared/audio/energy-rise.ts): from its strongest peak, the
 * strongest rise within a tenth of a beat of each beat of the grid (where that is at least a
 * third of the strongest), fitted by least squares (time against beat number). Null with fewer
 * than three beats found: a held chord's comb has a best tempo too, but no beats.
 */
function onBeats({ rise, rate }: EnergyRise, bpm: number): number | null {
  const period = (rate * 60) / bpm;
  let anchor = 0;
  for (let i = 0; i < rise.length; i++) if (rise[i]! > rise[anchor]!) anchor = i;
  const top = rise[anchor]!;
  if (!(top > 0)) return null;
  const reach = Math.floor(0.1 * period);
  const beats: [number, number][] = [];
  for (let k = -Math.floor(anchor / period); anchor + k * period < rise.length; k++) {
    const centre = Math.round(anchor + k * period);
    let at = -1;
    for (let i = Math.max(0, centre - reach); i <= centre + reach && i < rise.length; i++)
      if (at < 0 || rise[i]! > rise[at]!) at = i;
    if (at >= 0 && rise[at]! >= top / 3) beats.push([k, at]);
  }
  if (beats.length < 3) return null;
  const mk = beats.reduce((s, [k]) => s + k, 0) / beats.length;
  const mt = beats.reduce((s, [, t]) => s + t, 0) / beats.length;
  let num = 0;
  let den = 0;
  for (const [k, t] of beats) [num, den] = [num + (k - mk) * (t - mt), den + (k - mk) ** 2];
  return num > 0 ? (rate * 60 * den) / num : bpm;
}
