// Mix-down and resampling to the analysis's internal rate: everything but loudness and true
// peak works on one mono signal at ANALYSIS_RATE, so its cost and its parameters do not depend
// on the file's rate (docs/ANALYSIS.md "Internal rate").

/** The internal sample rate (Hz): enough for timbre up to 11 kHz, half the work of 44.1 kHz. */
export const ANALYSIS_RATE = 22_050;

/** Half-width of the resampling kernel in output samples (zero crossings per side). */
const HALF_TAPS = 8;
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

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Phases a polyphase table may hold before the interpolated kernel is used instead. */
const MAX_PHASES = 2048;

/**
 * `signal` at `fromRate` resampled to `toRate` by band-limited (windowed-sinc) interpolation;
 * when downsampling, the kernel is stretched so it is also the anti-aliasing low-pass. Common
 * rate pairs (44.1 or 48 kHz to 22.05 kHz) have few distinct output phases, so the kernel's
 * taps are computed once per phase.
 */
export function resample(signal: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return signal;
  const scale = Math.min(1, toRate / fromRate) * 0.95; // cutoff just under the lower Nyquist
  const reach = Math.ceil(HALF_TAPS / scale);
  const taps = 2 * reach;
  const out = new Float32Array(Math.floor((signal.length * toRate) / fromRate));
  const g = Number.isInteger(fromRate) && Number.isInteger(toRate) ? gcd(fromRate, toRate) : 0;
  const up = g ? toRate / g : Infinity; // output phases
  const down = g ? fromRate / g : 0;
  const kernelAt = (x: number) => {
    const u = Math.abs(x) * scale * TABLE_STEPS;
    const k = u | 0;
    return k >= KERNEL.length - 1
      ? 0
      : (KERNEL[k]! + (KERNEL[k + 1]! - KERNEL[k]!) * (u - k)) * scale;
  };
  let table: Float64Array | null = null;
  if (up <= MAX_PHASES) {
    table = new Float64Array(up * taps);
    for (let p = 0; p < up; p++)
      for (let m = 0; m < taps; m++) table[p * taps + m] = kernelAt(p / up - (m - reach + 1));
  }
  const last = signal.length - 1;
  for (let j = 0; j < out.length; j++) {
    const centre = table ? Math.floor((j * down) / up) : Math.floor((j * fromRate) / toRate);
    const first = centre - reach + 1;
    let sum = 0;
    if (table) {
      const base = ((j * down) % up) * taps;
      if (first >= 0 && first + taps - 1 <= last)
        for (let m = 0; m < taps; m++) sum += signal[first + m]! * table[base + m]!;
      else
        for (let m = 0; m < taps; m++) {
          const i = first + m;
          if (i >= 0 && i <= last) sum += signal[i]! * table[base + m]!;
        }
    } else {
      const t = (j * fromRate) / toRate;
      for (let m = 0; m < taps; m++) {
        const i = first + m;
        if (i >= 0 && i <= last) sum += signal[i]! * kernelAt(t - i);
      }
    }
    out[j] = sum;
  }
  return out;
}
