/** FLAC stream facts shared by the frame scan (split-flac.ts) and the decoder. */

/** What the frame scan needs from STREAMINFO, and where the frames begin. */
export interface StreamInfo {
  audioStart: number;
  maxBlock: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  totalFrames: number;
}

/** Reads STREAMINFO and finds the first frame; null when the bytes are not a plain FLAC stream. */
export function readStreamInfo(bytes: Uint8Array): StreamInfo | null {
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

/** A parsed frame header: blocking strategy, coded number, block size, channel layout, length. */
interface FrameHeader {
  variable: boolean;
  number: number;
  /** Samples per channel in the frame. */
  blockSize: number;
  /** 0–7: that many channels + 1, independent; 8 left/side, 9 side/right, 10 mid/side. */
  channelCode: number;
  /** Bytes up to and including the CRC-8. */
  length: number;
}

/** Parses and checks the frame header at `at` (every field, CRC-8, STREAMINFO agreement). */
export function parseFrameHeader(
  bytes: Uint8Array,
  at: number,
  info: StreamInfo,
): FrameHeader | null {
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
  let blockSize = BLOCK_SIZES[blockCode]!;
  if (blockCode === 6) blockSize = bytes[p++]! + 1;
  else if (blockCode === 7) blockSize = ((bytes[p]! << 8) | bytes[p + 1]!) + 1;
  if (blockCode === 7) p += 2;
  if (rateCode === 12) p += 1;
  else if (rateCode === 13 || rateCode === 14) p += 2;
  if (p >= bytes.length || crc8(bytes, at, p) !== bytes[p]) return null;
  return {
    variable: (bytes[at + 1]! & 1) === 1,
    number: coded.value,
    blockSize,
    channelCode,
    length: p + 1 - at,
  };
}

/** Block sizes of the frame-header codes (0 reserved; 6, 7: stored after the coded number). */
const BLOCK_SIZES = [
  0, 192, 576, 1152, 2304, 4608, 0, 0, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768,
];

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

/** CRC-8 (poly 0x07) of `bytes[from, to)`, as in FLAC frame headers. */
export function crc8(bytes: Uint8Array, from: number, to: number): number {
  let crc = 0;
  for (let i = from; i < to; i++) crc = CRC8[crc ^ bytes[i]!]!;
  return crc;
}

const CRC8 = crcTable(8, 0x07);
/** CRC-16 (poly 0x8005) table of FLAC frame footers. */
export const CRC16 = crcTable(16, 0x8005);

function crcTable(width: 8 | 16, poly: number): Uint16Array {
  const top = 1 << (width - 1);
  const mask = (1 << width) - 1;
  return Uint16Array.from({ length: 256 }, (_, n) => {
    let c = n << (width - 8);
    for (let i = 0; i < 8; i++) c = c & top ? ((c << 1) ^ poly) & mask : (c << 1) & mask;
    return c;
  });
}
