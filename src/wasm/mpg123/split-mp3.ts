import { skipId3 } from '../sniff-format.ts';
import { HEAD_SHARE, type SplitPlan } from '../split-decode.ts';
import { readFrameHeader } from './mp3-frame-header.ts';

/** One MPEG layer III frame header, as far as the frame walk needs it. */
interface Mp3Frame {
  /** version bits and sampling-rate index: equal in every frame of one stream. */
  stream: number;
  length: number;
  samples: number;
  /** Bytes of side information after the header (and its CRC). */
  sideInfo: number;
}

/**
 * Cuts an MPEG layer III file in two at frame HEAD_SHARE × n, for decoding on two threads. The head
 * is every byte before frame k (ID3v2 tag and Xing/Info frame included). The tail starts `lead`
 * frames earlier: layer III frames borrow up to 511 bytes of main data from earlier frames (the
 * bit reservoir), each granule overlaps the previous one (IMDCT) and the synthesis filterbank
 * carries 480 samples over, so frames k−lead…k−1 only warm the tail's decoder up. mpg123 decodes
 * them anyway (the first, reservoir missing, to wrong samples; measured), so the plan keeps the
 * tail's last samples, which is right whether warm-up frames are output or skipped.
 *
 * With a LAME/Lavc Info or Xing frame, mpg123 plays gapless (measured): it cuts encoder delay +
 * 529 samples at the start and padding − 529 (if positive) at the end. The head (which keeps
 * that frame) gets the start cut; the tail (which has no tag) gets the end cut here.
 *
 * Null when the file does not walk cleanly from the first frame to the end (free format, a change
 * of stream, junk, a truncated last frame) or has a tag frame this model was not measured on
 * (VBRI, Xing without LAME fields, a frame count that differs from the walk).
 */
export function splitMp3(bytes: Uint8Array): SplitPlan | null {
  const walk = walkFrames(bytes);
  if (!walk) return null;
  const { offsets, first } = walk;
  const gapless = readGapless(bytes, offsets[0]!, first);
  if (gapless === null) return null;
  const audio = gapless ? offsets.slice(1) : offsets;
  if (gapless && gapless.frames !== audio.length) return null;
  const spf = first.samples;
  const n = audio.length;
  const k = Math.floor(n * HEAD_SHARE);
  const reservoir = spf === 1152 ? 511 : 255;
  let warm = 0;
  let covered = 0;
  // Frames before k − 2 whose main data covers the largest reservoir frame k − 2 may use;
  // k − 1 then refills the IMDCT overlap and the filterbank.
  for (let i = k - 3; i >= 0 && covered < reservoir; i--, warm++)
    covered += frameLength(bytes, audio, i) - first.sideInfo - 4;
  const lead = warm + 2;
  if (covered < reservoir || k - lead < 0) return null;
  const startCut = gapless ? gapless.delay + 529 : 0;
  const endCut = gapless ? Math.max(0, gapless.padding - 529) : 0;
  return {
    head: bytes.subarray(0, audio[k]),
    tail: bytes.subarray(audio[k - lead]),
    headFrames: k * spf - startCut,
    tailFrames: (n - k) * spf - endCut,
    tailLead: lead * spf,
    tailEndCut: endCut,
  };
}

/**
 * Samples per channel that every frame of a cleanly walking layer III file decodes to (tag frame
 * included): an upper bound of mpg123's output, for sizing planes. Null when the walk fails.
 */
export function mp3SampleBound(bytes: Uint8Array): number | null {
  const walk = walkFrames(bytes);
  return walk && walk.offsets.length * walk.first.samples;
}

/** What an MP3's Xing/Info frame announces, and what of it the file holds. */
export interface Mp3FrameCount {
  /** Audio frames the Xing/Info frame announces. */
  declared: number;
  /** Whole audio frames after it, to the end of the file. */
  present: number;
  samplesPerFrame: number;
  /** Samples a gapless decoder trims (LAME/Lavc encoder delay + padding), 0 without them. */
  trimmed: number;
}

/**
 * The frame count of the Xing/Info frame at the start against the whole frames that follow it
 * (a walk of frame headers only). Null without such a frame, or when the walk stops at something
 * that is not the file's end (junk, a change of stream): that says nothing about a cut.
 */
export function xingFrameCount(bytes: Uint8Array): Mp3FrameCount | null {
  const start = skipId3(bytes);
  const first = readFrame(bytes, start);
  if (!first || start + first.length > bytes.length) return null;
  const tagAt = start + 4 + first.sideInfo;
  const tag = ascii(bytes, tagAt, 4);
  if ((tag !== 'Xing' && tag !== 'Info') || tagAt + 12 > bytes.length) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if ((view.getUint32(tagAt + 4) & 1) === 0) return null;
  const declared = view.getUint32(tagAt + 8);
  let present = 0;
  let at = start + first.length;
  let cut = false;
  for (let frame; (frame = readFrame(bytes, at)) && frame.stream === first.stream; present++) {
    cut = at + frame.length > bytes.length; // the last frame is cut short
    if (cut) break;
    at += frame.length;
  }
  if (!cut && bytes.length - at >= 4 && !endsCleanly(bytes, at)) return null;
  const gapless = readGapless(bytes, start, first);
  const trimmed = gapless ? gapless.delay + gapless.padding : 0;
  return { declared, present, samplesPerFrame: first.samples, trimmed };
}

/** Every frame's offset, from the first after any ID3v2 tag to the end or a trailing tag. */
function walkFrames(bytes: Uint8Array): { offsets: number[]; first: Mp3Frame } | null {
  const offsets: number[] = [];
  let first: Mp3Frame | null = null;
  let at = skipId3(bytes);
  let frame: Mp3Frame | null;
  while ((frame = readFrame(bytes, at)) && (!first || frame.stream === first.stream)) {
    if (at + frame.length > bytes.length) return null;
    first ??= frame;
    offsets.push(at);
    at += frame.length;
  }
  return first && endsCleanly(bytes, at) ? { offsets, first } : null;
}

function frameLength(bytes: Uint8Array, offsets: number[], i: number): number {
  return (offsets[i + 1] ?? bytes.length) - offsets[i]!;
}

/** A layer III frame header at `at` as the walk needs it; null for anything else (incl. free format). */
function readFrame(bytes: Uint8Array, at: number): Mp3Frame | null {
  const header = readFrameHeader(bytes, at);
  if (!header) return null;
  return {
    stream: header.versionBits * 4 + header.rateIndex,
    length: header.length,
    samples: header.samplesPerFrame,
    sideInfo: header.sideInfoLength + (header.crc ? 2 : 0),
  };
}

/** True at the end of the file or at a trailing tag (ID3v1, APE, Lyrics3). */
function endsCleanly(bytes: Uint8Array, at: number): boolean {
  if (at === bytes.length) return true;
  const text = ascii(bytes, at, 8);
  return text.startsWith('TAG') || text.startsWith('APETAGEX') || text.startsWith('LYRICS');
}

/**
 * The first frame's gapless information: undefined when it is an audio frame; the LAME fields
 * when it is a Xing/Info frame written by LAME or libavcodec; null for any other tag frame.
 */
function readGapless(
  bytes: Uint8Array,
  at: number,
  frame: Mp3Frame,
): { frames: number; delay: number; padding: number } | undefined | null {
  const tagAt = at + 4 + frame.sideInfo;
  const tag = ascii(bytes, tagAt, 4);
  if (ascii(bytes, at + 36, 4) === 'VBRI') return null;
  if (tag !== 'Xing' && tag !== 'Info') return undefined;
  const word = (p: number) =>
    ((bytes[p]! << 24) | (bytes[p + 1]! << 16) | (bytes[p + 2]! << 8) | bytes[p + 3]!) >>> 0;
  const flags = word(tagAt + 4);
  if ((flags & 1) === 0) return null;
  const frames = word(tagAt + 8);
  // Optional fields: frame count (always here), byte count, 100-byte TOC, quality.
  const lame = tagAt + 12 + (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
  if (lame + 24 > at + frame.length || !/^(LAME|Lavc|Lavf)/.test(ascii(bytes, lame, 4)))
    return null;
  const d = bytes.subarray(lame + 21, lame + 24);
  return { frames, delay: (d[0]! << 4) | (d[1]! >> 4), padding: ((d[1]! & 0x0f) << 8) | d[2]! };
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}
