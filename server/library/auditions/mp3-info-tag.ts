// Gapless MP3: lamejs writes no LAME/Info tag, so every decoder plays the encoder's delay and
// its own as silence before the first sample (~50 ms at 22.05 kHz) and pads the end. The tag
// frame built here (Xing "Info" header + LAME extension, layout of "Mp3 Info Tag rev 1", as
// LAME's VbrTag.c writes it and mpg123's parse.c / FFmpeg's mp3dec.c read it) tells them
// how many samples to cut at each end.
import { Mp3Encoder } from '@breezystack/lamejs';
import { concatBytes } from '../../../src/shared/bytes.ts';
import {
  BITRATES_MPEG1,
  BITRATES_MPEG2,
  layer3FrameLength,
  readFrameHeader,
  type Mp3FrameHeader,
} from '../../../src/wasm/mpg123/mp3-frame-header.ts';
import { markMidSide, toMidSide } from './mp3-mid-side.ts';

/** Samples lamejs (LAME 3.x) delays its output by; measured: an impulse at n decodes at n + 576 + 529. */
export const LAME_ENCODER_DELAY = 576;

/** Decoder delay of mpg123 and FFmpeg (samples): trimmed too when the tag is present. */
export const DECODER_DELAY = 529;

/** Encoder name in the LAME extension: decoders honour the delays only after "LAME" (FFmpeg). */
const ENCODER_VERSION = 'LAME3.100';

/** Xing flags: frame count, byte count, TOC, quality. */
const XING_FLAGS = 0x1 | 0x2 | 0x4 | 0x8;

/** Xing quality field: 100 − 10 × VBR_q − quality, LAME's formula with lamejs's q 4 and quality 3. */
const XING_QUALITY = 57;

/** Bytes from "Info" to the end of the LAME extension: 4 + 4 + 4 + 4 + 100 + 4 + 36. */
const TAG_BYTES = 156;

/** What a walk over a stream of frames found. */
interface Mp3Stream {
  first: Mp3FrameHeader;
  frames: number;
}

/**
 * Walks `bytes` frame by frame. Throws unless it is nothing but whole Layer III frames of one
 * stream (same version and sample rate throughout), as lamejs writes them.
 */
export function scanMp3Frames(bytes: Uint8Array): Mp3Stream {
  const first = readFrameHeader(bytes, 0);
  if (!first) throw new Error('MP3 stream does not start with a Layer III frame header');
  let frames = 0;
  let at = 0;
  while (at < bytes.length) {
    const frame = readFrameHeader(bytes, at);
    if (!frame || frame.versionBits !== first.versionBits || frame.rateIndex !== first.rateIndex)
      throw new Error(`MP3 stream has no matching frame header at byte ${at}`);
    at += frame.length;
    frames++;
  }
  if (at !== bytes.length) throw new Error('MP3 stream ends inside its last frame');
  return { first, frames };
}

/** CRC-16/ARC (polynomial 0x8005 reflected as 0xA001, initial 0): the LAME tag's checksum. */
export function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = (crc >>> 8) ^ CRC_TABLE[(crc ^ byte) & 0xff]!;
  return crc;
}

const CRC_TABLE = Uint16Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
  return c;
});

/** Encoder delay and the number of samples the caller fed in (per channel). */
interface GaplessInfo {
  encoderDelay: number;
  originalSamples: number;
}

/**
 * Builds the LAME "Info" frame for `audioBytes`, the frames that will follow it (`stream` is
 * their scan). The bitrate is the stream's own when the tag fits in such a frame, else the
 * smallest that holds it.
 */
export function buildInfoTagFrame(
  stream: Mp3Stream,
  audioBytes: Uint8Array,
  { encoderDelay, originalSamples }: GaplessInfo,
): Uint8Array {
  const { first, frames } = stream;
  const padding = frames * first.samplesPerFrame - encoderDelay - originalSamples;
  if (encoderDelay < 0 || encoderDelay > 0xfff || padding < 0 || padding > 0xfff)
    throw new RangeError(
      `encoder delay ${encoderDelay} / padding ${padding} do not fit in 12 bits`,
    );
  const mpeg1 = first.versionBits === 3;
  const needed = 4 + first.sideInfoLength + TAG_BYTES;
  const bitrates = mpeg1 ? BITRATES_MPEG1 : BITRATES_MPEG2;
  let index = first.bitrateIndex;
  if (layer3FrameLength(mpeg1, first.kbps, first.sampleRate) < needed)
    index = bitrates.findIndex(
      (kbps, i) => i > 0 && layer3FrameLength(mpeg1, kbps, first.sampleRate) >= needed,
    );
  if (index < 0) throw new RangeError('no Layer III bitrate gives a frame that holds the tag');
  const frame = new Uint8Array(layer3FrameLength(mpeg1, bitrates[index]!, first.sampleRate));
  const view = new DataView(frame.buffer);
  // Header: sync, the stream's version, Layer III, no CRC; bitrate, rate, no padding; channel mode.
  frame[0] = 0xff;
  frame[1] = 0xe0 | (first.versionBits << 3) | (1 << 1) | 1;
  frame[2] = (index << 4) | (first.rateIndex << 2);
  frame[3] = first.channelMode << 6;
  // Side information all zero: a decoder that ignores the tag plays this frame as silence.
  let at = 4 + first.sideInfoLength;
  const ascii = (text: string) => {
    for (let i = 0; i < text.length; i++) frame[at++] = text.charCodeAt(i);
  };
  const totalBytes = frame.length + audioBytes.length;
  ascii('Info'); // "Info" marks a CBR stream ("Xing" would be VBR).
  view.setUint32(at, XING_FLAGS);
  view.setUint32(at + 4, frames); // Audio frames, this one not counted.
  view.setUint32(at + 8, totalBytes); // The whole file, this frame included.
  at += 12;
  // TOC: byte position at each percent of the duration, in 1/256 of the file: linear for CBR.
  for (let i = 0; i < 100; i++) frame[at + i] = Math.floor((i * 256) / 100);
  at += 100;
  view.setUint32(at, XING_QUALITY);
  at += 4;
  // LAME extension (36 bytes).
  const lame = at;
  ascii(ENCODER_VERSION);
  frame[lame + 9] = 0x01; // Tag revision 0 (as LAME writes it), VBR method 1: constant bitrate.
  // +10 lowpass, +11 peak, +15 radio and +17 audiophile gain, +19 flags/ATH: 0 = unknown.
  frame[lame + 20] = Math.min(255, first.kbps);
  frame[lame + 21] = encoderDelay >> 4;
  frame[lame + 22] = ((encoderDelay & 0xf) << 4) | (padding >> 8);
  frame[lame + 23] = padding & 0xff;
  // Misc: stereo mode (mono 0, stereo 1, dual 2, joint 3) and source rate (≤ 32 kHz 0, 44.1 1, 48 2).
  const stereoMode = [1, 3, 2, 0][first.channelMode]!;
  const sourceRate = first.sampleRate <= 32000 ? 0 : first.sampleRate === 48000 ? 2 : 1;
  frame[lame + 24] = (stereoMode << 2) | (sourceRate << 6);
  // +25 MP3 gain, +26 preset: 0.
  view.setUint32(lame + 28, totalBytes); // Music length, as LAME counts it: with this frame.
  view.setUint16(lame + 32, crc16(audioBytes)); // Music CRC: every byte after this frame.
  // Tag CRC over every byte of the frame before it (the first 190 for MPEG-1 stereo).
  view.setUint16(lame + 34, crc16(frame.subarray(0, lame + 34)));
  return frame;
}

/** Puts a LAME Info frame in front of lamejs's frames, so decoders trim delay and padding. */
export function withInfoTag(audioBytes: Uint8Array, gapless: GaplessInfo): Uint8Array {
  const frame = buildInfoTagFrame(scanMp3Frames(audioBytes), audioBytes, gapless);
  return concatBytes([frame, audioBytes]);
}

/** Samples per lamejs call: large enough that call overhead does not count. */
const BLOCK = 1152 * 16;

/**
 * Encodes 16-bit PCM (one array per channel, 1 or 2) to a CBR MP3 with lamejs and puts the LAME
 * Info frame in front: mpg123 and FFmpeg then decode exactly the samples given, with no delay.
 * Stereo at an MPEG-1 rate (32, 44.1, 48 kHz) is joint stereo, mid/side (`mp3-mid-side.ts`).
 */
export function encodeGaplessMp3(
  channels: Int16Array[],
  sampleRate: number,
  kbps: number,
): Uint8Array {
  const [left, right] = channels;
  if (!left || channels.length > 2) throw new RangeError('encodeGaplessMp3 takes 1 or 2 channels');
  if (right && sampleRate >= 32000) {
    const audio = encodeFrames(toMidSide(left, right), sampleRate, kbps);
    if (readFrameHeader(audio, 0)?.sampleRate === sampleRate && markMidSide(audio))
      return withInfoTag(audio, { encoderDelay: LAME_ENCODER_DELAY, originalSamples: left.length });
  }
  const audio = encodeFrames(channels, sampleRate, kbps);
  // lamejs resamples when the bitrate is too low for the rate (8 kbit/s at 11.025 kHz → 8 kHz):
  // delay and length are then counted in other samples, so such a stream stays untagged.
  if (readFrameHeader(audio, 0)?.sampleRate !== sampleRate) return audio;
  return withInfoTag(audio, { encoderDelay: LAME_ENCODER_DELAY, originalSamples: left.length });
}

/** lamejs's frames for 1 or 2 channels of 16-bit PCM (left/right as given). */
function encodeFrames(channels: Int16Array[], sampleRate: number, kbps: number): Uint8Array {
  const [left, right] = channels as [Int16Array, Int16Array?];
  const encoder = new Mp3Encoder(channels.length, sampleRate, kbps);
  // lamejs answers Int8Array copies (its typings say Uint8Array): set() turns them into bytes.
  const parts: ArrayLike<number>[] = [];
  for (let i = 0; i < left.length; i += BLOCK)
    parts.push(encoder.encodeBuffer(left.subarray(i, i + BLOCK), right?.subarray(i, i + BLOCK)));
  parts.push(encoder.flush());
  return concatBytes(parts);
}
