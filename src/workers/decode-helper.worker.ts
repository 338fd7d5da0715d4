import * as Comlink from 'comlink';
import { decodeSegmentHere } from '../wasm/decode-audio.ts';
import type { DecodeHelperApi } from './decode-helper.ts';
import { SparePlanes } from './spare-planes.ts';

// Planes made and page-touched while idle, sized as the last segment asked (as in the pool worker).
const sparePlanes = new SparePlanes();

// The pool worker's second decode thread: decodes the second half of a split MP3 or FLAC.
const api: DecodeHelperApi = {
  async decode(bytes, format) {
    const pcm = await decodeSegmentHere(bytes, format, undefined, (frames) =>
      sparePlanes.take(frames),
    );
    sparePlanes.prepareLikeLast(pcm.channels.length);
    // Planes may be views of one buffer: list each buffer once.
    return Comlink.transfer(pcm, [...new Set(pcm.channels.map((p) => p.buffer as ArrayBuffer))]);
  },
};

Comlink.expose(api);
