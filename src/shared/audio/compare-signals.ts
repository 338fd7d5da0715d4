/**
 * Test support: how close a lossy decode is to the signal that was encoded. Kept in src/shared
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

/** The lag (decoded[i + lag] ≈ reference[i]) and the signal-to-noise ratio at that lag. */
export interface Alignment {
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
