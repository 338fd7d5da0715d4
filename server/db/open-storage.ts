import { join } from 'node:path';
import type { GatewayConfig } from '../config.ts';
import { openDatabase } from './sqlite/database.ts';
import type { OracleRepository } from './oracle.repository.ts';
import type { Repository } from './repository.ts';
import { sqliteOracle } from './sqlite/oracle.ts';
import { createSqliteRepository } from './sqlite/repository.ts';
import { isPostgresUrl, openPgDatabase } from './postgres/database.ts';
import { createPostgresRepository } from './postgres/repository.ts';
import { postgresOracle } from './postgres/oracle.ts';

/** The repository a gateway uses and how to let go of it. */
export interface Storage {
  repo: Repository;
  /** Direct reads (and fixtures) for the API tests; the gateway itself never uses it. */
  oracle: OracleRepository;
  /** Closes the database (connections, file handles); the repository is unusable after. */
  close(): Promise<void>;
}

/**
 * Opens the gateway's storage: the one place that picks an adapter (docs/ARCHITECTURE.md#storage,
 * docs/DATABASE.md). A `postgres://` `databaseUrl` opens that PostgreSQL database; without one,
 * the embedded SQLite file `<dataDir>/yinku.sqlite`. Either is migrated on open.
 */
export async function openStorage(config: GatewayConfig): Promise<Storage> {
  if (config.databaseUrl !== undefined) {
    if (!isPostgresUrl(config.databaseUrl))
      throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
    const pool = await openPgDatabase(config.databaseUrl);
    return {
      repo: createPostgresRepository(pool),
      oracle: postgresOracle(pool),
      async close() {
        await pool.end();
      },
    };
  }
  const db = openDatabase(join(config.dataDir, 'yinku.sqlite'));
  return {
    repo: createSqliteRepository(db),
    oracle: sqliteOracle(db),
    async close() {
      db.close();
    },
  };
}
