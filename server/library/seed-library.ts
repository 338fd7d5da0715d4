import type { AppContext } from '../context.ts';
import type { LibrarySize } from '../config.ts';
import { seedAccounts } from '../accounts/seed-accounts.ts';
import { seedProducts } from '../commerce/seed-products.ts';
import { seedSamples } from './seed-samples.ts';

/** Progress of seeding, for logs and progress bars. */
export interface SeedProgress {
  phase: string;
  done: number;
  total: number;
}

/** Seeds accounts, products and the sample library once, when the database has never been seeded. */
export async function seedIfEmpty(
  ctx: AppContext,
  size: LibrarySize,
  onProgress?: (progress: SeedProgress) => void,
): Promise<{ seeded: boolean; ms: number }> {
  const done = ctx.db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get();
  if (done) return { seeded: false, ms: 0 };
  const started = performance.now();
  await seedAccounts(ctx);
  await seedProducts(ctx);
  if (size !== 'none') await seedSamples(ctx, size, onProgress);
  ctx.db
    .prepare("INSERT INTO meta (key, value) VALUES ('seeded_at', ?), ('library_size', ?)")
    .run(new Date(ctx.clock.now()).toISOString(), size);
  return { seeded: true, ms: performance.now() - started };
}
