// The sound analysis shared by the gateway (seeding, import) and the browser's worker pool:
// tempo, key, kind, loudness, true peak and a timbre embedding of decoded PCM
// (docs/ANALYSIS.md; the layer's place: docs/ARCHITECTURE.md).
import { classifyKind } from './kind.ts';
import { chroma, estimateKey } from './key.ts';
import type { KeyEstimate } from './keys.ts';
import { embed, EMBEDDING_SIZE, rawDescriptors } from './embedding.ts';
import { integratedLoudness, truePeakDb } from './loudness.ts';
import { onsetEnvelope } from './onset.ts';
import { ANALYSIS_RATE, mixDown, resample } from './resample.ts';
import { spectrogram } from './spectrum.ts';
import { estimateTempo } from './tempo.ts';

export { EMBEDDING_SIZE } from './embedding.ts';
export { keyToLabel, labelToKey, type KeyEstimate } from './keys.ts';

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
}

/** Frame and hop of the onset and timbre spectrogram at ANALYSIS_RATE (46 ms, 11.6 ms). */
const FRAME = 1024;
const HOP = 256;
/** Frame and hop of the chroma spectrogram: 2.7 Hz bins separate the semitones from A1 up. */
const CHROMA_FRAME = 8192;
const CHROMA_HOP = 2048;

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

/**
 * Analyses decoded PCM. Throws a RangeError for input it cannot read (no channels or samples,
 * unequal channels, a rate outside 8–384 kHz); non-finite samples count as silence.
 */
export function analyseSound(input: AnalysisInput): SoundAnalysis {
  validate(input);
  const channels = input.channels.map(finiteOnly);
  const mono = resample(mixDown(channels), input.sampleRate, ANALYSIS_RATE);
  const spectra = spectrogram(mono, ANALYSIS_RATE, FRAME, HOP);
  const onsets = onsetEnvelope(spectra);
  const kind = classifyKind(mono, ANALYSIS_RATE, onsets);
  const loop = kind === 'loop';
  const seconds = channels[0]!.length / input.sampleRate;
  const key = estimateKey(chroma(spectrogram(mono, ANALYSIS_RATE, CHROMA_FRAME, CHROMA_HOP)));
  const raw = rawDescriptors(mono, ANALYSIS_RATE, spectra, onsets, stereoWidth(channels));
  const embedding = embed(raw);
  if (embedding.length !== EMBEDDING_SIZE) throw new Error('embedding size drifted');
  return {
    bpm: loop ? estimateTempo(onsets, seconds) : null,
    key,
    kind,
    lufs: integratedLoudness(channels, input.sampleRate),
    truePeakDb: truePeakDb(channels),
    embedding,
  };
}
