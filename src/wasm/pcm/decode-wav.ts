import { AudioError } from '../../shared/audio/audio-errors.ts';
import type { DecodedPcm } from '../../shared/audio/worker-protocol.ts';
import { checkStreamShape, deinterleave, type SampleLayout } from './pcm-samples.ts';

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_ALAW = 6;
const WAVE_FORMAT_MULAW = 7;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

interface Fmt {
  tag: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
  bitsPerSample: number;
}

/** Where a WAV file's samples are and how they are stored, from its header. */
export interface WavHeader {
  sampleRate: number;
  channels: number;
  bitDepth: number;
  layout: SampleLayout;
  /** Byte offset of the first sample. */
  dataOffset: number;
  /** Whole frames the file holds (a data chunk cut short by the file's end counts what is there). */
  frames: number;
  /**
   * Whole frames the data chunk declares: more than `frames` when the file ends inside it (cut
   * short), equal when it is whole or its size is a streaming writer's placeholder.
   */
  declaredFrames: number;
}

/**
 * Data-chunk sizes that mean "unknown": 0 and 0xFFFFFFFF from streaming writers, and SoX's
 * 0x7FFFF000 for a pipe; a real RIFF data chunk that large would have been written as RF64.
 */
function isPlaceholderSize(size: number): boolean {
  return size === 0 || size >= 0x7ffff000;
}

/**
 * Decodes a RIFF/WAVE (or RF64) file to Float32 planes: 8/16/24/32-bit integer, 32/64-bit float,
 * A-law/µ-law, WAVE_FORMAT_EXTENSIBLE, 1–8 channels, chunks in any order, odd chunks padded.
 * A data chunk cut short (or sized 0/0xFFFFFFFF by a streaming writer) yields the whole frames present.
 */
export function decodeWav(bytes: Uint8Array): DecodedPcm {
  const header = readWavHeader(bytes, bytes.length)!;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    sampleRate: header.sampleRate,
    channels: deinterleave(view, header.dataOffset, header.frames, header.channels, header.layout),
    frames: header.frames,
    format: 'wav',
    bitDepth: header.bitDepth,
  };
}

/**
 * Reads the header of a WAV file `total` bytes long from its first `bytes.length` bytes (all of
 * them, or the part that has arrived); null while a byte it needs is still missing. Given the
 * same `total`, it answers (or throws) the same on any prefix as on the whole file.
 */
export function readWavHeader(bytes: Uint8Array, total: number): WavHeader | null {
  const have = bytes.length;
  if (have < Math.min(12, total)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const id = ascii(bytes, 0);
  if ((id !== 'RIFF' && id !== 'RF64') || total < 12 || ascii(bytes, 8) !== 'WAVE')
    throw new AudioError('INVALID_AUDIO', 'not a RIFF/WAVE file');
  let fmt: Fmt | null = null;
  let data: { offset: number; size: number; declared: number } | null = null;
  let rf64DataSize: number | null = null;
  let at = 12;
  while (at + 8 <= total) {
    if (at + 8 > have) return null;
    const chunk = ascii(bytes, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (chunk === 'ds64' && body + 16 <= total) {
      if (body + 16 > have) return null;
      rf64DataSize = Number(view.getBigUint64(body + 8, true));
    } else if (chunk === 'fmt ') {
      if (size < 16 || body + 16 > total)
        throw new AudioError('INVALID_AUDIO', 'WAV fmt chunk is truncated');
      // readFmt reads at most 26 bytes (the EXTENSIBLE sub-format needs a 40-byte chunk).
      if (Math.min(body + Math.min(size, 40), total) > have) return null;
      fmt = readFmt(view, body, size);
    } else if (chunk === 'data') {
      const declared = id === 'RF64' && size === 0xffffffff && rf64DataSize ? rf64DataSize : size;
      const available = total - body;
      const known = !isPlaceholderSize(declared) || (id === 'RF64' && declared === rf64DataSize);
      data = {
        offset: body,
        size: declared === 0 ? available : Math.min(declared, available),
        declared: known ? declared : Math.min(declared, available),
      };
      // The data chunk usually comes last; keep scanning only if fmt is still missing.
      if (fmt) break;
    }
    // RIFF pads odd-sized chunks to an even length.
    const next = body + size + (size & 1);
    if (next <= at || size === 0xffffffff) break;
    at = next;
  }
  if (!fmt) throw new AudioError('INVALID_AUDIO', 'WAV has no fmt chunk');
  if (!data) throw new AudioError('INVALID_AUDIO', 'WAV has no data chunk');
  checkStreamShape(fmt.channels, fmt.sampleRate, 'WAV');
  const layout = wavLayout(fmt);
  const frameBytes = layout.bytes * fmt.channels;
  const frames = Math.floor(data.size / frameBytes);
  if (frames === 0) throw new AudioError('DECODE', 'WAV data chunk holds no complete frame');
  return {
    sampleRate: fmt.sampleRate,
    channels: fmt.channels,
    bitDepth: fmt.bitsPerSample,
    layout,
    dataOffset: data.offset,
    frames,
    declaredFrames: Math.max(frames, Math.floor(data.declared / frameBytes)),
  };
}

function readFmt(view: DataView, at: number, size: number): Fmt {
  let tag = view.getUint16(at, true);
  const bitsPerSample = view.getUint16(at + 14, true);
  if (tag === WAVE_FORMAT_EXTENSIBLE) {
    if (size < 40) throw new AudioError('INVALID_AUDIO', 'WAVE_FORMAT_EXTENSIBLE fmt is too short');
    // The SubFormat GUID starts with the classic format tag.
    tag = view.getUint16(at + 24, true);
  }
  return {
    tag,
    channels: view.getUint16(at + 2, true),
    sampleRate: view.getUint32(at + 4, true),
    blockAlign: view.getUint16(at + 12, true),
    bitsPerSample,
  };
}

function wavLayout(fmt: Fmt): SampleLayout {
  // The container size comes from blockAlign: 20-bit audio in 24-bit slots decodes as 24-bit.
  const bytes =
    fmt.blockAlign > 0 && fmt.blockAlign % fmt.channels === 0
      ? fmt.blockAlign / fmt.channels
      : Math.ceil(fmt.bitsPerSample / 8);
  const base = { bytes, littleEndian: true, unsigned8: bytes === 1 };
  switch (fmt.tag) {
    case WAVE_FORMAT_PCM:
      if (bytes >= 1 && bytes <= 4) return { ...base, encoding: 'int' };
      break;
    case WAVE_FORMAT_IEEE_FLOAT:
      if (bytes === 4 || bytes === 8) return { ...base, encoding: 'float' };
      break;
    case WAVE_FORMAT_ALAW:
      if (bytes === 1) return { ...base, encoding: 'alaw' };
      break;
    case WAVE_FORMAT_MULAW:
      if (bytes === 1) return { ...base, encoding: 'ulaw' };
      break;
  }
  throw new AudioError(
    'UNSUPPORTED_FORMAT',
    `WAV format tag 0x${fmt.tag.toString(16)} with ${fmt.bitsPerSample}-bit samples is not supported`,
  );
}

/** Four ASCII characters at `at` (a chunk id). */
export function ascii(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(
    bytes[at] ?? 0,
    bytes[at + 1] ?? 0,
    bytes[at + 2] ?? 0,
    bytes[at + 3] ?? 0,
  );
}
