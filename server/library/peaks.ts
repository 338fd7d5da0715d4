// Peaks are stored in `samples.peaks` as a BLOB of PEAK_COUNT little-endian Float32 values
// (1,024 bytes), each the largest |amplitude| of its bucket over all channels, 0..1.

/** Number of peak buckets per sample (the spectrum call answers exactly this many). */
const PEAK_COUNT = 256;

/** Max |amplitude| per bucket over all channels, as PEAK_COUNT values in 0..1. */
export function computePeaks(channels: Float32Array[], count = PEAK_COUNT): Float32Array {
  const frames = channels[0]?.length ?? 0;
  const peaks = new Float32Array(count);
  for (let b = 0; b < count; b++) {
    const start = Math.floor((b * frames) / count);
    const end = Math.max(start + 1, Math.floor(((b + 1) * frames) / count));
    let max = 0;
    for (const channel of channels)
      for (let i = start; i < end && i < frames; i++) {
        const v = Math.abs(channel[i]!);
        if (v > max) max = v;
      }
    peaks[b] = Math.min(1, max);
  }
  return peaks;
}

/** The BLOB stored in `samples.peaks` for the given peaks. */
export function encodePeaks(peaks: Float32Array): Uint8Array {
  const out = new Uint8Array(peaks.length * 4);
  const view = new DataView(out.buffer);
  peaks.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return out;
}

/** Reads a `samples.peaks` BLOB back into numbers 0..1 (rounded to 4 decimals for JSON). */
export function readPeaks(blob: Uint8Array): number[] {
  if (blob.byteLength % 4 !== 0) throw new Error(`peaks blob of ${blob.byteLength} bytes`);
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const peaks: number[] = [];
  for (let at = 0; at < blob.byteLength; at += 4)
    peaks.push(Math.round(view.getFloat32(at, true) * 10000) / 10000);
  return peaks;
}
