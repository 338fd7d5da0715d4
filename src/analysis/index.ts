// The sound analysis shared by the gateway (seeding, import) and the browser's worker pool:
// tempo, key, kind, loudness, true peak and a timbre embedding of decoded PCM
// (docs/ANALYSIS.md; the layer's place: docs/ARCHITECTURE.md).
import { classifyKind, hasBeat } from './kind.ts';
import { chroma, estimateKey } from './key.ts';
import type { KeyEstimate } from './keys.ts';
import { embed, EMBEDDING_SIZE, rawDescriptors } from './embedding.ts';
import { integratedLoudness, truePeakDb } from './loudness.ts';
import { onsetEnvelope } from './onset.ts';
import { ANALYSIS_RATE, mixDown, resample } from './resample.ts';
import { spectrogram } from './spectrum.ts';
import { estimatePulseTempo, estimateTempo } from './tempo.ts';

export { DESCRIPTOR_COUNT, EMBEDDING_SIZE } from './embedding.ts';
export { keyToLabel, labelToKey, type KeyEstimate } from './keys.ts';

/**
 * Version of the analysis's answers: raised whenever the same PCM would give a different result
 * (an algorithm, a parameter, the embedding's descriptors or constants), so stored results can
 * be told apart and re-analysed.
 */
export const ANALYSIS_VERSION = 3;

/** What the analysis says about one sound. */
export interface SoundAnalysis {
  /** Tempo (BPM, one decimal) of a loop; null for a one-shot. */
  bpm: number | null;
  /** Key of tonal material (tonic spelled as the library's keys); null for drums and noise. */
  key: KeyEstimate | null;
  kind: 'oneshot' | 'loop';
  /** Integrated loudness (LUFS, ITU-R BS.1770-4); silence reads as LUFS_FLOOR (−70). */
  lufs: number;
  /** True peak (dBTP, 4× oversampled); silence reads as PEAK_FLOOR_DB (−120). */
  truePeakDb: number;
  /** EMBEDDING_SIZE floats, L2-normalised: the cosine of two sounds is their dot product. */
  embedding: Float32Array;
}

/** Decoded PCM: one Float32Array per channel, all the same length, and the sample rate. */
export interface AnalysisInput {
  channels: Float32Array[];
  sampleRate: number;
  /**
   * Whether the sound lasts whole 4/4 bars from a downbeat, as a loop is cut (the default), so
   * its length gives its tempo; false for a recording of any length (a microphone take), which
   * is taken as a loop whose tempo comes from its pulse alone.
   */
  wholeBars?: boolean;
}

/** Frame and hop of the onset and timbre spectrogram at ANALYSIS_RATE (46 ms, 11.6 ms). */
const FRAME = 1024;
const HOP = 256;

function validate(input: AnalysisInput): void {
  const { channels, sampleRate } = input;
  if (!Number.isFinite(sampleRate) || sampleRate < 8000 || sampleRate > 384_000)
    throw new RangeError(`analyseSound: sample rate ${sampleRate} is outside 8–384 kHz`);
  if (channels.length === 0) throw new RangeError('analyseSound: no channels');
  const frames = channels[0]!.length;
  if (frames === 0) throw new RangeError('analyseSound: no samples');
  if (channels.some((c) => c.length !== frames))
    throw new RangeError('analyseSound: channels differ in length');
}

/** `c` itself, or a copy with NaN and ±Infinity samples set to 0 (a damaged decode). */
function finiteOnly(c: Float32Array): Float32Array {
  for (let i = 0; i < c.length; i++)
    if (!Number.isFinite(c[i]!)) return c.map((x) => (Number.isFinite(x) ? x : 0));
  return c;
}

/** Side-to-mid energy ratio of a stereo pair (0 for mono): how wide the sound is. */
function stereoWidth(channels: Float32Array[]): number {
  if (channels.length < 2) return 0;
  const [l, r] = channels as [Float32Array, Float32Array];
  let mid = 1e-12,
    side = 0;
  for (let i = 0; i < l.length; i++) {
    mid += (l[i]! + r[i]!) ** 2;
    side += (l[i]! - r[i]!) ** 2;
  }
  return side / (mid + side);
}

/** The shared first steps: checked input, finite channels, the mono signal at ANALYSIS_RATE. */
function prepare(input: AnalysisInput) {
  validate(input);
  const channels = input.channels.map(finiteOnly);
  const mono = resample(mixDown(channels), input.sampleRate, ANALYSIS_RATE);
  const spectra = spectrogram(mono, ANALYSIS_RATE, FRAME, HOP);
  return { channels, mono, spectra, onsets: onsetEnvelope(spectra) };
}

/**
 * The embedding's raw descriptors before standardisation: what scripts/embedding-constants.ts
 * measures over the demo library to fix EMBEDDING_MEAN and EMBEDDING_SCALE.
 */
export function timbreDescriptors(input: AnalysisInput): Float64Array {
  const { channels, mono, spectra, onsets } = prepare(input);
  const width = stereoWidth(channels);
  return rawDescriptors(mono, ANALYSIS_RATE, spectra, onsets, width, chroma(mono, ANALYSIS_RATE));
}

/**
 * Analyses decoded PCM. Throws a RangeError for input it cannot read (no channels or samples,
 * unequal channels, a rate outside 8–384 kHz); non-finite samples count as silence.
 */
export function analyseSound(input: AnalysisInput): SoundAnalysis {
  const { channels, mono, spectra, onsets } = prepare(input);
  const wholeBars = input.wholeBars ?? true;
  const kind = wholeBars ? classifyKind(mono, ANALYSIS_RATE, onsets) : 'loop';
  const loop = kind === 'loop';
  const seconds = channels[0]!.length / input.sampleRate;
  const pitchClasses = chroma(mono, ANALYSIS_RATE);
  const key = estimateKey(pitchClasses, kind);
  const raw = rawDescriptors(
    mono,
    ANALYSIS_RATE,
    spectra,
    onsets,
    stereoWidth(channels),
    pitchClasses,
  );
  const embedding = embed(raw);
  if (embedding.length !== EMBEDDING_SIZE) throw new Error('embedding size drifted');
  return {
    // Tempo only where there is a beat (a held pad that loops has none).
    bpm: !wholeBars
      ? estimatePulseTempo(onsets, mono, ANALYSIS_RATE)
      : loop && hasBeat(onsets, seconds)
        ? estimateTempo(onsets, seconds)
        : null,
    key,
    kind,
    lufs: integratedLoudness(channels, input.sampleRate),
    truePeakDb: truePeakDb(channels),
    embedding,
  };
}
