import * as Comlink from 'comlink';
import type { DecodedPcm } from '../shared/audio/worker-protocol.ts';
import type { SegmentDecoder, SplitFormat } from '../wasm/split-decode.ts';

/** What the decode helper worker exposes. */
export interface DecodeHelperApi {
  decode(bytes: Uint8Array, format: SplitFormat): Promise<DecodedPcm>;
}

/** Options of `createDecodeHelper`. */
interface DecodeHelperOptions {
  /** Starts the helper worker (the pool worker passes the Vite-bundled one). */
  spawn: () => Worker;
  /** Idle time after which the helper is terminated (ms); the pool's 30 s by default. */
  idleMs?: number;
}

interface Helper {
  worker: Worker;
  api: Comlink.Remote<DecodeHelperApi>;
  /** Rejects when the worker reports an uncaught error (crash, failed load). */
  crashed: Promise<never>;
}

/**
 * A segment decoder on a second thread, for `decodeAudio`'s `decodeSegment`: starts its worker
 * on first use, sends each segment as a transferred copy (the caller keeps its bytes for a local
 * retry), and stops the worker after `idleMs` without work. A crash rejects the calls in flight
 * and the next call starts a new worker. A nested worker also ends with the worker that owns it.
 */
export function createDecodeHelper(options: DecodeHelperOptions): SegmentDecoder {
  const idleMs = options.idleMs ?? 30_000;
  let helper: Helper | null = null;
  let active = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const stop = (h: Helper) => {
    h.worker.terminate();
    h.api[Comlink.releaseProxy]();
    if (helper === h) helper = null;
  };
  const start = (): Helper => {
    const worker = options.spawn();
    let fail: (error: Error) => void = () => {};
    const crashed = new Promise<never>((_, reject) => (fail = reject));
    crashed.catch(() => {});
    const h: Helper = { worker, api: Comlink.wrap<DecodeHelperApi>(worker), crashed };
    const onCrash = (event: Event) => {
      event.preventDefault();
      fail(new Error(`decode helper failed: ${(event as ErrorEvent).message ?? event.type}`));
      stop(h);
    };
    worker.addEventListener('error', onCrash);
    worker.addEventListener('messageerror', onCrash);
    return h;
  };

  return async (bytes, format) => {
    clearTimeout(idleTimer);
    active++;
    const h = (helper ??= start());
    try {
      const copy = new Uint8Array(bytes); // a copy (Buffer#slice would be a view)
      return await Promise.race([
        h.api.decode(Comlink.transfer(copy, [copy.buffer]), format),
        h.crashed,
      ]);
    } finally {
      if (--active === 0) idleTimer = setTimeout(() => helper && stop(helper), idleMs);
    }
  };
}
