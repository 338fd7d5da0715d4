import { AudioError } from '../shared/audio/audio-errors.ts';
import type { SniffedFormat } from '../shared/audio/worker-protocol.ts';
import { ascii } from './pcm/decode-wav.ts';

/**
 * Names the container from the first bytes (never the content-type). `other` means a known
 * audio container our fast decoders do not handle (MP4/M4A, ADTS AAC, Opus, WebM, CAF, AU,
 * ASF…) — ffmpeg's job.
 * Text (an HTML or JSON error page) is INVALID_AUDIO; unknown binary is UNSUPPORTED_FORMAT.
 */
export function sniffFormat(bytes: Uint8Array): SniffedFormat {
  const head = ascii(bytes, 0);
  if ((head === 'RIFF' || head === 'RF64') && ascii(bytes, 8) === 'WAVE') return 'wav';
  if (head === 'FORM' && (ascii(bytes, 8) === 'AIFF' || ascii(bytes, 8) === 'AIFC')) return 'aiff';
  if (head === 'fLaC') return 'flac';
  if (head === 'OggS') return oggCodec(bytes);
  const afterId3 = skipId3(bytes);
  if (ascii(bytes, afterId3) === 'fLaC') return 'flac';
  if (isMpegFrame(bytes, afterId3)) return 'mp3';
  if (
    ascii(bytes, 4) === 'ftyp' ||
    isAdtsFrame(bytes, afterId3) ||
    head === 'caff' ||
    head === '.snd' ||
    head === 'wvpk' ||
    head === 'MAC ' ||
    // EBML: WebM / Matroska audio
    (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) ||
    (bytes[0] === 0x30 && bytes[1] === 0x26 && bytes[2] === 0xb2 && bytes[3] === 0x75)
  )
    return 'other';
  if (looksLikeText(bytes))
    throw new AudioError('INVALID_AUDIO', 'the answer is text (an error page?), not audio');
  throw new AudioError('UNSUPPORTED_FORMAT', 'unrecognised audio format');
}

/** Identification headers of the other Ogg audio codecs ffmpeg decodes. */
const OGG_FFMPEG_CODECS = ['OpusHead', '\x7fFLAC', 'Speex   '];

/**
 * Ogg Vorbis is ours; Opus, FLAC-in-Ogg and Speex go to ffmpeg. Anything else behind `OggS` is
 * not audio we know: UNSUPPORTED_FORMAT at once, where handing it to ffmpeg (a cold start of
 * its WASM in the worker) made a corrupt file's job take about 3 s.
 */
function oggCodec(bytes: Uint8Array): SniffedFormat {
  // The first page's segment table is followed by the codec's identification header.
  const segments = bytes[26] ?? 0;
  const body = 27 + segments;
  if (bytes[body] === 1 && ascii(bytes, body + 1) === 'vorb') return 'ogg';
  const id = String.fromCharCode(...bytes.subarray(body, body + 8));
  if (OGG_FFMPEG_CODECS.some((codec) => id.startsWith(codec))) return 'other';
  throw new AudioError('UNSUPPORTED_FORMAT', 'an Ogg stream of no audio codec we know');
}

/** True when the first MPEG frame (after any ID3v2 tag) is single-channel (mode bits 11). */
export function isMonoMpeg(bytes: Uint8Array): boolean {
  const at = skipId3(bytes);
  return isMpegFrame(bytes, at) && bytes[at + 3]! >> 6 === 3;
}

/** Offset after an ID3v2 tag at the start, or 0. */
export function skipId3(bytes: Uint8Array): number {
  if (bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  // Synchsafe 28-bit size, plus a 10-byte footer when flag bit 4 is set.
  const size =
    ((bytes[6]! & 0x7f) << 21) |
    ((bytes[7]! & 0x7f) << 14) |
    ((bytes[8]! & 0x7f) << 7) |
    (bytes[9]! & 0x7f);
  return 10 + size + ((bytes[5]! & 0x10) !== 0 ? 10 : 0);
}

/** An MPEG audio frame header: 11 sync bits, a valid version, layer, bitrate and rate. */
function isMpegFrame(bytes: Uint8Array, at: number): boolean {
  const b1 = bytes[at + 1] ?? 0;
  const b2 = bytes[at + 2] ?? 0;
  return (
    bytes[at] === 0xff &&
    (b1 & 0xe0) === 0xe0 &&
    ((b1 >> 3) & 3) !== 1 &&
    ((b1 >> 1) & 3) !== 0 &&
    b2 >> 4 !== 15 &&
    ((b2 >> 2) & 3) !== 3
  );
}

/** An ADTS header (raw .aac): 12 sync bits, layer 00, a sampling index below 13. */
function isAdtsFrame(bytes: Uint8Array, at: number): boolean {
  const b1 = bytes[at + 1] ?? 0;
  return bytes[at] === 0xff && (b1 & 0xf6) === 0xf0 && (((bytes[at + 2] ?? 0xff) >> 2) & 0xf) < 13;
}

/** True when the first 512 bytes are printable text (tabs and line breaks allowed). */
export function looksLikeText(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 512);
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b < 9 || (b > 13 && b < 32)) return false;
  }
  return n > 0;
}
