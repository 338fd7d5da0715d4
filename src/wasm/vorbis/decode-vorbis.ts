import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis';
import { wasmFileDecoder } from '../wasm-file-decoder.ts';

/** Decodes an Ogg Vorbis file with libvorbis (WASM, memoised per thread). */
export const decodeVorbis = wasmFileDecoder(() => new OggVorbisDecoder(), 'ogg', 'Vorbis packet');
