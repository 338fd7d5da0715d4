import type { ComponentType } from 'react';
import { DEFAULTS } from '../../shared/index.ts';

/** Code of a stylesheet chunk that failed to load (docs/PRODUCT.md §8). */
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

/** A code-split chunk that failed or did not arrive within 120 s (docs/PRODUCT.md §8). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  /** CSS_CHUNK_LOAD_FAILED for stylesheets, else CHUNK_LOAD_FAILED or CHUNK_LOAD_TIMEOUT. */
  readonly code: string;

  constructor(message: string, code: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Whether an error is a chunk failure the user recovers from by reloading. */
export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Classifies an import failure: Vite reports stylesheet preload failures as "Unable to preload CSS". */
function toChunkLoadError(error: unknown): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const css = /preload CSS|stylesheet|\.css/i.test(message);
  return new ChunkLoadError(message, css ? CSS_CHUNK_LOAD_FAILED : 'CHUNK_LOAD_FAILED', {
    cause: error,
  });
}

/**
 * Loads a code-split module; rejects with ChunkLoadError when it fails or takes longer than
 * the chunk timeout (120 s), so a stalled network shows a recover action instead of hanging.
 */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number = DEFAULTS.chunkLoadTimeoutMs,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`, 'CHUNK_LOAD_TIMEOUT'),
        ),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(error));
      },
    );
  });
}

/** A route's `lazy` for a code-split page: export `name` of the module `load` imports (loadChunk). */
export const lazyPage =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await loadChunk(load))[name] });
