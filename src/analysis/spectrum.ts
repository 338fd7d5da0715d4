// Short-time spectra (fft.js, MIT) shared by the onset, timbre and chroma measures.
import FFT from 'fft.js';

/** Magnitude spectra of a signal: `frames[t][k]` for bin k (0..size/2) of frame t. */
export interface Spectrogram {
  frames: Float32Array[];
  /** FFT size (samples). */
  size: number;
  /** Hop between frames (samples). */
  hop: number;
  /** Sample rate of the analysed signal (Hz). */
  rate: number;
}

const ffts = new Map<number, FFT>();
const windows = new Map<number, Float64Array>();

function fftOf(size: number): FFT {
  let fft = ffts.get(size);
  if (!fft) ffts.set(size, (fft = new FFT(size)));
  return fft;
}

function hann(size: number): Float64Array {
  let w = windows.get(size);
  if (!w) {
    w = new Float64Array(size);
    for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
    windows.set(size, w);
  }
  return w;
}

/**
 * Hann-windowed magnitude spectra every `hop` samples. Frames start at 0 and the last one
 * covers the end (zero-padded), so a signal shorter than `size` still gives one frame.
 */
export function spectrogram(
  signal: Float32Array,
  rate: number,
  size: number,
  hop: number,
): Spectrogram {
  const fft = fftOf(size);
  const window = hann(size);
  const input = new Float64Array(size);
  const out = new Float64Array(2 * size);
  const count = Math.max(1, Math.ceil((signal.length - size) / hop) + 1);
  const frames: Float32Array[] = [];
  const bins = size / 2 + 1;
  for (let t = 0; t < count; t++) {
    const start = t * hop;
    for (let i = 0; i < size; i++) input[i] = (signal[start + i] ?? 0) * window[i]!;
    fft.realTransform(out, input);
    const mags = new Float32Array(bins);
    for (let k = 0; k < bins; k++) {
      const re = out[2 * k]!;
      const im = out[2 * k + 1]!;
      mags[k] = Math.sqrt(re * re + im * im);
    }
    frames.push(mags);
  }
  return { frames, size, hop, rate };
}

/** Centre frequency (Hz) of bin `k`. */
export const binHz = (s: Spectrogram, k: number): number => (k * s.rate) / s.size;
