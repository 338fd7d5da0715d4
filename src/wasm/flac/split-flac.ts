import { HEAD_SHARE, type SplitPlan } from '../split-decode.ts';
import { CRC16, parseFrameHeader, readStreamInfo, type StreamInfo } from './flac-format.ts';

/**
 * Cuts a FLAC file in two at a real frame near HEAD_SHARE of its audio, so each part can be
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
  const cut = info.audioStart + Math.floor((bytes.length - info.audioStart) * HEAD_SHARE);
  for (let at = cut; at < bytes.length - 2; at++) {
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
