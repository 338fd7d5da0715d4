import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { AudioError } from '../../shared/audio/audio-errors.ts';
import type { DecodedPcm } from '../../shared/audio/worker-protocol.ts';

let decoder: Promise<FLACDecoder> | null = null;

/** Decodes a FLAC file with libFLAC (WASM, memoised per thread). */
export async function decodeFlac(bytes: Uint8Array): Promise<DecodedPcm> {
  decoder ??= (async () => {
    const d = new FLACDecoder();
    await d.ready;
    return d;
  })();
  const d = await decoder;
  await d.reset();
  const out = await d.decodeFile(bytes);
  if (out.samplesDecoded === 0 || out.channelData.length === 0)
    throw new AudioError('DECODE', `no FLAC frame could be decoded${firstError(out.errors)}`);
  return {
    sampleRate: out.sampleRate,
    channels: out.channelData.map((p) => p.subarray(0, out.samplesDecoded)),
    frames: out.samplesDecoded,
    format: 'flac',
    bitDepth: out.bitDepth,
  };
}

/** ": <first decoder error>" or "". */
export function firstError(errors: { message: string }[]): string {
  return errors[0] ? `: ${errors[0].message}` : '';
}
