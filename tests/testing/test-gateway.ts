import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage } from '../../server/db/open-storage.ts';
import type { OracleRepository } from '../../server/db/oracle.repository.ts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { loadConfig, type GatewayConfig, type LibrarySize } from '../../server/config.ts';
import { createContext, type AppContext } from '../../server/context.ts';
import { createApp } from '../../server/app.ts';
import type { Clock } from '../../server/clock.ts';
import { seedIfEmpty } from '../../server/library/seed-library.ts';
import type { SlowBodies } from './slow-bodies.ts';
import {
  createTestDatabase,
  type PgTestDatabase,
} from '../../server/db/postgres/testing/pg-cluster.ts';

/** A gateway on an ephemeral port with a fresh data directory. */
export interface TestGateway {
  url: string;
  ctx: AppContext;
  /** Reads straight from the gateway's storage, to check answers against (tests/testing/oracle.ts). */
  oracle: OracleRepository;
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/** Starts a real gateway for a test: fresh data dir, seeded library of `size`, port 0. */
export async function startTestGateway(
  options: {
    size?: LibrarySize;
    clock?: Clock;
    serveClient?: boolean;
    /** Configuration; its `YINKU_SEED_*` entries hold while the library is seeded. */
    env?: Record<string, string>;
    /** Sees every route as it is registered (see AppOptions.onRoute). */
    onRoute?: (route: RouteOptions) => void;
    /** Answers whose bodies it holds back (the bench's late rest of a first play). */
    slowBodies?: SlowBodies;
  } = {},
): Promise<TestGateway> {
  const dataDir = mkdtempSync(join(tmpdir(), 'yinku-test-'));
  const database = await testDatabase();
  const config: GatewayConfig = {
    ...loadConfig({ YINKU_SONGS: 'off', ...options.env }),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: database?.url,
    librarySize: options.size ?? 'tiny',
  };
  const storage = await openStorage(config);
  const ctx = await createContext(config, { clock: options.clock, storage });
  await withSeedEnv(options.env ?? {}, () => seedIfEmpty(ctx, config.librarySize));
  const app = await createApp(ctx, {
    serveClient: options.serveClient ?? false,
    onRoute: options.onRoute,
    // Every API test also checks that no answer loses or changes a field in serialisation.
    checkResponses: true,
  });
  options.slowBodies?.install(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    oracle: storage.oracle,
    url: `http://127.0.0.1:${port}`,
    ctx,
    app,
    dataDir,
    async close() {
      await app.close();
      await ctx.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `seed` with the `YINKU_SEED_*` entries of `env` in process.env (the seeder reads them
 * there, not from the config), then puts the previous values back.
 */
async function withSeedEnv<T>(env: Record<string, string>, seed: () => Promise<T>): Promise<T> {
  const keys = Object.keys(env).filter((key) => key.startsWith('YINKU_SEED_'));
  const saved = keys.map((key) => [key, process.env[key]] as const);
  for (const key of keys) process.env[key] = env[key];
  try {
    return await seed();
  } finally {
    for (const [key, value] of saved)
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  }
}

/**
 * The database of one test gateway: none (a fresh SQLite file in its data directory) or, when the
 * `api-pg` project set YINKU_TEST_DATABASE=postgres, a fresh database of that run's cluster,
 * dropped when the gateway closes (docs/DATABASE.md, "Tests"). It goes into the gateway's config,
 * so whatever opens the storage again from that config (an importer) reaches the same one.
 */
async function testDatabase(): Promise<PgTestDatabase | null> {
  if (process.env.YINKU_TEST_DATABASE !== 'postgres') return null;
  const admin = process.env.YINKU_TEST_PG_ADMIN_URL;
  if (!admin) throw new Error('YINKU_TEST_DATABASE=postgres needs the api-pg global setup');
  return createTestDatabase(admin);
}
