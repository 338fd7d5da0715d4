import { AudioError } from '../shared/audio/audio-errors.ts';
import type { DecodedPcm } from '../shared/audio/worker-protocol.ts';

/** What the @wasm-audio-decoders decoders (FLAC, Ogg Vorbis) have in common. */
interface WasmAudioDecoder {
  ready: Promise<void>;
  reset(): Promise<void>;
  decodeFile(bytes: Uint8Array): Promise<{
    channelData: Float32Array[];
    samplesDecoded: number;
    sampleRate: number;
    errors: { message: string }[];
    bitDepth?: number;
  }>;
}

/**
 * A whole-file decoder over one @wasm-audio-decoders instance, created once per thread (the WASM
 * instantiation is the expensive part) and reset before each file. `unit` names what failed to
 * decode in the error ("FLAC frame", "Vorbis packet").
 */
export function wasmFileDecoder(
  create: () => WasmAudioDecoder,
  format: DecodedPcm['format'],
  unit: string,
): (bytes: Uint8Array) => Promise<DecodedPcm> {
  let decoder: Promise<WasmAudioDecoder> | null = null;
  return async (bytes) => {
    decoder ??= (async () => {
      const d = create();
      await d.ready;
      return d;
    })();
    const d = await decoder;
    await d.reset();
    const out = await d.decodeFile(bytes);
    if (out.samplesDecoded === 0 || out.channelData.length === 0) {
      const first = out.errors[0] ? `: ${out.errors[0].message}` : '';
      throw new AudioError('DECODE', `no ${unit} could be decoded${first}`);
    }
    return {
      sampleRate: out.sampleRate,
      channels: out.channelData.map((p) => p.subarray(0, out.samplesDecoded)),
      frames: out.samplesDecoded,
      format,
      bitDepth: out.bitDepth ?? null,
    };
  };
}
