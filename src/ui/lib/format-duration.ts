/** Lengths under this many seconds show tenths (`1.9s`); from it on, `m:ss`. */
export const TENTHS_BELOW_S = 10;

/**
 * A duration (or a position within one) for display, one rule everywhere a sample's length shows
 * (rows, detail panel, player bar, home). The form follows `scale`, the length of the whole thing
 * (the value itself by default): under ten seconds, tenths as `0.8s`, `1.0s`, `9.9s` (a one-shot's
 * 1.0 s and 1.9 s must not both read `0:01`); otherwise `m:ss`, or `h:mm:ss` from an hour. Both
 * forms truncate, so 59.6 s shows 0:59 and 0.96 s shows 0.9s: the display never claims time the
 * audio does not have. Not finite or negative: `0:00`.
 */
export function formatDuration(seconds: number, scale: number = seconds): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  if (scale > 0 && scale < TENTHS_BELOW_S) {
    // The small epsilon keeps 0.3 (0.29999… in binary) from showing as 0.2.
    const tenths = Math.floor(Math.min(seconds, TENTHS_BELOW_S - 0.001) * 10 + 1e-9);
    return `${Math.floor(tenths / 10)}.${tenths % 10}s`;
  }
  const total = Math.floor(seconds + 1e-9);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
