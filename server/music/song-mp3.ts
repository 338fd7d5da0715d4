import { encodeLameMp3 } from '../library/auditions/mp3-lame-core.ts';

/**
 * Encodes mono float PCM (−1…1) to a gapless MP3 (LAME Info frame: no start delay, exact length)
 * with the previews' encoder: one MP3 encoder for everything the gateway makes (docs/LIBRARY.md).
 */
export function encodeMp3(pcm: Float32Array, sampleRate: number, kbps: number): Uint8Array {
  const ints = new Int16Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) {
    const s = Math.max(-1, Math.min(1, pcm[i]!));
    ints[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return encodeLameMp3([ints], sampleRate, kbps);
}
