// Synthesized test signals with known answers for the analysis tests.

/** A deterministic uniform source in [-1, 1) (LCG), so every run tests the same signal. */
export function noiseSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 31 - 1;
  };
}

/** A click track: a short decaying noise burst on every beat, the downbeats louder. */
export function clickTrack(bpm: number, bars: number, rate: number): Float32Array {
  const frames = Math.round((bars * 4 * 60 * rate) / bpm);
  const out = new Float32Array(frames);
  const next = noiseSource(7);
  const burst = Math.round(0.03 * rate);
  for (let beat = 0; beat < bars * 4; beat++) {
    const at = Math.round((beat * 60 * rate) / bpm);
    const gain = beat % 4 === 0 ? 0.9 : 0.5;
    for (let i = 0; i < burst && at + i < frames; i++)
      out[at + i] = gain * next() * Math.exp(-i / (0.006 * rate));
  }
  return out;
}

/** Notes (Hz) with 1/h overtones, decaying, faded in over 1 ms and out over 8 ms: a one-shot. */
export function chord(hz: number[], seconds: number, rate: number): Float32Array {
  const frames = Math.round(seconds * rate);
  const out = new Float32Array(frames);
  for (const f of hz)
    for (let h = 1; h <= 6 && f * h < rate / 2; h++)
      for (let i = 0; i < frames; i++)
        out[i]! +=
          (0.15 / h) * Math.sin((2 * Math.PI * f * h * i) / rate) * Math.exp(-i / (0.8 * rate));
  fade(out, rate);
  return out;
}

/** A linear 1 ms fade-in and 8 ms fade-out, as one-shots are cut. */
export function fade(x: Float32Array, rate: number): void {
  const fin = Math.round(0.001 * rate);
  const fout = Math.round(0.008 * rate);
  for (let i = 0; i < fin; i++) x[i]! *= i / fin;
  for (let i = 0; i < fout; i++) x[x.length - 1 - i]! *= i / fout;
}

/** Pink noise (Paul Kellet's filter of white noise), roughly unit peak. */
export function pinkNoise(frames: number, seed: number): Float32Array {
  const next = noiseSource(seed);
  const out = new Float32Array(frames);
  let b0 = 0,
    b1 = 0,
    b2 = 0,
    b3 = 0,
    b4 = 0,
    b5 = 0,
    b6 = 0;
  for (let i = 0; i < frames; i++) {
    const w = next();
    b0 = 0.99886 * b0 + w * 0.0555179;
    b1 = 0.99332 * b1 + w * 0.0750759;
    b2 = 0.969 * b2 + w * 0.153852;
    b3 = 0.8665 * b3 + w * 0.3104856;
    b4 = 0.55 * b4 + w * 0.5329522;
    b5 = -0.7616 * b5 - w * 0.016898;
    out[i] = (b0 + b1 + b2 + b3 + b4 + b5 + b6 + w * 0.5362) * 0.11;
    b6 = w * 0.115926;
  }
  return out;
}

/**
 * Loudness of a stationary signal at 48 kHz by the letter of ITU-R BS.1770-4: the filter
 * coefficients printed in the recommendation, no gating (a steady signal passes every gate).
 * An independent reference for the analyser's rate-generic filters and gated blocks.
 */
export function referenceLoudness48k(channels: Float32Array[]): number {
  let total = 0;
  for (const x of channels) {
    let [x1, x2, y1, y2, z1, z2, sum] = [0, 0, 0, 0, 0, 0, 0];
    for (let i = 0; i < x.length; i++) {
      const y =
        1.53512485958697 * x[i]! -
        2.69169618940638 * x1 +
        1.19839281085285 * x2 +
        1.69065929318241 * y1 -
        0.73248077421585 * y2;
      const z = y - 2 * y1 + y2 + 1.99004745483398 * z1 - 0.99007225036621 * z2;
      [x2, x1, y2, y1, z2, z1] = [x1, x[i]!, y1, y, z1, z];
      sum += z * z;
    }
    total += sum / x.length;
  }
  return -0.691 + 10 * Math.log10(total);
}
