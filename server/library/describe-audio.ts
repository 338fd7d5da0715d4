// Decoding, measuring and analysing one audio file: what the importer stores for each file
// (runs on the analysis pool's worker threads, never on the gateway's event loop).
import { analyseSound } from '../../src/analysis/index.ts';
import { AudioError } from '../../src/shared/audio/audio-errors.ts';
import { DEFAULTS } from '../../src/shared/constants.ts';
import type { SniffedFormat } from '../../src/shared/audio/worker-protocol.ts';
import { decodeAudio } from '../../src/wasm/decode-audio.ts';
import { describeTruncation, findTruncation } from '../../src/wasm/find-truncation.ts';
import { looksLikeText } from '../../src/wasm/sniff-format.ts';
import { computePeaks } from '../../src/wasm/pcm/compute-peaks.ts';
import { encodeAudition } from './auditions/mp3-audition.ts';
import { toStoredAnalysis, type StoredAnalysis } from './sound-analysis.ts';
import type { Finding } from './review/findings.ts';
import { checkSignal, pcmHash } from './review/signal-checks.ts';

/** A decoded, measured and analysed file. */
export interface DescribedAudio {
  format: Exclude<SniffedFormat, 'other'>;
  sampleRate: number;
  channels: number;
  bitDepth: number | null;
  duration: number;
  peaks: Float32Array;
  audition: Uint8Array;
  analysis: StoredAnalysis;
  /** The review checks of its PCM (docs/LIBRARY.md "Review findings") and the PCM's hash. */
  review: { findings: Finding[]; pcmHash: string };
}

/** Decodes PCM from a file's bytes; throws AudioError for anything that is not playable audio. */
async function decodeChecked(bytes: Uint8Array) {
  if (bytes.length < DEFAULTS.minAudioBytes)
    throw new AudioError(
      'INVALID_AUDIO',
      `${bytes.length} bytes (minimum ${DEFAULTS.minAudioBytes})`,
    );
  const pcm = await decodeAudio(bytes).catch((error: unknown) => {
    // The sniffer's words are for an HTTP answer ("an error page?"); here it is a file.
    if (error instanceof AudioError && error.code === 'INVALID_AUDIO' && looksLikeText(bytes))
      throw new AudioError('INVALID_AUDIO', 'a text file, not audio');
    throw error;
  });
  if (pcm.format === 'other')
    throw new AudioError('UNSUPPORTED_FORMAT', 'not WAV, AIFF, FLAC, MP3 or Ogg Vorbis');
  return { ...pcm, format: pcm.format };
}

/**
 * Everything the importer stores of one file: format facts, peaks, MP3 audition, analysis. A file
 * shorter than its header declares is refused (TRUNCATED with both lengths), never stored shorter.
 */
export async function describeAudio(bytes: Uint8Array): Promise<DescribedAudio> {
  const pcm = await decodeChecked(bytes);
  const truncation = findTruncation(bytes, pcm);
  if (truncation) throw new AudioError('TRUNCATED', describeTruncation(truncation));
  // The review checks read the same decoded PCM: no second decode.
  const peaks = computePeaks(pcm.channels, DEFAULTS.spectrumPeaks);
  const audition = encodeAudition(pcm.channels, pcm.sampleRate);
  const analysis = toStoredAnalysis(
    analyseSound({ channels: pcm.channels, sampleRate: pcm.sampleRate }),
  );
  return {
    format: pcm.format,
    sampleRate: pcm.sampleRate,
    channels: pcm.channels.length,
    bitDepth: pcm.bitDepth,
    duration: pcm.frames / pcm.sampleRate,
    peaks,
    audition,
    analysis,
    review: {
      findings: checkSignal(pcm.channels, pcm.sampleRate, analysis.detectedKind),
      pcmHash: pcmHash(pcm.channels, pcm.sampleRate),
    },
  };
}

/** The analysis of a stored audio file's bytes. */
export async function analyseBytes(bytes: Uint8Array): Promise<StoredAnalysis> {
  const pcm = await decodeChecked(bytes);
  return toStoredAnalysis(analyseSound({ channels: pcm.channels, sampleRate: pcm.sampleRate }));
}
