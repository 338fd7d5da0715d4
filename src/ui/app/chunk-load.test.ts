import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSS_CHUNK_LOAD_FAILED, ChunkLoadError, loadChunk } from './chunk-load.ts';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('resolves the module when it arrives', async () => {
    await expect(loadChunk(async () => ({ x: 1 }))).resolves.toEqual({ x: 1 });
  });

  it('rejects with ChunkLoadError after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => {}));
    const caught = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void caught.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await caught;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).name).toBe('ChunkLoadError');
  });

  it('marks a stylesheet failure CSS_CHUNK_LOAD_FAILED', async () => {
    const error = await loadChunk(() =>
      Promise.reject(new Error('Unable to preload CSS for /assets/Page-x.css')),
    ).catch((e: unknown) => e);
    expect((error as ChunkLoadError).code).toBe(CSS_CHUNK_LOAD_FAILED);
    const js = await loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    ).catch((e: unknown) => e);
    expect((js as ChunkLoadError).code).toBe('CHUNK_LOAD_FAILED');
  });
});
