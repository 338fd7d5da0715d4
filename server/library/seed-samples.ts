import type { AppContext } from '../context.ts';
import type { LibrarySize } from '../config.ts';
import type { SeedProgress } from './seed-library.ts';

/** Generates and ingests the demo sample library of the given size. */
export async function seedSamples(
  _ctx: AppContext,
  _size: LibrarySize,
  _onProgress?: (progress: SeedProgress) => void,
): Promise<void> {}
