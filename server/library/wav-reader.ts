/** Decodes a PCM WAV file as written by encodeWav (16/24-bit integer PCM) into float channels. */
export function decodeWav(bytes: Uint8Array): { channels: Float32Array[]; sampleRate: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE')
    throw new Error('not a WAV file');
  let format: { count: number; sampleRate: number; bitDepth: number } | null = null;
  for (let at = 12; at + 8 <= bytes.byteLength;) {
    const size = view.getUint32(at + 4, true);
    if (tag(at) === 'fmt ') {
      if (view.getUint16(at + 8, true) !== 1) throw new Error('only integer PCM WAV is supported');
      format = {
        count: view.getUint16(at + 10, true),
        sampleRate: view.getUint32(at + 12, true),
        bitDepth: view.getUint16(at + 22, true),
      };
      if (format.bitDepth !== 16 && format.bitDepth !== 24)
        throw new Error(`unsupported bit depth ${format.bitDepth}`);
    } else if (tag(at) === 'data') {
      if (!format) throw new Error('WAV data before its format');
      const { count, bitDepth, sampleRate } = format;
      const width = bitDepth / 8;
      const frames = Math.floor(Math.min(size, bytes.byteLength - at - 8) / (width * count));
      const channels = Array.from({ length: count }, () => new Float32Array(frames));
      for (let c = 0; c < count; c++) {
        const channel = channels[c]!;
        for (let i = 0; i < frames; i++) {
          const p = at + 8 + (i * count + c) * width;
          channel[i] =
            bitDepth === 16
              ? view.getInt16(p, true) / 32767
              : (((bytes[p + 2]! << 24) | (bytes[p + 1]! << 16) | (bytes[p]! << 8)) >> 8) / 8388607;
        }
      }
      return { channels, sampleRate };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV file without data');
}
