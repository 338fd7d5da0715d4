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
import { copyTemplateData, seededTemplate, type SeededTemplate } from './seeded-template.ts';
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
  const size = options.size ?? 'tiny';
  const template = await templateFor(size, options);
  const dataDir = mkdtempSync(join(tmpdir(), 'yinku-test-'));
  if (template) copyTemplateData(template, dataDir);
  const database = await testDatabase(template?.database ?? undefined);
  const config: GatewayConfig = {
    ...loadConfig({ YINKU_SONGS: 'off', ...options.env }),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: database?.url,
    librarySize: size,
  };
  const storage = await openStorage(config);
  const ctx = await createContext(config, { clock: options.clock, storage });
  // On a template's copy the library is seeded already: this finds it so and returns.
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
 * This run's seeded library of `size` to copy (tests/testing/seeded-template.ts), or null when the
 * gateway must seed its own: a clock of the test's (the seed's dates come from it), `YINKU_SEED_*`
 * settings, a size too big to copy, or no template folder (a run without the global setup).
 */
async function templateFor(
  size: LibrarySize,
  options: { clock?: Clock; env?: Record<string, string> },
): Promise<SeededTemplate | null> {
  if (options.clock || !COPIED_SIZES.has(size)) return null;
  if (Object.keys(options.env ?? {}).some((key) => key.startsWith('YINKU_SEED_'))) return null;
  return seededTemplate(size, pgAdminUrl(), async (dataDir, databaseUrl) => {
    const config = {
      ...loadConfig({ YINKU_SONGS: 'off' }),
      dataDir,
      databaseUrl,
      librarySize: size,
    };
    const ctx = await createContext(config, { storage: await openStorage(config) });
    try {
      await seedIfEmpty(ctx, size);
    } finally {
      await ctx.close();
    }
  });
}

/** The sizes a template serves: the test sizes, whose data directories are a few MB. */
const COPIED_SIZES: ReadonlySet<LibrarySize> = new Set(['none', 'tiny', 'small']);

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
 * `api-pg` project set YINKU_TEST_DATABASE=postgres, a database of that run's cluster (empty, or
 * a copy of `template`), dropped when the gateway closes (docs/DATABASE.md, "Tests"). It goes into the gateway's config,
 * so whatever opens the storage again from that config (an importer) reaches the same one.
 */
async function testDatabase(template?: string): Promise<PgTestDatabase | null> {
  const admin = pgAdminUrl();
  return admin ? createTestDatabase(admin, template) : null;
}

/** The admin URL of the run's cluster when the gateways run on PostgreSQL, else null. */
function pgAdminUrl(): string | null {
  if (process.env.YINKU_TEST_DATABASE !== 'postgres') return null;
  const admin = process.env.YINKU_TEST_PG_ADMIN_URL;
  if (!admin) throw new Error('YINKU_TEST_DATABASE=postgres needs the api-pg global setup');
  return admin;
}
