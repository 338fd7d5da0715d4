import { MPEGDecoder } from 'mpg123-decoder';
import { AudioError } from '../../shared/audio/audio-errors.ts';
import type { DecodedPcm } from '../../shared/audio/worker-protocol.ts';
import { isMonoMpeg } from '../sniff-format.ts';
import { oneAtATime, type PlaneSource } from '../split-decode.ts';
import { mp3SampleBound } from './split-mp3.ts';

/** This thread's mpg123 instance, in a fresh state for the next file. */
let decoder: Promise<MPEGDecoder> | null = null;

async function newMpg123(): Promise<MPEGDecoder> {
  const d = new MPEGDecoder();
  await d.ready;
  return d;
}

/**
 * Readies `d` for the next file once this one is done. mpg123's reset re-instantiates its WASM
 * module (0.3–3.8 ms here); done after a file, in the thread's idle time, it is no longer between
 * a click and an audition's first decoded frames. The timer lets this file's result go out first.
 * A failed reset leaves a new instance for the next file.
 */
function resetForNext(d: MPEGDecoder): void {
  decoder = new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => d.reset())
    .then(
      () => d,
      () => newMpg123(),
    );
}

/**
 * Instantiates this thread's mpg123 ahead of its first file (the pool's warm-up) and runs its
 * decoder once: a worker's first audition decoded in 49–131 ms instead of 2–5 ms on a busy
 * machine (benchmarks/README.md "The real path").
 */
export async function warmMp3(): Promise<void> {
  const d = await (decoder ??= newMpg123());
  // V8 compiles a WASM function when it first runs: decode a few silent frames (MPEG-1 layer III,
  // 128 kbit/s, 44.1 kHz, zero side information) so the decode path is compiled too.
  const frame = 417;
  const bytes = new Uint8Array(frame * 6);
  for (let i = 0; i < 6; i++) bytes.set([0xff, 0xfb, 0x90, 0x00], i * frame);
  try {
    d.decode(bytes);
  } catch {
    // Only a warm-up: the first file decodes as it would have.
  }
  resetForNext(d);
}

/** Progressive slices: a small first one (under a second of audio) so playback starts early. */
const FIRST_CHUNK_BYTES = 16 * 1024;
const CHUNK_BYTES = 64 * 1024;

/** Options of `decodeMp3`. */
interface Mp3Options {
  /** Receives the planes slice by slice as they decode (progressive playback). */
  onChunk?: (planes: Float32Array[], sampleRate: number, fraction: number) => void;
  /** Planes at least this long (a split file's head, so the join adds the tail in place). */
  room?: number;
  /** Where whole-file planes come from. */
  takePlane?: PlaneSource;
}

/**
 * Decodes MPEG layer I/II/III with mpg123 (WASM). With `onChunk`, decodes in slices and hands
 * each slice's planes (and the fraction of the file read so far) over as soon as it is ready, so
 * playback can start on the first frames. Files queue for this thread's one instance.
 */
export const decodeMp3 = oneAtATime(async function decodeMp3(
  bytes: Uint8Array,
  { onChunk, room = 0, takePlane }: Mp3Options = {},
): Promise<DecodedPcm> {
  const d = await (decoder ??= newMpg123());
  let pcm: Planes;
  try {
    const bound = onChunk ? null : mp3SampleBound(bytes);
    const direct = bound !== null ? decodeInto(d, bytes, Math.max(bound, room), takePlane) : null;
    pcm = direct ?? decodeInSlices(d, bytes, onChunk);
  } finally {
    resetForNext(d);
  }
  // mpg123 always answers two planes; a mono stream's second plane is a copy.
  const mono = isMonoMpeg(bytes);
  if (pcm.frames === 0) throw new AudioError('DECODE', 'no MPEG audio frame could be decoded');
  const channels = mono ? pcm.channels.slice(0, 1) : pcm.channels;
  return { ...pcm, channels, format: 'mp3', bitDepth: null };
});

type Planes = Pick<DecodedPcm, 'channels' | 'frames' | 'sampleRate'>;

/** Through the library's `decode`: one call, or slices handed to `onChunk` as they decode. */
function decodeInSlices(
  d: MPEGDecoder,
  bytes: Uint8Array,
  onChunk?: (planes: Float32Array[], sampleRate: number, fraction: number) => void,
): Planes {
  const parts: Float32Array[][] = [];
  let sampleRate = 0;
  let frames = 0;
  const mono = isMonoMpeg(bytes);
  for (let at = 0; at < bytes.length;) {
    const step = !onChunk ? bytes.length : at === 0 ? FIRST_CHUNK_BYTES : CHUNK_BYTES;
    const end = Math.min(bytes.length, at + step);
    const out = d.decode(bytes.subarray(at, end));
    at = end;
    if (out.samplesDecoded === 0) continue;
    sampleRate = out.sampleRate;
    frames += out.samplesDecoded;
    // The decoder hands out fresh arrays: views are enough.
    const planes = out.channelData
      .slice(0, mono ? 1 : undefined)
      .map((p) => p.subarray(0, out.samplesDecoded));
    parts.push(planes);
    onChunk?.(planes, sampleRate, at / bytes.length);
  }
  return { sampleRate, channels: joinPlanes(parts, frames), frames };
}

/** The parts of mpg123-decoder 1.x's instance that `decodeInto` drives (not its public API). */
interface Mpg123Internals {
  _common?: {
    wasm: {
      mpeg_decoder_feed(decoder: number, input: number, length: number): number;
      mpeg_decoder_read(...pointers: number[]): number;
    };
  };
  _decoder: number;
  _input: { ptr: number; len: number; buf: Uint8Array };
  _output: { ptr: number; len: number; buf: Float32Array };
  _samplesDecodedPtr: { ptr: number; buf: Uint32Array };
  _sampleRatePtr: { ptr: number; buf: Uint32Array };
  _errorStringPtr: { ptr: number };
}

/**
 * The library's own feed/read loop, copying each read from the WASM heap straight into planes
 * sized for the file (`bound` samples) instead of into per-read slices that are then
 * concatenated: one copy of the output instead of two (~1.3 ms of a 10 s file's ~17 ms here).
 * Errors are handled as `decode` does (skipped, reading on). Null when this instance does not
 * look as expected (another library version): the caller then uses `decode`.
 */
function decodeInto(
  d: MPEGDecoder,
  bytes: Uint8Array,
  bound: number,
  takePlane: PlaneSource = (frames) => new Float32Array(frames),
): Planes | null {
  const x = d as unknown as Mpg123Internals;
  const wasm = x._common?.wasm;
  if (!wasm || !x._input?.buf || !x._output?.buf || !x._samplesDecodedPtr?.buf) return null;
  let planes = [takePlane(bound), takePlane(bound)];
  let frames = 0;
  for (let at = 0; at < bytes.length;) {
    const chunk = bytes.subarray(at, at + x._input.len);
    at += chunk.length;
    x._input.buf.set(chunk);
    if (wasm.mpeg_decoder_feed(x._decoder, x._input.ptr, chunk.length) === NEED_MORE) continue;
    // An error is skipped and the read retried, as `decode` does; never endlessly, though.
    for (let errors = 0; errors < MAX_ERRORS_IN_A_ROW;) {
      x._samplesDecodedPtr.buf[0] = 0;
      const error = wasm.mpeg_decoder_read(
        x._decoder,
        x._output.ptr,
        x._output.len,
        x._samplesDecodedPtr.ptr,
        x._sampleRatePtr.ptr,
        x._errorStringPtr.ptr,
      );
      const n = x._samplesDecodedPtr.buf[0]!;
      if (n > 0) {
        if (frames + n > planes[0]!.length) planes = planes.map((p) => grow(p, 2 * (frames + n)));
        planes[0]!.set(x._output.buf.subarray(0, n), frames);
        planes[1]!.set(x._output.buf.subarray(n, 2 * n), frames);
        frames += n;
      }
      if (error === NEED_MORE) break;
      errors = error !== 0 && error !== NEW_FORMAT && n === 0 ? errors + 1 : 0;
    }
  }
  const channels = planes.map((p) => (p.length === frames ? p : p.subarray(0, frames)));
  return { sampleRate: x._sampleRatePtr.buf[0]!, channels, frames };
}

/** mpg123's MPG123_NEED_MORE (feed the next input) and MPG123_NEW_FORMAT (read on). */
const NEED_MORE = -10;
const NEW_FORMAT = -11;
const MAX_ERRORS_IN_A_ROW = 1000;

function grow(plane: Float32Array<ArrayBuffer>, length: number): Float32Array<ArrayBuffer> {
  const bigger = new Float32Array(length);
  bigger.set(plane);
  return bigger;
}

/** Concatenates per-chunk planes into one plane per channel. */
function joinPlanes(parts: Float32Array[][], frames: number): Float32Array[] {
  const channelCount = parts[0]?.length ?? 0;
  return Array.from({ length: channelCount }, (_, c) => {
    if (parts.length === 1) return parts[0]![c]!;
    const plane = new Float32Array(frames);
    let at = 0;
    for (const part of parts) {
      const src = part[c] ?? part[0]!;
      plane.set(src, at);
      at += src.length;
    }
    return plane;
  });
}
