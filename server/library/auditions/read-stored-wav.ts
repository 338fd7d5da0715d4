import { decodeWav } from '../../../src/wasm/pcm/decode-wav.ts';

/**
 * The channels of a stored sample's WAV file, for encoding its audition later. Decoded by the
 * client's WAV reader (src/wasm), then put back on the seed writer's scale: it writes full scale
 * as 32767 (16-bit) or 8388607 (24-bit), where the reader divides by 2^15 or 2^23, so
 * multiplying back to the integer (exact) and dividing by the writer's full scale gives the
 * floats the audition was always encoded from, and a deferred audition the same bytes.
 */
export function readStoredWav(bytes: Uint8Array): { channels: Float32Array[]; sampleRate: number } {
  const pcm = decodeWav(bytes);
  if (pcm.bitDepth !== 16 && pcm.bitDepth !== 24)
    throw new Error(`stored WAV of ${pcm.bitDepth} bits: the seed writes 16 or 24`);
  const step = 2 ** (pcm.bitDepth - 1);
  const fullScale = step - 1;
  for (const channel of pcm.channels)
    for (let i = 0; i < channel.length; i++) channel[i] = (channel[i]! * step) / fullScale;
  return { channels: pcm.channels, sampleRate: pcm.sampleRate };
}
