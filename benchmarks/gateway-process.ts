/**
 * Real gateways as child processes for the gateway and load benchmarks: `node server/main.ts` on
 * a data directory, as `npm run serve` runs it, on the database the bench was given (SQLite in the
 * data directory, or PostgreSQL when `DATABASE_URL` is set; docs/DEPLOY.md lists the variables).
 * A seeded SQLite data directory is cached under the seed cache directory, keyed by the schema
 * and the seeding code, so the 1,000,000-row library is seeded once per schema, not per run.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { API } from '../src/shared/api/paths.ts';
import type { LibrarySize } from '../server/config.ts';
import { freePort } from '../server/free-port.ts';
import {
  createTestDatabase,
  startPgCluster,
  type PgTestDatabase,
} from '../server/db/postgres/testing/pg-cluster.ts';

/** A gateway process serving on 127.0.0.1. */
export interface GatewayProcess {
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/** The token secret every bench gateway shares, so tokens the bench mints work on each one. */
export const BENCH_TOKEN_SECRET = randomBytes(32).toString('hex');

/**
 * Starts `node server/main.ts` on `dataDir` with `env` and waits until it answers (seeding an
 * empty database first, as a first start does). Throws with its last error output if it exits
 * or is not ready within `readyMs`.
 */
export async function startGatewayProcess(options: {
  dataDir: string;
  env?: Record<string, string>;
  readyMs?: number;
}): Promise<GatewayProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      YINKU_DATA_DIR: options.dataDir,
      YINKU_SONGS: 'off',
      YINKU_SEED_AUDITIONS: 'off',
      YINKU_TOKEN_SECRET: BENCH_TOKEN_SECRET,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + (options.readyMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited (${child.exitCode}): ${errors}`);
    try {
      const response = await fetch(`${url}${API.instrumentsStyle}`);
      await response.arrayBuffer();
      if (response.ok) return { url, dataDir: options.dataDir, close };
    } catch {
      // Not listening yet (seeding).
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`gateway not ready after ${options.readyMs ?? 60_000} ms: ${errors}`);
    }
    await sleep(250);
  }
}

/** Every file under `dir` (sorted), for the cache key. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile() && !path.endsWith('.test.ts'))
    .sort();
}

/** A key of the schema and the seeding code: a cached library is reused only while both hold. */
function libraryKey(size: LibrarySize, env: Record<string, string>): string {
  const hash = createHash('sha256').update(`${size}\n${JSON.stringify(env)}\n`);
  const sources = [
    'server/db/sqlite/migrations',
    'server/db/sqlite/code-migrations.ts',
    'server/db/sqlite/library/adapter.ts',
    'server/db/sqlite/catalogue/search-text.ts',
    'server/library',
  ];
  for (const source of [...sources, 'server/synth']) {
    const files = source.endsWith('.ts') ? [source] : filesUnder(source);
    for (const file of files) hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Where seeded data directories are kept: beside the render cache (`YINKU_SEED_CACHE_DIR`), not
 * inside it — the render cache removes every entry of its folder but its own version's.
 */
const cacheRoot = () =>
  `${process.env.YINKU_SEED_CACHE_DIR ?? join(tmpdir(), 'yinku-seed-cache')}-libraries`;

/**
 * A gateway process on a seeded library of `size`. On SQLite, a data directory cached for the
 * same schema and seeding code is copied (seedMs is then the copy's time, `cached` true); else
 * the gateway seeds on its first start and the seeded directory is cached for the next run. With
 * `env.DATABASE_URL` (a fresh PostgreSQL database) it always seeds. Seeding 1M rows takes minutes.
 */
export async function startSeededGateway(
  size: LibrarySize,
  env: Record<string, string> = {},
): Promise<{ gateway: GatewayProcess; seedMs: number; cached: boolean }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'yinku-bench-'));
  const started = performance.now();
  const withLibrary = { ...env, YINKU_LIBRARY: size };
  const cacheable = env.DATABASE_URL === undefined && size !== 'none';
  const cached = join(cacheRoot(), `${size}-${libraryKey(size, env)}`);
  if (cacheable && existsSync(join(cached, 'yinku.sqlite'))) {
    cpSync(cached, dataDir, { recursive: true });
    const gateway = await startGatewayProcess({ dataDir, env: withLibrary, readyMs: 600_000 });
    return { gateway, seedMs: performance.now() - started, cached: true };
  }
  let gateway = await startGatewayProcess({ dataDir, env: withLibrary, readyMs: 900_000 });
  const seedMs = performance.now() - started;
  if (cacheable) {
    // Closed, the database is one checkpointed file; copied under a temporary name, then renamed.
    await gateway.close();
    mkdirSync(cacheRoot(), { recursive: true });
    const partial = `${cached}.partial-${process.pid}`;
    cpSync(dataDir, partial, { recursive: true });
    rmSync(cached, { recursive: true, force: true });
    renameSync(partial, cached);
    gateway = await startGatewayProcess({ dataDir, env: withLibrary, readyMs: 600_000 });
  }
  return { gateway, seedMs, cached: false };
}

/** Closes `gateway` and removes its data directory. */
export async function removeGateway(gateway: GatewayProcess): Promise<void> {
  await gateway.close();
  rmSync(gateway.dataDir, { recursive: true, force: true });
}

/**
 * The bench cluster's shared_buffers, as a server holding a 1M-row library would be set (about a
 * quarter of its memory is PostgreSQL's advice; docs/DEPLOY.md). At the default 128 MB, shared by
 * the 100k and 1M databases, a 1M `kick` page read most of its ~17,000 buffers from the OS
 * (56 ms p50 against ~21 ms; docs/DATABASE.md "Search").
 */
const BENCH_SHARED_BUFFERS = '2GB';

/** The PostgreSQL server the bench creates its databases on, once asked for (see below). */
let pgAdmin: Promise<{ url: string; stop(): void }> | undefined;
const databases: PgTestDatabase[] = [];

/**
 * Which database the bench's gateways use: `--database=postgres` starts a throw-away PostgreSQL
 * cluster (server/db/postgres/testing/pg-cluster.ts); DATABASE_URL (an admin URL) names a server to use;
 * neither is SQLite.
 */
export const benchOnPostgres = (): boolean =>
  process.argv.includes('--database=postgres') || Boolean(process.env.DATABASE_URL);

/**
 * The database environment of one bench gateway (or group of gateways sharing a database):
 * nothing for SQLite (each data directory holds its file); on PostgreSQL (benchOnPostgres) a
 * fresh database of its own, as DATABASE_URL, which its first gateway seeds. `closeBenchDatabases`
 * drops them and stops a cluster the bench started.
 */
export async function benchDatabaseEnv(): Promise<Record<string, string>> {
  return benchOnPostgres() ? postgresDatabaseEnv() : {};
}

/**
 * A fresh PostgreSQL database as DATABASE_URL, whatever the bench's database: on the server
 * DATABASE_URL names (an admin URL), else on a throw-away cluster the bench starts.
 */
export async function postgresDatabaseEnv(): Promise<Record<string, string>> {
  const given = process.env.DATABASE_URL;
  pgAdmin ??= given
    ? Promise.resolve({ url: given, stop: () => {} })
    : startPgCluster({ sharedBuffers: BENCH_SHARED_BUFFERS });
  const database = await createTestDatabase((await pgAdmin).url);
  databases.push(database);
  return { DATABASE_URL: database.url };
}

/** Drops the bench's PostgreSQL databases and stops the cluster it started, if any. */
export async function closeBenchDatabases(): Promise<void> {
  for (const database of databases.splice(0)) await database.drop();
  if (pgAdmin) (await pgAdmin).stop();
  pgAdmin = undefined;
}

/**
 * Runs a gateway bench group as a script (`node benchmarks/<group>.bench.ts [--quick]`) when
 * `moduleUrl` is the file node was started with: prints its figures and the seconds it took,
 * and closes the bench databases however it ends.
 */
export async function runGatewayGroupAsScript(
  moduleUrl: string,
  figures: (options: { quick: boolean }) => Promise<unknown>,
): Promise<void> {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  const started = performance.now();
  const answer = await figures({ quick: process.argv.includes('--quick') }).finally(
    closeBenchDatabases,
  );
  console.log(JSON.stringify(answer, null, 2));
  console.log(`${Math.round((performance.now() - started) / 1000)} s`);
}
