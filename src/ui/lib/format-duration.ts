/**
 * A duration (or a position within one) for display. The form follows `scale`, the length of the
 * whole thing (the value itself by default): under one second, tenths as `0.4s`; otherwise `m:ss`,
 * or `h:mm:ss` from an hour. Both forms truncate, so 59.6 s shows 0:59 and 0.96 s shows 0.9s:
 * the display never claims time the audio does not have. Not finite or negative: `0:00`.
 */
export function formatDuration(seconds: number, scale: number = seconds): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  if (scale > 0 && scale < 1) {
    // The small epsilon keeps 0.3 (0.29999… in binary) from showing as 0.2.
    const tenths = Math.floor(Math.min(seconds, 0.999) * 10 + 1e-9);
    return `0.${tenths}s`;
  }
  const total = Math.floor(seconds + 1e-9);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
