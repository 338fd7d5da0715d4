/**
 * Test support: how close a lossy decode is to the signal that was encoded. Kept in src/testing
 * (pure, no imports) so the Node decoder tests and the Chromium pool tests use the same measure;
 * src/ui may not import src/wasm. Not used by the app.
 */

/**
 * One sine per channel at 0.5, at `pitches[c]` Hz or else 220, 330, 440… Hz: a different pitch
 * per channel, so a swapped channel is caught.
 */
export function toneSignal(
  channels: number,
  frames: number,
  sampleRate: number,
  pitches: number[] = [],
): Float32Array[] {
  return Array.from({ length: channels }, (_, c) => {
    const hz = pitches[c] ?? 220 + 110 * c;
    return Float32Array.from(
      { length: frames },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / sampleRate),
    );
  });
}

/**
 * One linear sweep per channel at 0.5, channel c from 200 + 100c Hz to 2000 + 100c Hz over the
 * whole length: unlike a tone it matches itself at one lag only, so an encoder's delay or a
 * decoder's trimming shows as a lag; the 100 Hz offset tells the channels apart.
 */
export function sweepSignal(channels: number, frames: number, sampleRate: number): Float32Array[] {
  const seconds = frames / sampleRate;
  return Array.from({ length: channels }, (_, c) => {
    const from = 200 + 100 * c;
    const rise = 1800 / seconds; // Hz per second
    return Float32Array.from({ length: frames }, (_, i) => {
      const t = i / sampleRate;
      return 0.5 * Math.sin(2 * Math.PI * (from * t + (rise * t * t) / 2));
    });
  });
}

/** Interleaves planes as little-endian 32-bit floats (an encoder's raw `f32le` input). */
export function interleaveF32(planes: Float32Array[]): Uint8Array {
  const frames = planes[0]!.length;
  const out = new Float32Array(frames * planes.length);
  planes.forEach((plane, c) => {
    for (let i = 0; i < frames; i++) out[i * planes.length + c] = plane[i]!;
  });
  return new Uint8Array(out.buffer);
}

/** The lag (decoded[i + lag] ≈ reference[i]) and the signal-to-noise ratio at that lag. */
interface Alignment {
  lag: number;
  snrDb: number;
}

/**
 * Finds the lag within ±maxLag where `decoded` best matches `reference` (largest correlation),
 * then the SNR in dB over the middle half of the reference: codecs smear the first and last
 * block, and a length or alignment error shows in `lag` instead. Wrong pitch, rate, channel or
 * garbage all give an SNR near or below 0 dB.
 */
export function alignedSnr(
  decoded: Float32Array,
  reference: Float32Array,
  maxLag: number,
): Alignment {
  const from = Math.floor(reference.length / 4);
  const to = Math.floor((reference.length * 3) / 4);
  const at = (i: number) => decoded[i] ?? 0;
  let best = { lag: 0, score: -Infinity };
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let score = 0;
    // Every 4th sample is plenty to find the peak of a correlation of tones.
    for (let i = from; i < to; i += 4) score += at(i + lag) * reference[i]!;
    if (score > best.score) best = { lag, score };
  }
  let signal = 0;
  let noise = 0;
  for (let i = from; i < to; i++) {
    signal += reference[i]! ** 2;
    noise += (at(i + best.lag) - reference[i]!) ** 2;
  }
  return { lag: best.lag, snrDb: 10 * Math.log10(signal / Math.max(noise, 1e-20)) };
}
