import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayConfig } from './config.ts';
import { systemClock, type Clock } from './clock.ts';
import { openDatabase, type Database } from './db/database.ts';
import type { Repository } from './db/repository.ts';
import { createSqliteRepository } from './db/sqlite/sqlite-repository.ts';
import { openBlobStore, type BlobStore } from './blob-store.ts';

/** Everything a route module needs, created once per gateway. */
export interface AppContext {
  config: GatewayConfig;
  clock: Clock;
  /** The embedded database (only storage code and the seeder touch it directly). */
  db: Database;
  repo: Repository;
  blobs: BlobStore;
  /** HMAC secret for access tokens, kept in `<dataDir>/secret.key`. */
  tokenSecret: Buffer;
}

/** Opens the data directory: database (migrated), blob store and token secret. */
export function createContext(config: GatewayConfig, options: { clock?: Clock } = {}): AppContext {
  mkdirSync(config.dataDir, { recursive: true });
  const db = openDatabase(join(config.dataDir, 'yinku.sqlite'));
  return {
    config,
    clock: options.clock ?? systemClock,
    db,
    repo: createSqliteRepository(db),
    blobs: openBlobStore(config.blobDir ?? join(config.dataDir, 'blobs')),
    tokenSecret: loadSecret(config.dataDir),
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
