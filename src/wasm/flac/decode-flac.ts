import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { wasmFileDecoder } from '../wasm-file-decoder.ts';

/** Decodes a FLAC file with libFLAC (WASM, memoised per thread). */
export const decodeFlac = wasmFileDecoder(() => new FLACDecoder(), 'flac', 'FLAC frame');
