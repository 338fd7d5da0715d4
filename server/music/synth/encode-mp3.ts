import { Mp3Encoder } from '@breezystack/lamejs';

/** Encodes mono float PCM (−1…1) to MP3 with lamejs, in 1152-sample frames. */
export function encodeMp3(pcm: Float32Array, sampleRate: number, kbps: number): Uint8Array {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const block = 1152 * 16;
  const ints = new Int16Array(block);
  const chunks: Uint8Array[] = [];
  for (let from = 0; from < pcm.length; from += block) {
    const n = Math.min(block, pcm.length - from);
    for (let i = 0; i < n; i++) {
      const s = Math.max(-1, Math.min(1, pcm[from + i]!));
      ints[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
    }
    const out = encoder.encodeBuffer(n === block ? ints : ints.subarray(0, n));
    if (out.length > 0) chunks.push(new Uint8Array(out));
  }
  const tail = encoder.flush();
  if (tail.length > 0) chunks.push(new Uint8Array(tail));
  const bytes = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
