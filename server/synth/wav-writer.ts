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
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, out.length - 8, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // WAVE_FORMAT_PCM
  view.setUint16(22, channels.length, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bitDepth, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
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
