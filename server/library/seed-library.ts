import { randomUUID } from 'node:crypto';
import { pause, tryHoldLease } from '../cluster/lease-holder.ts';
import type { AppContext } from '../context.ts';
import type { LibrarySize } from '../config.ts';
import { seedAccounts } from '../accounts/seed-accounts.ts';
import { seedProducts } from '../commerce/seed-products.ts';
import type { SeedProgress } from './seed-progress.ts';
import { seedSamples } from './seed-samples.ts';

/** How often a waiting instance looks whether the seeding instance has finished. */
const SEED_POLL_MS = 250;

/**
 * Seeds accounts, products and the sample library once, when the database has never been
 * seeded. Instances starting together on one database seed once between them: the one holding
 * the `first-start-seed` lease seeds while the others wait for it; if it dies, its lease
 * expires and the next one seeds over whatever it left (see `seedPlan`).
 */
export async function seedIfEmpty(
  ctx: AppContext,
  size: LibrarySize,
  onProgress?: (progress: SeedProgress) => void,
): Promise<{ seeded: boolean; ms: number }> {
  const isSeeded = async () => (await ctx.repo.library.seededAt()) !== null;
  const owner = randomUUID();
  for (;;) {
    if (await isSeeded()) return { seeded: false, ms: 0 };
    const lease = await tryHoldLease(
      ctx.repo.leases,
      'first-start-seed',
      owner,
      ctx.clock,
      ctx.config.leaseMs,
    );
    if (!lease) {
      await pause(SEED_POLL_MS);
      continue;
    }
    try {
      // The previous holder may have finished between the look and the claim.
      if (await isSeeded()) return { seeded: false, ms: 0 };
      const started = performance.now();
      await seedAccounts(ctx);
      await seedProducts(ctx);
      if (size !== 'none') await seedSamples(ctx, size, onProgress);
      await ctx.repo.library.markSeeded(new Date(ctx.clock.now()).toISOString(), size);
      return { seeded: true, ms: performance.now() - started };
    } finally {
      await lease.release();
    }
  }
}
