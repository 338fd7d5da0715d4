/** Test-only encoders for the split-decoding tests: libFLAC and LAME files of chosen shapes. */
import { Mp3Encoder } from '@breezystack/lamejs';
import type * as FlacApi from 'libflacjs/dist/libflac.js';
import { concatBytes } from '../../shared/bytes.ts';

/** A signal with some life in it (two partials, a tremolo, a burst of noise-like chirp). */
export function testSignal(channels: number, frames: number, sampleRate: number): Float32Array[] {
  return Array.from({ length: channels }, (_, c) =>
    Float32Array.from({ length: frames }, (_, i) => {
      const t = i / sampleRate;
      const trem = 0.7 + 0.3 * Math.sin(2 * Math.PI * 0.7 * t);
      return (
        0.35 * trem * Math.sin(2 * Math.PI * (220 + 3 * c) * t) +
        0.2 * Math.sin(2 * Math.PI * (1500 + 800 * Math.sin(3 * t)) * t)
      );
    }),
  );
}

/** Options of `libflacEncode`. */
interface FlacOptions {
  bits?: 16 | 24;
  blockSize?: number;
  /** False: STREAMINFO's total sample count stays 0 ("unknown"). */
  totalKnown?: boolean;
}

/** Encodes planes with libFLAC (level 5) — the encoder real FLAC files come from. */
export async function libflacEncode(
  planes: Float32Array[],
  sampleRate: number,
  { bits = 16, blockSize = 0, totalKnown = true }: FlacOptions = {},
): Promise<Uint8Array> {
  // A CommonJS module: its exports object is the library.
  const mod = (await import('libflacjs/dist/libflac.js')) as { default?: unknown };
  const Flac = (mod.default ?? mod) as typeof FlacApi;
  if (!Flac.isReady()) await new Promise((r) => Flac.on('ready', r));
  const frames = planes[0]!.length;
  const scale = 2 ** (bits - 1) - 1;
  const interleaved = new Int32Array(frames * planes.length);
  for (let i = 0; i < frames; i++)
    planes.forEach((p, c) => (interleaved[i * planes.length + c] = Math.round(p[i]! * scale)));
  const total = totalKnown ? frames : 0;
  const encoder = Flac.create_libflac_encoder(
    sampleRate,
    planes.length,
    bits,
    5,
    total,
    false,
    blockSize,
  );
  const parts: Uint8Array[] = [];
  if (Flac.init_encoder_stream(encoder, (data) => void parts.push(data.slice())) !== 0)
    throw new Error('libFLAC encoder init failed');
  if (!Flac.FLAC__stream_encoder_process_interleaved(encoder, interleaved, frames))
    throw new Error('libFLAC could not encode the fixture');
  Flac.FLAC__stream_encoder_finish(encoder);
  Flac.FLAC__stream_encoder_delete(encoder);
  return concatBytes(parts);
}

/** Encodes planes with LAME (lamejs) at `kbps`; no Xing/Info frame, as lamejs writes it. */
export function lameEncode(planes: Float32Array[], sampleRate: number, kbps: number): Uint8Array {
  const ints = planes.map((p) => Int16Array.from(p, (v) => Math.round(v * 32767)));
  const encoder = new Mp3Encoder(planes.length, sampleRate, kbps);
  const parts: Uint8Array[] = [];
  const u8 = (p: Int8Array | Uint8Array) => new Uint8Array(p.buffer, p.byteOffset, p.byteLength);
  for (let i = 0; i < ints[0]!.length; i += 1152)
    parts.push(
      u8(encoder.encodeBuffer(ints[0]!.subarray(i, i + 1152), ints[1]?.subarray(i, i + 1152))),
    );
  parts.push(u8(encoder.flush()));
  return concatBytes(parts);
}

/** Prepends an ID3v2.4 tag of `size` bytes of padding (a stand-in for title and cover art). */
export function withId3v2(mp3: Uint8Array, size = 4096): Uint8Array {
  const tag = new Uint8Array(10 + size);
  tag.set([0x49, 0x44, 0x33, 4, 0, 0]);
  [21, 14, 7, 0].forEach((shift, i) => (tag[6 + i] = (size >> shift) & 0x7f));
  return concatBytes([tag, mp3]);
}

/**
 * Prepends a LAME Info frame (same header as the first frame, Xing fields, LAME tag with
 * `delay`/`padding`, tag CRC) — what LAME writes for gapless playback.
 */
export function withLameInfo(mp3: Uint8Array, delay: number, padding: number): Uint8Array {
  const header = mp3.subarray(0, 4);
  const v1 = (header[1]! & 0x18) === 0x18;
  const mono = header[3]! >> 6 === 3;
  const tagAt = 4 + (v1 ? (mono ? 17 : 32) : mono ? 9 : 17);
  // The frame count is the number of audio frames the Info frame announces.
  let frames = 0;
  for (let at = 0; at + 4 <= mp3.length; frames++) at += mp3FrameLength(mp3, at);
  // The smallest bitrate whose unpadded frame holds the whole tag, as LAME picks it.
  const probe = Uint8Array.from(header);
  probe[2] = (probe[2]! & 0x0d) | 0x10;
  while (mp3FrameLength(probe, 0) < tagAt + 160) probe[2] += 0x10;
  const frame = new Uint8Array(mp3FrameLength(probe, 0));
  frame.set(probe);
  const view = new DataView(frame.buffer);
  const ascii = (s: string, at: number) =>
    [...s].forEach((c, i) => (frame[at + i] = c.charCodeAt(0)));
  ascii('Info', tagAt);
  view.setUint32(tagAt + 4, 0x0f);
  view.setUint32(tagAt + 8, frames);
  view.setUint32(tagAt + 12, mp3.length + frame.length);
  for (let i = 0; i < 100; i++) frame[tagAt + 16 + i] = Math.floor(i * 2.56);
  const lame = tagAt + 120;
  ascii('LAME3.100', lame);
  frame[lame + 21] = delay >> 4;
  frame[lame + 22] = ((delay & 15) << 4) | (padding >> 8);
  frame[lame + 23] = padding & 0xff;
  view.setUint32(lame + 28, mp3.length + frame.length);
  let crc = 0;
  for (let i = 0; i < lame + 34; i++) {
    crc ^= frame[i]!;
    for (let b = 0; b < 8; b++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  view.setUint16(lame + 34, crc);
  return concatBytes([frame, mp3]);
}

/** Length of the layer III frame at `at` (lamejs writes only those). */
function mp3FrameLength(bytes: Uint8Array, at: number): number {
  const v1 = (bytes[at + 1]! & 0x18) === 0x18;
  const v25 = (bytes[at + 1]! & 0x18) === 0;
  const kbps = (
    v1
      ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
      : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
  )[bytes[at + 2]! >> 4]!;
  const rate = [44100, 48000, 32000][(bytes[at + 2]! >> 2) & 3]! / (v1 ? 1 : v25 ? 4 : 2);
  return Math.floor(((v1 ? 144 : 72) * kbps * 1000) / rate) + ((bytes[at + 2]! >> 1) & 1);
}
