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
  if ((await ctx.repo.library.seededAt()) !== null) return { seeded: false, ms: 0 };
  const started = performance.now();
  await seedAccounts(ctx);
  await seedProducts(ctx);
  if (size !== 'none') await seedSamples(ctx, size, onProgress);
  await ctx.repo.library.markSeeded(new Date(ctx.clock.now()).toISOString(), size);
  return { seeded: true, ms: performance.now() - started };
}
