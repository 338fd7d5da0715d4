// Integrated loudness (ITU-R BS.1770-4: K-weighting, 400 ms blocks, absolute and relative
// gates) and true peak (4× oversampled), measured at the file's own rate on every channel
// (docs/ANALYSIS.md "Loudness and true peak").

/** The quietest loudness reported (LUFS): BS.1770's absolute gate; silence reads as this. */
export const LUFS_FLOOR = -70;
/** The lowest true peak reported (dBTP); silence reads as this. */
export const PEAK_FLOOR_DB = -120;

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

// The two K-weighting stages for any rate, from the analogue prototypes BS.1770 specifies at
// 48 kHz (high shelf +4 dB above ~1.7 kHz, then a ~38 Hz high-pass).
function kWeighting(rate: number): [Biquad, Biquad] {
  let K = Math.tan((Math.PI * 1681.974450955533) / rate);
  const Q = 0.7071752369554196;
  const Vh = 10 ** (3.999843853973347 / 20);
  const Vb = Vh ** 0.4996667741545416;
  let a0 = 1 + K / Q + K * K;
  const shelf = {
    b0: (Vh + (Vb * K) / Q + K * K) / a0,
    b1: (2 * (K * K - Vh)) / a0,
    b2: (Vh - (Vb * K) / Q + K * K) / a0,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / Q + K * K) / a0,
  };
  K = Math.tan((Math.PI * 38.13547087602444) / rate);
  const Qh = 0.5003270373238773;
  a0 = 1 + K / Qh + K * K;
  const highPass = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / Qh + K * K) / a0,
  };
  return [shelf, highPass];
}

/** Sums of the K-weighted squares of `x` over consecutive segments of `step` samples. */
function kWeightedSegments(x: Float32Array, rate: number, step: number): Float64Array {
  const [s, h] = kWeighting(rate);
  const out = new Float64Array(Math.ceil(x.length / step));
  let x1 = 0,
    x2 = 0,
    y1 = 0,
    y2 = 0,
    z1 = 0,
    z2 = 0;
  for (let seg = 0; seg < out.length; seg++) {
    let sum = 0;
    const end = Math.min(x.length, (seg + 1) * step);
    for (let i = seg * step; i < end; i++) {
      const xi = x[i]!;
      const y = s.b0 * xi + s.b1 * x1 + s.b2 * x2 - s.a1 * y1 - s.a2 * y2;
      x2 = x1;
      x1 = xi;
      const z = y - 2 * y1 + y2 - h.a1 * z1 - h.a2 * z2;
      y2 = y1;
      y1 = y;
      z2 = z1;
      z1 = z;
      sum += z * z;
    }
    out[seg] = sum;
  }
  return out;
}

/** Integrated loudness (LUFS) of `channels` at `rate`, BS.1770-4 with its two gates. */
export function integratedLoudness(channels: Float32Array[], rate: number): number {
  const frames = channels[0]?.length ?? 0;
  if (frames === 0) return LUFS_FLOOR;
  // Blocks of 400 ms overlap by 75 %: each is four consecutive 100 ms segments.
  const step = Math.max(1, Math.round(0.1 * rate));
  const fullBlocks = Math.floor(frames / step) - 3;
  // A file shorter than one block is measured as one block of what it has.
  const blocks = Math.max(1, fullBlocks);
  const length = fullBlocks >= 1 ? 4 * step : frames;
  const power = new Float64Array(blocks); // Σ over channels of each block's mean square
  for (let c = 0; c < channels.length; c++) {
    // Surround channels 4 and 5 (Ls, Rs of 5.1) weigh 1.41; the LFE (3) is left out.
    const weight = channels.length >= 6 ? ([1, 1, 1, 0, 1.41, 1.41][c] ?? 1) : 1;
    if (weight === 0) continue;
    const seg = kWeightedSegments(channels[c]!, rate, step);
    for (let j = 0; j < blocks; j++) {
      const sum =
        fullBlocks >= 1
          ? seg[j]! + seg[j + 1]! + seg[j + 2]! + seg[j + 3]!
          : seg.reduce((a, b) => a + b, 0);
      power[j]! += (weight * sum) / length;
    }
  }
  const lufs = (p: number) => -0.691 + 10 * Math.log10(p);
  const gated = (threshold: number) => [...power].filter((p) => lufs(p) > threshold);
  const absolute = gated(LUFS_FLOOR);
  if (absolute.length === 0) return LUFS_FLOOR;
  const mean = (ps: number[]) => ps.reduce((a, b) => a + b, 0) / ps.length;
  const relative = gated(lufs(mean(absolute)) - 10);
  return Math.max(LUFS_FLOOR, lufs(mean(relative)));
}

// 4× interpolation filter: 12 taps per phase of a Blackman-windowed sinc (cutoff at the original
// Nyquist), for the three points between two samples.
const PHASE_TAPS = 12;
const PHASES = [1, 2, 3].map((p) => {
  const taps = new Float64Array(PHASE_TAPS);
  for (let m = 0; m < PHASE_TAPS; m++) {
    const x = p / 4 - PHASE_TAPS / 2 + m; // from sample i + 6 − m to the point i + p/4
    const sinc = Math.sin(Math.PI * x) / (Math.PI * x);
    const u = x / (PHASE_TAPS / 2); // −1..1 over the window
    const w = 0.42 + 0.5 * Math.cos(Math.PI * u) + 0.08 * Math.cos(2 * Math.PI * u);
    taps[m] = sinc * w;
  }
  return taps;
});

/** A sample this close to the sample peak (−4.4 dB) may have an inter-sample peak above it. */
const NEAR_PEAK = 0.6;

/**
 * True peak (dBTP): the largest magnitude of the signal 4× oversampled. Interpolation runs only
 * between samples of which one lies within 4.4 dB of the sample peak: a larger inter-sample
 * overshoot needs content at the Nyquist frequency no recording keeps.
 */
export function truePeakDb(channels: Float32Array[]): number {
  let samplePeak = 0;
  for (const c of channels)
    for (let i = 0; i < c.length; i++) {
      const v = Math.abs(c[i]!);
      if (v > samplePeak) samplePeak = v;
    }
  if (samplePeak === 0) return PEAK_FLOOR_DB;
  const threshold = samplePeak * NEAR_PEAK;
  let peak = samplePeak;
  const half = PHASE_TAPS / 2;
  const [p1, p2, p3] = PHASES as [Float64Array, Float64Array, Float64Array];
  for (const c of channels) {
    const last = c.length - 1;
    for (let i = 0; i < last; i++) {
      if (Math.abs(c[i]!) < threshold && Math.abs(c[i + 1]!) < threshold) continue;
      let s1 = 0,
        s2 = 0,
        s3 = 0;
      for (let m = 0; m < PHASE_TAPS; m++) {
        const j = i + half - m;
        const x = j >= 0 && j <= last ? c[j]! : 0;
        s1 += x * p1[m]!;
        s2 += x * p2[m]!;
        s3 += x * p3[m]!;
      }
      peak = Math.max(peak, Math.abs(s1), Math.abs(s2), Math.abs(s3));
    }
  }
  return Math.max(PEAK_FLOOR_DB, 20 * Math.log10(peak));
}
