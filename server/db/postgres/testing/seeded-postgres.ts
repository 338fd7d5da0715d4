import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { createContext, type AppContext } from '../../../context.ts';
import { openStorage } from '../../open-storage.ts';
import { createTestDatabase, startPgCluster } from './pg-cluster.ts';

/** A gateway context on a database of its own, seeded, and a pool for a test's own SQL. */
export interface SeededPostgres {
  ctx: AppContext;
  pool: pg.Pool;
  /** Closes both, drops the database, stops the cluster and removes the data directory. */
  close(): Promise<void>;
}

/**
 * Starts a throw-away cluster (pg-cluster.ts), opens the gateway's storage on a fresh database of
 * it (the `tiny` library's config, no songs) and lets `seed` fill it, for the storage tests that
 * read PostgreSQL's own tables.
 */
export async function startSeededPostgres(
  seed: (ctx: AppContext) => Promise<unknown>,
): Promise<SeededPostgres> {
  const cluster = await startPgCluster();
  const database = await createTestDatabase(cluster.url);
  const dataDir = mkdtempSync(join(tmpdir(), 'yinku-pg-storage-'));
  const config = {
    ...loadConfig({ YINKU_SONGS: 'off' }),
    dataDir,
    databaseUrl: database.url,
    librarySize: 'tiny' as const,
  };
  const ctx = await createContext(config, { storage: await openStorage(config) });
  await seed(ctx);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // The database is dropped under any idle client at the end (57P01): not a test's failure.
  pool.on('error', () => {});
  return {
    ctx,
    pool,
    async close() {
      await pool.end();
      await ctx.close();
      await database.drop();
      cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One seeded database for a test file (startSeededPostgres): started before its tests, with
 * three minutes for a busy machine to start the cluster and seed, and closed after them.
 */
export function seededPostgresPerFile(
  seed: (ctx: AppContext) => Promise<unknown>,
  ready: (storage: SeededPostgres) => void,
): void {
  let storage: SeededPostgres | undefined;
  beforeAll(async () => {
    storage = await startSeededPostgres(seed);
    ready(storage);
  }, 180_000);
  afterAll(async () => {
    await storage?.close();
  });
}
