// Mix-down and resampling to the analysis's internal rate: everything but loudness and true
// peak works on one mono signal at ANALYSIS_RATE, so its cost and its parameters do not depend
// on the file's rate (docs/ANALYSIS.md "Internal rate").

/** The internal sample rate (Hz): enough for timbre up to 11 kHz, half the work of 44.1 kHz. */
export const ANALYSIS_RATE = 22_050;

/** Half-width of the resampling kernel in output samples (zero crossings per side). */
const HALF_TAPS = 12;
/** Kernel table resolution: values per unit of the kernel's argument. */
const TABLE_STEPS = 256;

/** The channels averaged into one. */
export function mixDown(channels: Float32Array[]): Float32Array {
  const first = channels[0]!;
  if (channels.length === 1) return first;
  const mono = new Float32Array(first.length);
  const gain = 1 / channels.length;
  for (const channel of channels) for (let i = 0; i < mono.length; i++) mono[i]! += channel[i]!;
  for (let i = 0; i < mono.length; i++) mono[i]! *= gain;
  return mono;
}

// Blackman-windowed sinc sampled on a fine grid, so the inner loop looks values up instead of
// calling Math.sin (the lookup is what keeps a 10 s file's resampling near 10 ms).
const KERNEL = (() => {
  const size = HALF_TAPS * TABLE_STEPS + 2;
  const table = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const x = i / TABLE_STEPS;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const w =
      x >= HALF_TAPS
        ? 0
        : 0.42 +
          0.5 * Math.cos((Math.PI * x) / HALF_TAPS) +
          0.08 * Math.cos((2 * Math.PI * x) / HALF_TAPS);
    table[i] = sinc * w;
  }
  return table;
})();

/**
 * `signal` at `fromRate` resampled to `toRate` by band-limited (windowed-sinc) interpolation;
 * when downsampling, the kernel is stretched so it is also the anti-aliasing low-pass.
 */
export function resample(signal: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return signal;
  const step = fromRate / toRate; // input samples per output sample
  const scale = Math.min(1, toRate / fromRate) * 0.95; // cutoff just under the lower Nyquist
  const reach = Math.ceil(HALF_TAPS / scale);
  const out = new Float32Array(Math.floor((signal.length * toRate) / fromRate));
  const last = signal.length - 1;
  for (let j = 0; j < out.length; j++) {
    const t = j * step;
    const centre = Math.floor(t);
    const lo = Math.max(0, centre - reach + 1);
    const hi = Math.min(last, centre + reach);
    let sum = 0;
    for (let i = lo; i <= hi; i++) {
      const x = Math.abs(t - i) * scale * TABLE_STEPS;
      const k = x | 0;
      if (k >= KERNEL.length - 1) continue;
      sum += signal[i]! * (KERNEL[k]! + (KERNEL[k + 1]! - KERNEL[k]!) * (x - k));
    }
    out[j] = sum * scale;
  }
  return out;
}
