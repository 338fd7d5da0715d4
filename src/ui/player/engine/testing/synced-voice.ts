// Measures of rendered audio for the synced-voice tests and the sync bench (pure functions).

/** Frequency (Hz) of a steady tone between frames `from` and `to`: rising zero crossings, interpolated. */
export function toneHz(x: Float32Array, rate: number, from = 0, to = x.length): number {
  let first = -1;
  let last = -1;
  let count = 0;
  for (let i = Math.max(1, from); i < to; i++) {
    if (x[i - 1]! < 0 && x[i]! >= 0) {
      const at = i - 1 + x[i - 1]! / (x[i - 1]! - x[i]!);
      if (first < 0) first = at;
      else count++;
      last = at;
    }
  }
  return count > 0 ? (count * rate) / (last - first) : 0;
}

/** The difference of two frequencies in cents. */
export const cents = (hz: number, reference: number): number => 1200 * Math.log2(hz / reference);

/**
 * Onsets near each expected time (s): within ±`reach` s, the first frame whose magnitude passes
 * `share` of that window's peak. NaN where the window is silent.
 */
export function onsetsNear(
  x: Float32Array,
  rate: number,
  expected: number[],
  reach = 0.08,
  share = 0.3,
): number[] {
  return expected.map((t) => {
    const from = Math.max(0, Math.round((t - reach) * rate));
    const to = Math.min(x.length, Math.round((t + reach) * rate));
    let peak = 0;
    for (let i = from; i < to; i++) peak = Math.max(peak, Math.abs(x[i]!));
    if (peak < 1e-4) return Number.NaN;
    for (let i = from; i < to; i++) if (Math.abs(x[i]!) >= share * peak) return i / rate;
    return Number.NaN;
  });
}
