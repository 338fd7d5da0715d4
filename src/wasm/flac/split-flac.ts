import type { SplitPlan } from '../split-decode.ts';

/**
 * Cuts a FLAC file in two at a real frame near the middle of its audio, so each half can be
 * decoded on its own thread. The head is the file up to that frame; the tail is the stream
 * header (`fLaC` + metadata) followed by that frame and the rest. Null when the file cannot be
 * cut safely: no total sample count in STREAMINFO, no verified frame found, odd metadata.
 *
 * A frame start is accepted only when its header passes every field check and its CRC-8, agrees
 * with STREAMINFO, and the frame it starts ends in a matching CRC-16 right where the next valid
 * header (or the file) begins — so a sync pattern inside frame data is not taken for a frame.
 * The caller still checks that the halves decode to exactly `headFrames` + `tailFrames`.
 */
export function splitFlac(bytes: Uint8Array): SplitPlan | null {
  const info = readStreamInfo(bytes);
  if (!info || info.totalFrames === 0) return null;
  const first = parseFrameHeader(bytes, info.audioStart, info);
  if (!first) return null;
  const middle = info.audioStart + Math.floor((bytes.length - info.audioStart) / 2);
  for (let at = middle; at < bytes.length - 2; at++) {
    if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xfe) !== 0xf8) continue;
    const header = parseFrameHeader(bytes, at, info);
    if (!header || header.variable !== first.variable || !frameCrcMatches(bytes, at, info))
      continue;
    // Fixed-size streams number frames; variable ones number samples.
    const headFrames = header.variable ? header.number : header.number * info.maxBlock;
    if (headFrames <= 0 || headFrames >= info.totalFrames) return null;
    const tail = new Uint8Array(info.audioStart + bytes.length - at);
    tail.set(bytes.subarray(0, info.audioStart));
    tail.set(bytes.subarray(at), info.audioStart);
    return {
      head: bytes.subarray(0, at),
      tail,
      headFrames,
      tailFrames: info.totalFrames - headFrames,
      tailLead: 0,
      tailEndCut: 0,
    };
  }
  return null;
}

/** What the frame scan needs from STREAMINFO, and where the frames begin. */
interface StreamInfo {
  audioStart: number;
  maxBlock: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  totalFrames: number;
}

function readStreamInfo(bytes: Uint8Array): StreamInfo | null {
  if (bytes[0] !== 0x66 || bytes[1] !== 0x4c || bytes[2] !== 0x61 || bytes[3] !== 0x43) return null;
  // STREAMINFO (type 0, 34 bytes) must come first.
  if ((bytes[4]! & 0x7f) !== 0 || len24(bytes, 5) !== 34) return null;
  const s = 8;
  const info = {
    maxBlock: (bytes[s + 2]! << 8) | bytes[s + 3]!,
    sampleRate: (bytes[s + 10]! << 12) | (bytes[s + 11]! << 4) | (bytes[s + 12]! >> 4),
    channels: ((bytes[s + 12]! >> 1) & 7) + 1,
    bitsPerSample: (((bytes[s + 12]! & 1) << 4) | (bytes[s + 13]! >> 4)) + 1,
    // 36 bits: 4 in byte 13, 32 in bytes 14–17.
    totalFrames:
      (bytes[s + 13]! & 0x0f) * 2 ** 32 +
      (((bytes[s + 14]! << 24) |
        (bytes[s + 15]! << 16) |
        (bytes[s + 16]! << 8) |
        bytes[s + 17]!) >>>
        0),
  };
  // Walk the metadata blocks to the one flagged last.
  let at = 4;
  for (;;) {
    if (at + 4 > bytes.length) return null;
    const last = (bytes[at]! & 0x80) !== 0;
    at += 4 + len24(bytes, at + 1);
    if (last) break;
  }
  return at < bytes.length ? { ...info, audioStart: at } : null;
}

function len24(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 16) | (bytes[at + 1]! << 8) | bytes[at + 2]!;
}

/** Sample rates of the frame-header codes 1–11 (0: from STREAMINFO; 12–14: in the header). */
const RATES = [0, 88200, 176400, 192000, 8000, 16000, 22050, 24000, 32000, 44100, 48000, 96000];
/** Sample sizes of the frame-header codes (0: from STREAMINFO; 3: reserved). */
const SIZES = [0, 8, 12, -1, 16, 20, 24, 32];

/** A parsed frame header: blocking strategy, coded number, header length. */
interface FrameHeader {
  variable: boolean;
  number: number;
  length: number;
}

/** Parses and checks the frame header at `at` (every field, CRC-8, STREAMINFO agreement). */
function parseFrameHeader(bytes: Uint8Array, at: number, info: StreamInfo): FrameHeader | null {
  if (at + 6 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xfe) !== 0xf8) return null;
  const blockCode = bytes[at + 2]! >> 4;
  const rateCode = bytes[at + 2]! & 0x0f;
  const channelCode = bytes[at + 3]! >> 4;
  const sizeCode = (bytes[at + 3]! >> 1) & 7;
  if (blockCode === 0 || rateCode === 15 || channelCode > 10 || (bytes[at + 3]! & 1) !== 0)
    return null;
  if (SIZES[sizeCode] === -1 || (sizeCode !== 0 && SIZES[sizeCode] !== info.bitsPerSample))
    return null;
  if ((channelCode < 8 ? channelCode + 1 : 2) !== info.channels) return null;
  if (rateCode >= 1 && rateCode <= 11 && RATES[rateCode] !== info.sampleRate) return null;
  const coded = readCodedNumber(bytes, at + 4);
  if (!coded) return null;
  let p = at + 4 + coded.length;
  if (blockCode === 6) p += 1;
  else if (blockCode === 7) p += 2;
  if (rateCode === 12) p += 1;
  else if (rateCode === 13 || rateCode === 14) p += 2;
  if (p >= bytes.length || crc8(bytes, at, p) !== bytes[p]) return null;
  return { variable: (bytes[at + 1]! & 1) === 1, number: coded.value, length: p + 1 - at };
}

/** FLAC's UTF-8-like coded frame/sample number (1–7 bytes). */
function readCodedNumber(bytes: Uint8Array, at: number): { value: number; length: number } | null {
  const b0 = bytes[at]!;
  let extra: number;
  if (b0 < 0x80) return { value: b0, length: 1 };
  if (b0 >= 0xc0 && b0 < 0xe0) extra = 1;
  else if (b0 >= 0xe0 && b0 < 0xf0) extra = 2;
  else if (b0 >= 0xf0 && b0 < 0xf8) extra = 3;
  else if (b0 >= 0xf8 && b0 < 0xfc) extra = 4;
  else if (b0 >= 0xfc && b0 < 0xfe) extra = 5;
  else if (b0 === 0xfe) extra = 6;
  else return null;
  let value = b0 & (0x7f >> (extra + 1));
  for (let i = 1; i <= extra; i++) {
    const b = bytes[at + i];
    if (b === undefined || (b & 0xc0) !== 0x80) return null;
    value = value * 64 + (b & 0x3f);
  }
  return { value, length: extra + 1 };
}

/**
 * True when the frame starting at `at` ends in its CRC-16 right before the next valid frame
 * header (or the end of the file): the CRC-16 of a frame including its stored CRC is 0.
 */
function frameCrcMatches(bytes: Uint8Array, at: number, info: StreamInfo): boolean {
  let crc = 0;
  for (let i = at; i < bytes.length; i++) {
    const nextSync = bytes[i] === 0xff && (bytes[i + 1]! & 0xfe) === 0xf8;
    if (crc === 0 && i - at > 8 && nextSync && parseFrameHeader(bytes, i, info)) return true;
    crc = ((crc << 8) ^ CRC16[(crc >> 8) ^ bytes[i]!]!) & 0xffff;
  }
  return crc === 0;
}

function crc8(bytes: Uint8Array, from: number, to: number): number {
  let crc = 0;
  for (let i = from; i < to; i++) crc = CRC8[crc ^ bytes[i]!]!;
  return crc;
}

const CRC8 = crcTable(8, 0x07);
const CRC16 = crcTable(16, 0x8005);

function crcTable(width: 8 | 16, poly: number): Uint16Array {
  const top = 1 << (width - 1);
  const mask = (1 << width) - 1;
  return Uint16Array.from({ length: 256 }, (_, n) => {
    let c = n << (width - 8);
    for (let i = 0; i < 8; i++) c = c & top ? ((c << 1) ^ poly) & mask : (c << 1) & mask;
    return c;
  });
}
