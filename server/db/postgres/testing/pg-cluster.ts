import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from '../../../free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PgPool } from '../database.ts';
import { migratePg } from '../open-database.ts';

/** A throw-away PostgreSQL cluster: its admin URL (database `postgres`) and how to stop it. */
export interface PgCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`: connect here to create test databases. */
  url: string;
  port: number;
  dir: string;
  stop(): void;
}

/** The newest `/usr/lib/postgresql/<major>/bin` with an initdb, or null when none is installed. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(root, majors[0], 'bin') : null;
}

/**
 * Starts a fresh cluster in a temp directory on a free port (docs/DATABASE.md, "Tests"). The
 * server refuses to run as root, so as root the directory is handed to `postgres` and every
 * command runs through `runuser`. Trust authentication on 127.0.0.1 only; the socket lives in
 * the directory, never in /var/run. Stop it with `stop()` (fast shutdown, then the directory goes).
 * `sharedBuffers` sets PostgreSQL's own page cache (default 128 MB), as a server would be set up.
 */
export async function startPgCluster({
  sharedBuffers,
}: { sharedBuffers?: string } = {}): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)');
  const dir = mkdtempSync(join(tmpdir(), 'yinku-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    // A test cluster needs no durability: its data dies with the run.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    ...(sharedBuffers ? [`-c shared_buffers=${sharedBuffers}`] : []),
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A database of its own for one test gateway, and how to drop it. */
export interface PgTestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates a database with a random name on the cluster of `adminUrl` (docs/DATABASE.md, "Tests"):
 * empty, or a copy of `template` (a seeded library of this run, docs/TESTING.md "Seed once"), as
 * every SQLite test gateway has its own file.
 */
export async function createTestDatabase(
  adminUrl: string,
  template = 'template0',
): Promise<PgTestDatabase> {
  const { default: pg } = await import('pg');
  const name = `yinku_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} ENCODING 'UTF8'`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Runs `work` on a pool of a fresh, migrated database of a throw-away cluster, then closes the
 * pool, drops the database and stops the cluster (storage tests of one adapter on PostgreSQL).
 */
export async function withMigratedPg<T>(work: (pool: PgPool) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const cluster = await startPgCluster();
  try {
    const database = await createTestDatabase(cluster.url);
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => {});
    try {
      await migratePg(pool);
      return await work(pool);
    } finally {
      await pool.end();
      await database.drop();
    }
  } finally {
    cluster.stop();
  }
}
