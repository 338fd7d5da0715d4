import { writeWavHeader } from '../../src/shared/audio/encode-wav.ts';

/** PCM formats the writer produces. */
export type WavBitDepth = 16 | 24;

/**
 * Encodes channels of −1..1 floats as a RIFF/WAVE file (PCM, little-endian, interleaved).
 * Samples outside −1..1 are clamped; all channels must have the same length.
 */
export function encodeWav(
  channels: Float32Array[],
  sampleRate: number,
  bitDepth: WavBitDepth,
): Uint8Array {
  if (channels.length < 1) throw new Error('encodeWav needs at least one channel');
  const frames = channels[0]!.length;
  if (channels.some((c) => c.length !== frames)) throw new Error('channels differ in length');
  const bytesPerSample = bitDepth / 8;
  const blockAlign = channels.length * bytesPerSample;
  const dataBytes = frames * blockAlign;
  const out = new Uint8Array(44 + dataBytes + (dataBytes % 2));
  writeWavHeader(out, {
    format: 1, // WAVE_FORMAT_PCM
    channels: channels.length,
    sampleRate,
    bits: bitDepth,
    dataBytes,
  });
  const count = channels.length;
  if (bitDepth === 16) {
    // The data chunk starts at byte 44, so an Int16Array view is aligned (little-endian host).
    const pcm = new Int16Array(out.buffer, 44, frames * count);
    for (let c = 0; c < count; c++) {
      const channel = channels[c]!;
      for (let i = 0; i < frames; i++) {
        const x = channel[i]!;
        pcm[i * count + c] = Math.round((x > 1 ? 1 : x < -1 ? -1 : x) * 32767);
      }
    }
    return out;
  }
  for (let c = 0; c < count; c++) {
    const channel = channels[c]!;
    for (let i = 0; i < frames; i++) {
      const x = channel[i]!;
      const v = Math.round((x > 1 ? 1 : x < -1 ? -1 : x) * 8388607);
      const at = 44 + (i * count + c) * 3;
      out[at] = v & 0xff;
      out[at + 1] = (v >> 8) & 0xff;
      out[at + 2] = (v >> 16) & 0xff;
    }
  }
  return out;
}
