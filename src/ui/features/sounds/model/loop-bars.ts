/** Beats in a bar: loops are counted in 4/4, as sample libraries label them. */
const BEATS_PER_BAR = 4;

/** How far from a whole number of bars a loop may be and still be labelled: a sixteenth note. */
const TOLERANCE_BARS = 1 / 16;

/**
 * A loop's length in whole bars of 4/4 at its tempo, or null when the tempo is unknown or the
 * length is not within a sixteenth note of a whole number of bars (a loop with a tail, a
 * mislabelled tempo: no label beats a wrong one).
 */
export function loopBars(seconds: number, bpm: number | null): number | null {
  if (bpm === null || !(bpm > 0) || !Number.isFinite(seconds) || seconds <= 0) return null;
  const bars = (seconds * bpm) / 60 / BEATS_PER_BAR;
  const whole = Math.round(bars);
  return whole >= 1 && Math.abs(bars - whole) <= TOLERANCE_BARS ? whole : null;
}
