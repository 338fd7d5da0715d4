import { join } from 'node:path';
import type { GatewayConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import type { OracleRepository } from './oracle.repository.ts';
import type { Repository } from './repository.ts';
import { sqliteOracle } from './sqlite/oracle.sqlite.ts';
import { createSqliteRepository } from './sqlite/sqlite-repository.ts';

/** The repository a gateway uses and how to let go of it. */
export interface Storage {
  repo: Repository;
  /** Direct reads (and fixtures) for the API tests; the gateway itself never uses it. */
  oracle: OracleRepository;
  /** Closes the database (connections, file handles); the repository is unusable after. */
  close(): Promise<void>;
}

/**
 * Opens the gateway's storage: the one place that picks an adapter (docs/ARCHITECTURE.md#storage).
 * Today that is the embedded SQLite file `<dataDir>/yinku.sqlite`, migrated on open.
 */
export async function openStorage(config: GatewayConfig): Promise<Storage> {
  const db = openDatabase(join(config.dataDir, 'yinku.sqlite'));
  return {
    repo: createSqliteRepository(db),
    oracle: sqliteOracle(db),
    async close() {
      db.close();
    },
  };
}
