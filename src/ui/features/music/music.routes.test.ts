import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError } from '../../app/chunk-load.ts';
import { musicRoutes } from './music.routes.tsx';

// The page's chunk does not arrive, as when the network drops during a deploy.
vi.mock('./components/SongAiPage.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module: SongAiPage.js');
});

describe('/songai route', () => {
  it('loads through the chunk loader, so a failed chunk is a ChunkLoadError (the reload page)', async () => {
    const lazy = musicRoutes[0]!.lazy as () => Promise<unknown>;
    const error = await lazy().then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as { code: string }).code).toBe('CHUNK_LOAD_FAILED');
  });
});
