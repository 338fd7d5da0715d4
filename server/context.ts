import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayConfig } from './config.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Repository } from './db/repository.ts';
import { openStorage, type Storage } from './db/open-storage.ts';
import { openBlobStore, type BlobStore } from './blob-store.ts';

/** Everything a route module needs, created once per gateway. */
export interface AppContext {
  config: GatewayConfig;
  clock: Clock;
  /** All storage, through ports that name no SQL dialect (docs/ARCHITECTURE.md#storage). */
  repo: Repository;
  blobs: BlobStore;
  /** HMAC secret for access tokens, kept in `<dataDir>/secret.key`. */
  tokenSecret: Buffer;
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
  return {
    config,
    clock: options.clock ?? systemClock,
    repo: storage.repo,
    blobs: openBlobStore(join(config.dataDir, 'blobs')),
    tokenSecret: loadSecret(config.dataDir),
    close: storage.close,
  };
}

function loadSecret(dataDir: string): Buffer {
  const fromEnv = process.env.YINKU_TOKEN_SECRET;
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file);
  const secret = randomBytes(32);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
