// The MPEG-1/2/2.5 Layer III frame header, read once for the decoder's split (split-mp3.ts) and
// the gateway's MP3 writer (server/library/auditions/mp3-info-tag.ts).

/** Layer III bitrates (kbit/s) by bitrate index: MPEG-1, then MPEG-2 and 2.5. */
export const BITRATES_MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
/** MPEG-2 and 2.5 Layer III bitrates (kbit/s) by bitrate index. */
export const BITRATES_MPEG2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES_MPEG1 = [44100, 48000, 32000];

/** The fields of one MPEG-1/2/2.5 Layer III frame header. */
export interface Mp3FrameHeader {
  /** The 2 version bits: 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5. */
  versionBits: number;
  bitrateIndex: number;
  kbps: number;
  rateIndex: number;
  sampleRate: number;
  /** 0 stereo, 1 joint stereo, 2 dual channel, 3 mono. */
  channelMode: number;
  /** A 16-bit CRC follows the header (protection bit 0). */
  crc: boolean;
  /** Whole frame length in bytes, header included. */
  length: number;
  samplesPerFrame: number;
  /** Side information bytes after the header (and its CRC, when there is one). */
  sideInfoLength: number;
}

/** Reads the Layer III frame header at `at`, or null when there is none (free format included). */
export function readFrameHeader(bytes: Uint8Array, at: number): Mp3FrameHeader | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return null;
  const versionBits = (bytes[at + 1]! >> 3) & 3;
  const layerBits = (bytes[at + 1]! >> 1) & 3;
  const bitrateIndex = bytes[at + 2]! >> 4;
  const rateIndex = (bytes[at + 2]! >> 2) & 3;
  // Layer III only (01), no reserved version, no free format or bad bitrate, no reserved rate.
  if (versionBits === 1 || layerBits !== 1) return null;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = versionBits === 3;
  const sampleRate = RATES_MPEG1[rateIndex]! / (mpeg1 ? 1 : versionBits === 2 ? 2 : 4);
  const kbps = (mpeg1 ? BITRATES_MPEG1 : BITRATES_MPEG2)[bitrateIndex]!;
  const channelMode = bytes[at + 3]! >> 6;
  const padding = (bytes[at + 2]! >> 1) & 1;
  return {
    versionBits,
    bitrateIndex,
    kbps,
    rateIndex,
    sampleRate,
    channelMode,
    crc: (bytes[at + 1]! & 1) === 0,
    length: layer3FrameLength(mpeg1, kbps, sampleRate) + padding,
    samplesPerFrame: mpeg1 ? 1152 : 576,
    sideInfoLength: mpeg1 ? (channelMode === 3 ? 17 : 32) : channelMode === 3 ? 9 : 17,
  };
}

/** Bytes of an unpadded Layer III frame. */
export function layer3FrameLength(mpeg1: boolean, kbps: number, sampleRate: number): number {
  return Math.floor(((mpeg1 ? 144000 : 72000) * kbps) / sampleRate);
}
