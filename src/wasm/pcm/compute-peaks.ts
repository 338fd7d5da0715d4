/** Max |amplitude| over all channels in `count` equal buckets (0..1), as the spectrum call serves. */
export function computePeaks(channels: Float32Array[], count: number): Float32Array {
  const peaks = new Float32Array(count);
  const frames = channels[0]?.length ?? 0;
  if (frames === 0 || count === 0) return peaks;
  for (let b = 0; b < count; b++) {
    const from = Math.floor((b * frames) / count);
    const to = Math.max(from + 1, Math.floor(((b + 1) * frames) / count));
    let max = 0;
    for (const plane of channels) {
      for (let i = from; i < to && i < frames; i++) {
        const v = Math.abs(plane[i]!);
        if (v > max) max = v;
      }
    }
    peaks[b] = Math.min(1, max);
  }
  return peaks;
}
