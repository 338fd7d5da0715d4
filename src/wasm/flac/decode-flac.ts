import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { oneAtATime } from '../split-decode.ts';
import { wasmFileDecoder } from '../wasm-file-decoder.ts';

/** Decodes a FLAC file with libFLAC (WASM, memoised per thread; files queue for it). */
export const decodeFlac = oneAtATime(
  wasmFileDecoder(() => new FLACDecoder(), 'flac', 'FLAC frame'),
);
