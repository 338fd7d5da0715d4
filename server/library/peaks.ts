// Peaks are stored in `samples.peaks` as a BLOB of DEFAULTS.spectrumPeaks (256) little-endian Float32 values
// (1,024 bytes), each the largest |amplitude| of its bucket over all channels, 0..1. They are
// computed by the client's decoder package (src/wasm/pcm/compute-peaks.ts), as the browser does.

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
