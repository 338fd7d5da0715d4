import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis';
import { AudioError } from '../../shared/audio/audio-errors.ts';
import type { DecodedPcm } from '../../shared/audio/worker-protocol.ts';
import { oneAtATime } from '../split-decode.ts';
import { wasmFileDecoder } from '../wasm-file-decoder.ts';
import { vorbisLinks } from './ogg-links.ts';

/**
 * Where each WAV / Web Audio channel (FL FR FC LFE BL BR SL SR…) sits in Vorbis order, by
 * channel count (Vorbis I spec §4.3.9: 3 = L C R; 5.1 = FL C FR RL RR LFE; …). libvorbis
 * returns Vorbis order and an AudioBuffer expects the other: without this a 5.1 file played its
 * centre on the right and its LFE in the surround.
 */
const FROM_VORBIS_ORDER: Record<number, number[]> = {
  3: [0, 2, 1],
  5: [0, 2, 1, 3, 4],
  6: [0, 2, 1, 5, 3, 4],
  7: [0, 2, 1, 6, 5, 3, 4],
  8: [0, 2, 1, 7, 5, 6, 3, 4],
};

const decodeLink = wasmFileDecoder(() => new OggVorbisDecoder(), 'ogg', 'Vorbis packet');

/**
 * Decodes an Ogg Vorbis file with libvorbis (WASM, memoised per thread; files queue for it),
 * channels in WAV order. Each link of a chained file is decoded on its own and the links are
 * joined while they keep the first one's rate and channels (the rest is dropped: one buffer
 * has one layout); damaged pages are skipped (see ogg-links.ts); only the first Vorbis stream
 * of a multiplexed file is read.
 */
export const decodeVorbis = oneAtATime(async (bytes: Uint8Array): Promise<DecodedPcm> => {
  const links = vorbisLinks(bytes);
  if (links.length === 0) throw new AudioError('DECODE', 'no intact Ogg Vorbis stream');
  const parts: DecodedPcm[] = [];
  for (const link of links) {
    const pcm = await decodeLink(link).catch((error: unknown) => {
      if (parts.length === 0) throw error;
      return null; // a broken later link ends the file
    });
    const first = parts[0] ?? pcm;
    if (
      !pcm ||
      pcm.sampleRate !== first!.sampleRate ||
      pcm.channels.length !== first!.channels.length
    )
      break;
    parts.push(pcm);
  }
  const pcm = parts.length === 1 ? parts[0]! : join(parts);
  const order = FROM_VORBIS_ORDER[pcm.channels.length];
  return order ? { ...pcm, channels: order.map((i) => pcm.channels[i]!) } : pcm;
});

/** The links one after another, as one PCM of the first link's layout. */
function join(parts: DecodedPcm[]): DecodedPcm {
  const frames = parts.reduce((n, p) => n + p.frames, 0);
  const channels = parts[0]!.channels.map((_, c) => {
    const plane = new Float32Array(frames);
    let at = 0;
    for (const p of parts) {
      plane.set(p.channels[c]!, at);
      at += p.frames;
    }
    return plane;
  });
  return { ...parts[0]!, channels, frames };
}
