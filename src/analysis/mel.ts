// Mel-spaced triangular band energies of a spectrogram: the onset envelope and the MFCCs read them.
import type { Spectrogram } from './spectrum.ts';

const hzToMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

/** One triangular band: the bins it covers and their weights. */
interface Band {
  first: number;
  weights: Float32Array;
}

const banks = new Map<string, Band[]>();

/** `count` triangular mel bands between `low` and `high` Hz for FFT `size` at `rate`. */
export function melBands(
  size: number,
  rate: number,
  count: number,
  low: number,
  high: number,
): Band[] {
  const id = `${size}:${rate}:${count}:${low}:${high}`;
  const cached = banks.get(id);
  if (cached) return cached;
  const edges: number[] = [];
  for (let i = 0; i < count + 2; i++)
    edges.push(melToHz(hzToMel(low) + ((hzToMel(high) - hzToMel(low)) * i) / (count + 1)));
  const bins = size / 2 + 1;
  const hzOf = (k: number) => (k * rate) / size;
  const bands: Band[] = [];
  for (let b = 0; b < count; b++) {
    const [lo, mid, hi] = [edges[b]!, edges[b + 1]!, edges[b + 2]!];
    const first = Math.max(0, Math.floor((lo * size) / rate));
    const last = Math.min(bins - 1, Math.ceil((hi * size) / rate));
    const weights = new Float32Array(last - first + 1);
    for (let k = first; k <= last; k++) {
      const f = hzOf(k);
      weights[k - first] = Math.max(0, f <= mid ? (f - lo) / (mid - lo) : (hi - f) / (hi - mid));
    }
    // Narrow low bands may fall between bins: give each at least its nearest bin.
    if (weights.every((w) => w === 0))
      weights[Math.min(weights.length - 1, Math.round((mid * size) / rate) - first)] = 1;
    bands.push({ first, weights });
  }
  banks.set(id, bands);
  return bands;
}

/** Band powers of every frame: `out[t][b]`. */
export function melPowers(s: Spectrogram, bands: Band[]): Float32Array[] {
  return s.frames.map((mags) => {
    const out = new Float32Array(bands.length);
    bands.forEach((band, b) => {
      let sum = 0;
      for (let i = 0; i < band.weights.length; i++) {
        const m = mags[band.first + i]!;
        sum += band.weights[i]! * m * m;
      }
      out[b] = sum;
    });
    return out;
  });
}
