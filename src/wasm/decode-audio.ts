import { AudioError } from '../shared/audio/audio-errors.ts';
import type { DecodedPcm } from '../shared/audio/worker-protocol.ts';
import { decodeFlac } from './flac/decode-flac.ts';
import { decodeMp3 } from './mpg123/decode-mp3.ts';
import { decodeAiff } from './pcm/decode-aiff.ts';
import { decodeWav } from './pcm/decode-wav.ts';
import { sniffFormat } from './sniff-format.ts';
import { decodeVorbis } from './vorbis/decode-vorbis.ts';

/** Options of `decodeAudio`. */
export interface DecodeOptions {
  /** Decoder for `other` formats (ffmpeg.wasm in the browser); absent → UNSUPPORTED_FORMAT. */
  fallback?: (bytes: Uint8Array) => Promise<DecodedPcm>;
  /** Receives MP3 planes slice by slice while decoding (progressive playback). */
  onChunk?: (planes: Float32Array[], sampleRate: number, fraction: number) => void;
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
      return decodeMp3(bytes, options.onChunk);
    case 'flac':
      return decodeFlac(bytes);
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
