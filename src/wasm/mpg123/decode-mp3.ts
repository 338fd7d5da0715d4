import { MPEGDecoder } from 'mpg123-decoder';
import { AudioError } from '../../shared/audio/audio-errors.ts';
import type { DecodedPcm } from '../../shared/audio/worker-protocol.ts';
import { isMonoMpeg } from '../sniff-format.ts';
import { oneAtATime } from '../split-decode.ts';

let decoder: Promise<MPEGDecoder> | null = null;

/** The memoised mpg123 instance of this thread (WASM instantiates once). */
function mpg123(): Promise<MPEGDecoder> {
  decoder ??= (async () => {
    const d = new MPEGDecoder();
    await d.ready;
    return d;
  })();
  return decoder;
}

/** Progressive slices: a small first one (under a second of audio) so playback starts early. */
const FIRST_CHUNK_BYTES = 16 * 1024;
const CHUNK_BYTES = 64 * 1024;

/**
 * Decodes MPEG layer I/II/III with mpg123 (WASM). With `onChunk`, decodes in slices and hands
 * each slice's planes (and the fraction of the file read so far) over as soon as it is ready, so
 * playback can start on the first frames. Files queue for this thread's one instance.
 */
export const decodeMp3 = oneAtATime(async function decodeMp3(
  bytes: Uint8Array,
  onChunk?: (planes: Float32Array[], sampleRate: number, fraction: number) => void,
): Promise<DecodedPcm> {
  const d = await mpg123();
  await d.reset();
  const parts: Float32Array[][] = [];
  let sampleRate = 0;
  let frames = 0;
  // mpg123 always answers two planes; a mono stream's second plane is a copy.
  const mono = isMonoMpeg(bytes);
  // Without a chunk listener one call is fastest (no slicing, no joining).
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
  if (frames === 0) throw new AudioError('DECODE', 'no MPEG audio frame could be decoded');
  return { sampleRate, channels: joinPlanes(parts, frames), frames, format: 'mp3', bitDepth: null };
});

/** Concatenates per-chunk planes into one plane per channel. */
export function joinPlanes(parts: Float32Array[][], frames: number): Float32Array[] {
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
