import type { AppContext } from '../context.ts';
import type { LibrarySize } from '../config.ts';

/** Progress of seeding, for logs and progress bars. */
export interface SeedProgress {
  phase: string;
  done: number;
  total: number;
}

/** Seeds accounts, products and the sample library when the database is empty. */
export async function seedIfEmpty(
  _ctx: AppContext,
  _size: LibrarySize,
  _onProgress?: (progress: SeedProgress) => void,
): Promise<{ seeded: boolean; ms: number }> {
  return { seeded: false, ms: 0 };
}
