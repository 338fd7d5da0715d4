import { analyseSound, keyToLabel, type SoundAnalysis } from '../analysis/index.ts';
import { AudioError } from '../shared/audio/audio-errors.ts';
import type { AnalyseOptions, FileAnalysis } from '../shared/audio/worker-protocol.ts';
import { DEFAULTS } from '../shared/constants.ts';
import { decodeAudio, type DecodeOptions } from '../wasm/decode-audio.ts';
import { sniffFormat } from '../wasm/sniff-format.ts';

/**
 * Seconds of a long file that are analysed: a sample is seconds long, and a whole song dropped on
 * the search bar would otherwise take its length in analysis time for no better answer.
 */
export const ANALYSED_SECONDS = 60;

/**
 * Search by sound, in the worker: sniff → decode with our decoders (WAV, AIFF, MP3, FLAC, Ogg
 * Vorbis; no ffmpeg, so an unknown file is refused at once) → `analyseSound` over its first
 * ANALYSED_SECONDS. Throws AudioError only: UNSUPPORTED_FORMAT for a file that is not audio,
 * INVALID_AUDIO for one too short, DECODE for a damaged one. docs/SOUNDS.md, "Search by sound".
 */
export async function analyseFile(
  bytes: Uint8Array,
  options: Omit<DecodeOptions, 'fallback' | 'onChunk'> & AnalyseOptions = {},
): Promise<FileAnalysis> {
  if (bytes.length < DEFAULTS.minAudioBytes)
    throw new AudioError(
      'INVALID_AUDIO',
      `audio data of ${bytes.length} bytes (minimum ${DEFAULTS.minAudioBytes})`,
    );
  const format = sniffed(bytes);
  if (format === 'other')
    throw new AudioError('UNSUPPORTED_FORMAT', 'not a WAV, AIFF, MP3, FLAC or Ogg Vorbis file');
  const t0 = performance.now();
  const pcm = await decodeAudio(bytes, options).catch((error: unknown) => {
    // A file that looks like audio but will not decode is, to the user, a damaged file.
    throw new AudioError('DECODE', `${format}: ${(error as Error)?.message ?? error}`);
  });
  const t1 = performance.now();
  if (pcm.frames === 0 || pcm.channels.length === 0)
    throw new AudioError('INVALID_AUDIO', 'the file holds no audio frames');
  const frames = Math.min(pcm.frames, Math.round(ANALYSED_SECONDS * pcm.sampleRate));
  const channels =
    frames === pcm.frames ? pcm.channels : pcm.channels.map((plane) => plane.subarray(0, frames));
  let sound: SoundAnalysis;
  try {
    sound = analyseSound({ channels, sampleRate: pcm.sampleRate, wholeBars: options.wholeBars });
  } catch (error) {
    throw new AudioError('DECODE', `analysis failed: ${(error as Error)?.message ?? error}`);
  }
  return {
    format,
    sampleRate: pcm.sampleRate,
    duration: pcm.frames / pcm.sampleRate,
    kind: sound.kind,
    bpm: sound.bpm,
    key: sound.key && keyToLabel(sound.key),
    lufs: sound.lufs,
    truePeakDb: sound.truePeakDb,
    embedding: sound.embedding,
    timings: { decode: t1 - t0, analyse: performance.now() - t1 },
  };
}

/** The file's format; text (which the sniffer refuses as an error page) is "not audio" here. */
function sniffed(bytes: Uint8Array): ReturnType<typeof sniffFormat> {
  try {
    return sniffFormat(bytes);
  } catch (error) {
    throw new AudioError('UNSUPPORTED_FORMAT', `not audio: ${(error as Error).message}`);
  }
}
