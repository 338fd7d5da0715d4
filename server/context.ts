import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayConfig } from './config.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Repository } from './db/repository.ts';
import { openStorage, type Storage } from './db/open-storage.ts';
import { openBlobStore, type BlobStore } from './blob-store.ts';
import { createSessionGuard, type SessionGuard } from './accounts/session-guard.ts';
import { createInsightRecorder, type InsightRecorder } from './insight/insight-recorder.ts';

/** Everything a route module needs, created once per gateway. */
export interface AppContext {
  config: GatewayConfig;
  clock: Clock;
  /** All storage, through ports that name no SQL dialect (docs/ARCHITECTURE.md#storage). */
  repo: Repository;
  blobs: BlobStore;
  /** HMAC secret for access tokens: YINKU_TOKEN_SECRET, else kept in `<dataDir>/secret.key`. */
  tokenSecret: Buffer;
  /** The ended sessions whose access tokens are refused (started by the app, docs/api/accounts.md#sessions). */
  sessions: SessionGuard;
  /** Counts plays, downloads and searches, flushed every few seconds (docs/ADMIN.md "Insight"). */
  insight: InsightRecorder;
  /** Closes the storage; call once, after the server has stopped. */
  close(): Promise<void>;
}

/** Opens the data directory: storage (migrated), blob store and token secret. */
export async function createContext(
  config: GatewayConfig,
  options: {
    clock?: Clock;
    /** Storage the caller opened (tests keep its oracle); otherwise `openStorage` opens it. */
    storage?: Storage;
  } = {},
): Promise<AppContext> {
  mkdirSync(config.dataDir, { recursive: true });
  const storage = options.storage ?? (await openStorage(config));
  const clock = options.clock ?? systemClock;
  const sessions = createSessionGuard({ accounts: storage.repo.accounts, clock });
  const insight = createInsightRecorder({
    store: storage.repo.insight,
    clock,
    onError: (error) => process.emitWarning(`insight counts not written yet: ${String(error)}`),
  });
  return {
    config,
    clock,
    repo: storage.repo,
    blobs: openBlobStore(config.blobDir ?? join(config.dataDir, 'blobs')),
    tokenSecret: loadSecret(config.dataDir),
    sessions,
    insight,
    async close() {
      sessions.stop();
      await insight.close();
      await storage.close();
    },
  };
}

function loadSecret(dataDir: string): Buffer {
  const fromEnv = process.env.YINKU_TOKEN_SECRET;
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file);
  // Written whole under a temporary name, then linked into place: linking fails when another
  // instance starting on this data directory got there first, and then its secret is used.
  const temp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  writeFileSync(temp, randomBytes(32), { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temp);
  }
  return readFileSync(file);
}
