import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { createContext, type AppContext } from '../../server/context.ts';
import { createTestDatabase } from '../../server/db/postgres/testing/pg-cluster.ts';

const MAIN = join(import.meta.dirname, '../../server/main.ts');

/**
 * Storage several gateway processes share: one SQLite data directory (WAL, one machine), or a
 * PostgreSQL database — a fresh one on the `api-pg` project's cluster (YINKU_TEST_DATABASE=
 * postgres), else DATABASE_URL when set — with a shared blob directory and a data directory of
 * their own for each instance (mail outbox).
 */
export interface SharedStorage {
  kind: 'sqlite' | 'postgres';
  /** The environment every instance gets (database, blobs, token secret, lease time). */
  envFor(name: string): Record<string, string>;
  /** Opens the storage in this process too, for setting up users and checking rows. */
  openContext(): Promise<AppContext>;
  dispose(): Promise<void>;
}

/** A throwaway shared storage for the multi-instance suite. */
export async function sharedStorage(options: { leaseMs: number }): Promise<SharedStorage> {
  const root = mkdtempSync(join(tmpdir(), 'yinku-multi-'));
  const admin = process.env.YINKU_TEST_PG_ADMIN_URL;
  const database =
    process.env.YINKU_TEST_DATABASE === 'postgres'
      ? await createTestDatabase(
          admin ?? raise('YINKU_TEST_DATABASE=postgres needs the api-pg global setup'),
        )
      : null;
  const databaseUrl = database?.url ?? process.env.DATABASE_URL;
  const blobDir = join(root, 'blobs');
  const dataDirOf = (name: string) =>
    databaseUrl ? join(root, `data-${name}`) : join(root, 'data');
  const common = {
    YINKU_BLOB_DIR: blobDir,
    YINKU_TOKEN_SECRET: `multi-instance-test-${root}`,
    YINKU_LEASE_MS: String(options.leaseMs),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const contexts: AppContext[] = [];
  return {
    kind: databaseUrl ? 'postgres' : 'sqlite',
    envFor: (name) => ({ ...common, YINKU_DATA_DIR: dataDirOf(name) }),
    async openContext() {
      const config = loadConfig({ ...process.env, ...common, YINKU_DATA_DIR: dataDirOf('test') });
      mkdirSync(config.dataDir, { recursive: true });
      // The token secret comes from the environment in the gateways; the same one here.
      const saved = process.env.YINKU_TOKEN_SECRET;
      process.env.YINKU_TOKEN_SECRET = common.YINKU_TOKEN_SECRET;
      try {
        const ctx = await createContext(config);
        contexts.push(ctx);
        return ctx;
      } finally {
        if (saved === undefined) delete process.env.YINKU_TOKEN_SECRET;
        else process.env.YINKU_TOKEN_SECRET = saved;
      }
    },
    async dispose() {
      for (const ctx of contexts.splice(0)) await ctx.close();
      await database?.drop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function raise(message: string): never {
  throw new Error(message);
}

/** A gateway running as a child process (`node server/main.ts`), as deployed. */
export interface GatewayProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** Every line it printed so far (stdout and stderr), JSON log records included. */
  lines: string[];
  /** The `msg` of every JSON log record and every plain line. */
  messages(): string[];
  /** Resolves with the first message matching `pattern`; rejects after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** `kill -9`: no shutdown, no cleanup. */
  killHard(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

const messageOf = (line: string): string => {
  try {
    const record = JSON.parse(line) as { msg?: unknown };
    return typeof record.msg === 'string' ? record.msg : line;
  } catch {
    return line;
  }
};

/** Spawns a gateway with `env` and resolves once it listens (on an ephemeral port). */
export function spawnGateway(
  name: string,
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<GatewayProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      YINKU_LIBRARY: 'tiny',
      YINKU_SONGS: 'off',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop()!;
      lines.push(...parts.filter((line) => line.length > 0));
      for (const listener of listeners) listener();
    });
  }
  const messages = () => lines.map(messageOf);
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = messages().find((message) => pattern.test(message));
        if (found === undefined) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${name}: no ${pattern} in ${timeoutMs} ms:\n${lines.join('\n')}`));
      }, timeoutMs);
      const onExit = (code: number | null) => {
        if (check()) return;
        cleanup();
        reject(new Error(`${name} exited (${code}) before ${pattern}:\n${lines.join('\n')}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(listener);
        child.off('exit', onExit);
      };
      const listener = () => void check();
      if (check()) return;
      listeners.add(listener);
      child.on('exit', onExit);
    });
  const gateway = (url: string): GatewayProcess => ({
    name,
    url,
    child,
    lines,
    messages,
    waitFor,
    async killHard() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  });
  return waitFor(/serving on http:\/\/localhost:\d+/, options.timeoutMs).then(
    (line) => gateway(`http://127.0.0.1:${/localhost:(\d+)/.exec(line)![1]}`),
    async (error: unknown) => {
      child.kill('SIGKILL');
      throw error;
    },
  );
}

/** Runs a gateway that is expected to refuse to start; resolves with its exit code and output. */
export function runRefusedGateway(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', YINKU_LIBRARY: 'tiny', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}
