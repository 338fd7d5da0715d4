// How close a decoded preview sounds to its file: octave-band energies, the stereo image
// (side/mid energy) and integrated loudness (tests/api/library-auditions.test.ts, the encode bench).
import FFT from 'fft.js';
import { integratedLoudness } from '../../src/analysis/loudness.ts';

/** Centres (Hz) of the octave bands compared, 500 Hz to 16 kHz. */
export const OCTAVE_CENTRES = [500, 1000, 2000, 4000, 8000, 16000];

const FFT_SIZE = 4096;

/**
 * Bands more than this far (dB) under the file's strongest octave (holding less than 1/10,000 of
 * its energy) are compared at this floor: they hold nothing a listener judges the sound by, and
 * an MP3 encoder quantises them to noise or silence under its masking threshold. A closed hat's
 * 500 Hz and 1 kHz octaves lie 75–80 dB under its top one, its 2 kHz octave 51 dB.
 */
export const BAND_FLOOR_DB = 40;

/** Power spectrum (summed over channels, Hann windows overlapping by half) of `channels`. */
function powerSpectrum(channels: Float32Array[]): Float64Array {
  const fft = new FFT(FFT_SIZE);
  const window = Float64Array.from(
    { length: FFT_SIZE },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_SIZE),
  );
  const power = new Float64Array(FFT_SIZE / 2 + 1);
  const input: number[] = Array.from({ length: FFT_SIZE }, () => 0);
  const out = fft.createComplexArray() as number[];
  for (const channel of channels)
    for (let start = -FFT_SIZE / 2; start < channel.length; start += FFT_SIZE / 2) {
      for (let i = 0; i < FFT_SIZE; i++) input[i] = (channel[start + i] ?? 0) * window[i]!;
      fft.realTransform(out, input);
      for (let k = 0; k <= FFT_SIZE / 2; k++) power[k]! += out[2 * k]! ** 2 + out[2 * k + 1]! ** 2;
    }
  return power;
}

/** Energy (dB, arbitrary reference) between `low` and `high` Hz. */
function bandDb(power: Float64Array, rate: number, low: number, high: number): number {
  const hz = rate / FFT_SIZE;
  let sum = 1e-30;
  for (let k = Math.ceil(low / hz); k <= Math.min(power.length - 1, high / hz); k++)
    sum += power[k]!;
  return 10 * Math.log10(sum);
}

/** What the comparison of a preview with its file found. */
export interface PreviewFidelity {
  /**
   * Per octave centre: the file's band (dB, arbitrary reference) and the preview's minus the
   * file's, after matching 1–4 kHz, both raised to BAND_FLOOR_DB under the file's strongest band.
   */
  bandDiffs: Array<{ centre: number; file: number; diff: number }>;
  /** Side/mid energy (dB) of the file and the preview; null for mono. */
  sideMid: { file: number; preview: number } | null;
  /** Integrated loudness (LUFS) of the file and the preview. */
  loudness: { file: number; preview: number };
}

/** Side/mid energy ratio (dB) of a stereo pair. */
export function sideMidDb([left, right]: Float32Array[]): number {
  let mid = 1e-30;
  let side = 1e-30;
  for (let i = 0; i < left!.length; i++) {
    mid += (left![i]! + right![i]!) ** 2;
    side += (left![i]! - right![i]!) ** 2;
  }
  return 10 * Math.log10(side / mid);
}

/** Compares a decoded preview with the file it was made from (both at their own rates). */
export function comparePreview(
  file: { channels: Float32Array[]; sampleRate: number },
  preview: { channels: Float32Array[]; sampleRate: number },
): PreviewFidelity {
  const filePower = powerSpectrum(file.channels);
  const previewPower = powerSpectrum(preview.channels);
  // Octave bands: centre / √2 to centre × √2 (the 16 kHz band up to the Nyquist frequency).
  const band = (power: Float64Array, rate: number, low: number, high: number) =>
    bandDb(power, rate, low, Math.min(high, rate / 2));
  const offset =
    band(previewPower, preview.sampleRate, 1000, 4000) -
    band(filePower, file.sampleRate, 1000, 4000);
  const levels = OCTAVE_CENTRES.map((centre) => {
    const [low, high] = [centre / Math.SQRT2, centre * Math.SQRT2];
    const fileDb = band(filePower, file.sampleRate, low, high);
    return {
      centre,
      fileDb,
      previewDb: band(previewPower, preview.sampleRate, low, high) - offset,
    };
  });
  const floor = Math.max(...levels.map((l) => l.fileDb)) - BAND_FLOOR_DB;
  const bandDiffs = levels.map(({ centre, fileDb, previewDb }) => ({
    centre,
    file: fileDb,
    diff: Math.max(previewDb, floor) - Math.max(fileDb, floor),
  }));
  return {
    bandDiffs,
    sideMid:
      file.channels.length === 2 && preview.channels.length === 2
        ? { file: sideMidDb(file.channels), preview: sideMidDb(preview.channels) }
        : null,
    loudness: {
      file: integratedLoudness(file.channels, file.sampleRate),
      preview: integratedLoudness(preview.channels, preview.sampleRate),
    },
  };
}
