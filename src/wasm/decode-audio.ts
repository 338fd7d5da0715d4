import { AudioError } from '../shared/audio/audio-errors.ts';
import type { DecodedPcm } from '../shared/audio/worker-protocol.ts';
import { decodeFlac } from './flac/decode-flac.ts';
import { splitFlac } from './flac/split-flac.ts';
import { decodeMp3 } from './mpg123/decode-mp3.ts';
import { splitMp3 } from './mpg123/split-mp3.ts';
import { decodeAiff } from './pcm/decode-aiff.ts';
import { decodeWav } from './pcm/decode-wav.ts';
import { sniffFormat } from './sniff-format.ts';
import {
  decodeSplit,
  SPLIT_MIN_BYTES,
  type PlaneSource,
  type SegmentDecoder,
  type SplitFormat,
} from './split-decode.ts';
import type { SplitPolicy } from './split-policy.ts';
import { decodeVorbis } from './vorbis/decode-vorbis.ts';

/** Options of `decodeAudio`. */
export interface DecodeOptions {
  /** Decoder for `other` formats (ffmpeg.wasm in the browser); absent → UNSUPPORTED_FORMAT. */
  fallback?: (bytes: Uint8Array) => Promise<DecodedPcm>;
  /** Receives MP3 planes slice by slice while decoding (progressive playback). */
  onChunk?: (planes: Float32Array[], sampleRate: number, fraction: number) => void;
  /**
   * Decodes the second half of a large MP3 or FLAC (on another thread) while this one decodes
   * the first; absent → one whole decode. Not used with `onChunk`.
   */
  decodeSegment?: SegmentDecoder;
  /** Decides per file whether to split (and learns from the timings); absent → always split. */
  splitPolicy?: SplitPolicy;
  /** Where the FLAC and MP3 decoders get their output planes (here: fresh ones). */
  takePlane?: PlaneSource;
}

/**
 * Sniffs the format from the bytes and decodes to Float32 planes, fastest decoder first.
 * Every failure is an AudioError (INVALID_AUDIO, UNSUPPORTED_FORMAT or DECODE), never a crash.
 */
export async function decodeAudio(
  bytes: Uint8Array,
  options: DecodeOptions = {},
): Promise<DecodedPcm> {
  const format = sniffFormat(bytes);
  try {
    const pcm = await decodeKnown(format, bytes, options);
    if (!pcm.channels.every((p) => p.length === pcm.frames))
      throw new AudioError('DECODE', 'decoded channels differ in length');
    return pcm;
  } catch (error) {
    if (error instanceof AudioError) throw error;
    // A WASM trap or a RangeError on a corrupt file is still a decode failure, never a crash.
    throw new AudioError('DECODE', `${format}: ${(error as Error)?.message ?? String(error)}`);
  }
}

function decodeKnown(
  format: ReturnType<typeof sniffFormat>,
  bytes: Uint8Array,
  options: DecodeOptions,
): Promise<DecodedPcm> | DecodedPcm {
  switch (format) {
    case 'wav':
      return decodeWav(bytes);
    case 'aiff':
      return decodeAiff(bytes);
    case 'mp3':
      if (options.onChunk) return decodeMp3(bytes, { onChunk: options.onChunk });
      return decodeInHalves(bytes, 'mp3', options);
    case 'flac':
      return decodeInHalves(bytes, 'flac', options);
    case 'ogg':
      return decodeVorbis(bytes);
    case 'other':
      if (!options.fallback)
        throw new AudioError(
          'UNSUPPORTED_FORMAT',
          'this format needs ffmpeg, which is not available here',
        );
      return options.fallback(bytes);
  }
}

/**
 * This thread's decoder of each splittable format, for one whole file or segment; `frames` asks
 * for planes with room for that many (the whole file, when this is its head).
 */
export function decodeSegmentHere(
  bytes: Uint8Array,
  format: SplitFormat,
  frames?: number,
  takePlane?: PlaneSource,
): Promise<DecodedPcm> {
  return format === 'mp3'
    ? decodeMp3(bytes, { room: frames, takePlane })
    : decodeFlac(bytes, takePlane);
}

/** Two halves on two threads when a file is large enough and cuts cleanly; else one decode. */
async function decodeInHalves(
  bytes: Uint8Array,
  format: SplitFormat,
  { decodeSegment, splitPolicy, takePlane }: DecodeOptions,
): Promise<DecodedPcm> {
  const local = (b: Uint8Array, frames?: number) => decodeSegmentHere(b, format, frames, takePlane);
  if (!decodeSegment || bytes.length < SPLIT_MIN_BYTES[format]) return local(bytes);
  const split = splitPolicy?.shouldSplit(format) ?? true;
  const t0 = performance.now();
  const plan = split ? (format === 'mp3' ? splitMp3(bytes) : splitFlac(bytes)) : null;
  const joined = plan && (await decodeSplit(plan, format, local, decodeSegment));
  const pcm = joined ?? (await local(bytes));
  // A split that could not be made or joined measures neither path.
  if (joined || !split) splitPolicy?.record(format, split, bytes.length, performance.now() - t0);
  return pcm;
}
