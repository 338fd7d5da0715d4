import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../config.ts';
import { createContext, type AppContext } from '../../../context.ts';
import { seedPlan } from '../../../library/seed-samples.ts';
import { planLibrary } from '../../../library/demo/library-plan.ts';
import { openRenderCache } from '../../../library/render-cache.ts';
import type { Database } from '../database.ts';
import { openDatabase } from '../open-database.ts';
import { sqliteOracle } from '../oracle.ts';
import { createSqliteRepository } from '../../open-storage.ts';

/** A gateway context on an SQLite file of its own, its handle and its oracle. */
export interface ClonedSqlite {
  ctx: AppContext;
  db: Database;
  oracle: ReturnType<typeof sqliteOracle>;
  /** Closes the context and removes the data directory. */
  close(): Promise<void>;
}

/**
 * The tiny plan's samples cloned into pack volumes up to `samples` rows (as the `large` library
 * is, seed-large.ts) in a fresh SQLite file, for the storage tests that read its own tables.
 */
export async function clonedSqlite(samples: number): Promise<ClonedSqlite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'yinku-sqlite-storage-'));
  const config = { ...loadConfig({ YINKU_SONGS: 'off' }), dataDir };
  const db = openDatabase(join(dataDir, 'yinku.sqlite'));
  const oracle = sqliteOracle(db);
  const storage = { repo: createSqliteRepository(db), oracle, close: async () => db.close() };
  const ctx = await createContext(config, { storage });
  await seedPlan(ctx, planLibrary('tiny', ctx.clock.now()), {
    cache: openRenderCache(),
    cloneTo: samples,
  });
  return {
    ctx,
    db,
    oracle,
    async close() {
      await ctx.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
