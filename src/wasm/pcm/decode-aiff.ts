import { AudioError } from '../../shared/audio/audio-errors.ts';
import type { DecodedPcm } from '../../shared/audio/worker-protocol.ts';
import { ascii } from './decode-wav.ts';
import { checkStreamShape, deinterleave, type SampleLayout } from './pcm-samples.ts';

interface Comm {
  channels: number;
  frames: number;
  bits: number;
  sampleRate: number;
  compression: string;
}

/** Where an AIFF file's samples are, and how many frames COMM declares and the file holds. */
interface AiffShape {
  comm: Comm;
  layout: SampleLayout;
  soundOffset: number;
  /** Whole frames present: COMM's count, or fewer when the sound data ends first. */
  frames: number;
  /** True when the SSND chunk declares more bytes than the file has after its start. */
  soundCut: boolean;
}

/**
 * Decodes AIFF and AIFF-C to Float32 planes: big-endian integer PCM (8–32 bit), `sowt`
 * little-endian, `fl32`/`fl64` float, `ulaw`/`alaw`; chunks in any order, odd chunks padded.
 */
export function decodeAiff(bytes: Uint8Array): DecodedPcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { comm, layout, soundOffset, frames } = readAiff(bytes);
  return {
    sampleRate: comm.sampleRate,
    channels: deinterleave(view, soundOffset, frames, comm.channels, layout),
    frames,
    format: 'aiff',
    bitDepth: comm.bits,
  };
}

/**
 * COMM's frame count when the SSND chunk runs past the end of the file (a file cut short), else
 * null. Reads only the chunk headers.
 */
export function aiffDeclaredFrames(bytes: Uint8Array): number | null {
  const { comm, frames, soundCut } = readAiff(bytes);
  return soundCut && comm.frames > frames ? comm.frames : null;
}

function readAiff(bytes: Uint8Array): AiffShape {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const form = ascii(bytes, 8);
  if (ascii(bytes, 0) !== 'FORM' || (form !== 'AIFF' && form !== 'AIFC'))
    throw new AudioError('INVALID_AUDIO', 'not an AIFF file');
  let comm: Comm | null = null;
  let sound: { offset: number; size: number; cut: boolean } | null = null;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const chunk = ascii(bytes, at);
    const size = view.getUint32(at + 4, false);
    const body = at + 8;
    if (chunk === 'COMM') {
      if (body + 18 > bytes.length) throw new AudioError('INVALID_AUDIO', 'AIFF COMM is truncated');
      comm = readComm(bytes, view, body, size, form === 'AIFC');
    } else if (chunk === 'SSND' && body + 8 <= bytes.length) {
      const start = body + 8 + view.getUint32(body, false);
      const end = body + size;
      sound = {
        offset: start,
        size: Math.max(0, Math.min(end, bytes.length) - start),
        cut: end > bytes.length,
      };
    }
    at = body + size + (size & 1);
  }
  if (!comm) throw new AudioError('INVALID_AUDIO', 'AIFF has no COMM chunk');
  if (!sound) throw new AudioError('INVALID_AUDIO', 'AIFF has no SSND chunk');
  checkStreamShape(comm.channels, comm.sampleRate, 'AIFF');
  const layout = aiffLayout(comm);
  const frames = Math.min(comm.frames, Math.floor(sound.size / (layout.bytes * comm.channels)));
  if (frames === 0) throw new AudioError('DECODE', 'AIFF sound data holds no complete frame');
  return { comm, layout, soundOffset: sound.offset, frames, soundCut: sound.cut };
}

function readComm(
  bytes: Uint8Array,
  view: DataView,
  at: number,
  size: number,
  aifc: boolean,
): Comm {
  return {
    channels: view.getInt16(at, false),
    frames: view.getUint32(at + 2, false),
    bits: view.getInt16(at + 6, false),
    sampleRate: readExtended(view, at + 8),
    compression: aifc && size >= 22 && at + 22 <= bytes.length ? ascii(bytes, at + 18) : 'NONE',
  };
}

/** AIFF-C's big-endian types other than integers (named in lower or upper case): their samples. */
const AIFC_TYPES: Record<string, Pick<SampleLayout, 'encoding' | 'bytes'>> = {
  fl32: { encoding: 'float', bytes: 4 },
  fl64: { encoding: 'float', bytes: 8 },
  ulaw: { encoding: 'ulaw', bytes: 1 },
  alaw: { encoding: 'alaw', bytes: 1 },
};

function aiffLayout(comm: Comm): SampleLayout {
  const name = comm.compression;
  // Big-endian integers ('NONE': plain AIFF; 'twos'), or little-endian ('sowt').
  if (name === 'NONE' || name === 'twos' || name === 'sowt') {
    const bytes = Math.ceil(comm.bits / 8);
    return { encoding: 'int', bytes, littleEndian: name === 'sowt', unsigned8: false };
  }
  const lower = name.toLowerCase();
  if (Object.hasOwn(AIFC_TYPES, lower) && (name === lower || name === name.toUpperCase()))
    return { ...AIFC_TYPES[lower]!, littleEndian: false, unsigned8: false };
  throw new AudioError(
    'UNSUPPORTED_FORMAT',
    `AIFF-C compression "${comm.compression}" is not supported`,
  );
}

/** Reads an 80-bit IEEE 754 extended float (AIFF's sample-rate field). */
function readExtended(view: DataView, at: number): number {
  const exp = view.getUint16(at, false);
  const hi = view.getUint32(at + 2, false);
  const lo = view.getUint32(at + 6, false);
  if (exp === 0 && hi === 0 && lo === 0) return 0;
  const sign = exp & 0x8000 ? -1 : 1;
  const e = (exp & 0x7fff) - 16383;
  return sign * (hi * 2 ** (e - 31) + lo * 2 ** (e - 63));
}
