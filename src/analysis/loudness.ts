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

/** The K-weighted square of each sample of `x`, both stages in one pass. */
function kWeightedSquares(x: Float32Array, rate: number): Float64Array {
  const [s, h] = kWeighting(rate);
  const out = new Float64Array(x.length);
  let x1 = 0,
    x2 = 0,
    y1 = 0,
    y2 = 0,
    z1 = 0,
    z2 = 0;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    const y = s.b0 * xi + s.b1 * x1 + s.b2 * x2 - s.a1 * y1 - s.a2 * y2;
    x2 = x1;
    x1 = xi;
    const z = y - 2 * y1 + y2 - h.a1 * z1 - h.a2 * z2;
    y2 = y1;
    y1 = y;
    z2 = z1;
    z1 = z;
    out[i] = z * z;
  }
  return out;
}

/** Integrated loudness (LUFS) of `channels` at `rate`, BS.1770-4 with its two gates. */
export function integratedLoudness(channels: Float32Array[], rate: number): number {
  const frames = channels[0]?.length ?? 0;
  if (frames === 0) return LUFS_FLOOR;
  const block = Math.round(0.4 * rate);
  const step = Math.round(0.1 * rate);
  // A file shorter than one block is measured as one block of what it has.
  const starts: number[] = [];
  if (frames <= block) starts.push(0);
  else for (let at = 0; at + block <= frames; at += step) starts.push(at);
  const length = Math.min(block, frames);
  const power = new Float64Array(starts.length); // Σ over channels of each block's mean square
  for (let c = 0; c < channels.length; c++) {
    // Surround channels 4 and 5 (Ls, Rs of 5.1) weigh 1.41; the LFE (3) is left out.
    const weight = channels.length >= 6 ? ([1, 1, 1, 0, 1.41, 1.41][c] ?? 1) : 1;
    if (weight === 0) continue;
    const sq = kWeightedSquares(channels[c]!, rate);
    // Running sums give every overlapping block's energy in one pass.
    const cumulative = new Float64Array(frames + 1);
    for (let i = 0; i < frames; i++) cumulative[i + 1] = cumulative[i]! + sq[i]!;
    starts.forEach((at, j) => {
      power[j]! += (weight * (cumulative[at + length]! - cumulative[at]!)) / length;
    });
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

/**
 * True peak (dBTP): the largest magnitude of the signal 4× oversampled. Interpolation runs only
 * where a neighbouring sample is within 6 dB of the sample peak, since an inter-sample peak
 * that overshoots more than 6 dB needs content at the Nyquist no recording keeps.
 */
export function truePeakDb(channels: Float32Array[]): number {
  let samplePeak = 0;
  for (const c of channels)
    for (let i = 0; i < c.length; i++) samplePeak = Math.max(samplePeak, Math.abs(c[i]!));
  if (samplePeak === 0) return PEAK_FLOOR_DB;
  const threshold = samplePeak / 2;
  let peak = samplePeak;
  const half = PHASE_TAPS / 2;
  for (const c of channels) {
    for (let i = 0; i + 1 < c.length; i++) {
      if (Math.abs(c[i]!) < threshold && Math.abs(c[i + 1]!) < threshold) continue;
      for (const taps of PHASES) {
        let sum = 0;
        for (let m = 0; m < PHASE_TAPS; m++) sum += (c[i + half - m] ?? 0) * taps[m]!;
        peak = Math.max(peak, Math.abs(sum));
      }
    }
  }
  return Math.max(PEAK_FLOOR_DB, 20 * Math.log10(peak));
}
