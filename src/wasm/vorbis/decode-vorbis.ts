import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis';
import { AudioError } from '../../shared/audio/audio-errors.ts';
import type { DecodedPcm } from '../../shared/audio/worker-protocol.ts';
import { firstError } from '../flac/decode-flac.ts';

let decoder: Promise<OggVorbisDecoder> | null = null;

/** Decodes an Ogg Vorbis file with libvorbis (WASM, memoised per thread). */
export async function decodeVorbis(bytes: Uint8Array): Promise<DecodedPcm> {
  decoder ??= (async () => {
    const d = new OggVorbisDecoder();
    await d.ready;
    return d;
  })();
  const d = await decoder;
  await d.reset();
  const out = await d.decodeFile(bytes);
  if (out.samplesDecoded === 0 || out.channelData.length === 0)
    throw new AudioError('DECODE', `no Vorbis packet could be decoded${firstError(out.errors)}`);
  return {
    sampleRate: out.sampleRate,
    channels: out.channelData.map((p) => p.subarray(0, out.samplesDecoded)),
    frames: out.samplesDecoded,
    format: 'ogg',
    bitDepth: null,
  };
}
