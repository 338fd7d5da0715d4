import { join } from 'node:path';
import type { GatewayConfig } from '../config.ts';
import type { OracleRepository } from './oracle.repository.ts';
import type { Repository } from './repository.ts';
import type { Database } from './sqlite/database.ts';
import { openDatabase } from './sqlite/open-database.ts';
import { sqliteAccounts } from './sqlite/accounts/adapter.ts';
import { sqliteAdmin } from './sqlite/admin.ts';
import { sqliteCatalogue } from './sqlite/catalogue/adapter.ts';
import { sqliteCommerce } from './sqlite/commerce.ts';
import { sqliteInstances, sqliteLeases, sqliteLimits } from './sqlite/coordination.ts';
import { sqliteDownloads } from './sqlite/downloads.ts';
import { sqliteLibrary } from './sqlite/library/adapter.ts';
import { sqliteMusic } from './sqlite/music.ts';
import { sqliteOracle } from './sqlite/oracle.ts';
import { sqliteReview } from './sqlite/review.ts';
import { sqliteInsight } from './sqlite/insight.ts';
import type { PgPool } from './postgres/database.ts';
import { isPostgresUrl, openPgDatabase } from './postgres/open-database.ts';
import { postgresAccounts } from './postgres/accounts/adapter.ts';
import { postgresAdmin } from './postgres/admin.ts';
import { postgresCatalogue } from './postgres/catalogue/adapter.ts';
import { postgresCommerce } from './postgres/commerce.ts';
import { postgresInstances, postgresLeases, postgresLimits } from './postgres/coordination.ts';
import { postgresDownloads } from './postgres/downloads.ts';
import { postgresLibrary } from './postgres/library/adapter.ts';
import { postgresMusic } from './postgres/music.ts';
import { postgresOracle } from './postgres/oracle.ts';
import { postgresReview } from './postgres/review.ts';
import { postgresInsight } from './postgres/insight.ts';

/** The repository a gateway uses and how to let go of it. */
export interface Storage {
  repo: Repository;
  /** Direct reads (and fixtures) for the API tests; the gateway itself never uses it. */
  oracle: OracleRepository;
  /** Closes the database (connections, file handles); the repository is unusable after. */
  close(): Promise<void>;
}

/** The embedded repository over one SQLite database: one adapter per port. */
export function createSqliteRepository(db: Database): Repository {
  return {
    accounts: sqliteAccounts(db),
    catalogue: sqliteCatalogue(db),
    downloads: sqliteDownloads(db),
    commerce: sqliteCommerce(db),
    music: sqliteMusic(db),
    limits: sqliteLimits(db),
    leases: sqliteLeases(db),
    instances: sqliteInstances(db),
    library: sqliteLibrary(db),
    review: sqliteReview(db),
    admin: sqliteAdmin(db),
    insight: sqliteInsight(db),
  };
}

/** The repository over one PostgreSQL database (`DATABASE_URL`, docs/DATABASE.md): the same ports. */
export function createPostgresRepository(pool: PgPool): Repository {
  return {
    accounts: postgresAccounts(pool),
    catalogue: postgresCatalogue(pool),
    downloads: postgresDownloads(pool),
    commerce: postgresCommerce(pool),
    music: postgresMusic(pool),
    limits: postgresLimits(pool),
    leases: postgresLeases(pool),
    instances: postgresInstances(pool),
    library: postgresLibrary(pool),
    review: postgresReview(pool),
    admin: postgresAdmin(pool),
    insight: postgresInsight(pool),
  };
}

/**
 * Opens the gateway's storage: the one place that wires the adapters and picks an engine
 * (docs/ARCHITECTURE.md#storage, docs/DATABASE.md). A `postgres://` `databaseUrl` opens that
 * PostgreSQL database; without one, the embedded SQLite file `<dataDir>/yinku.sqlite`. Either is
 * migrated on open.
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
