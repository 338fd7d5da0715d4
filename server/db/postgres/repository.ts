import type { Repository } from '../repository.ts';
import type { PgPool } from './database.ts';
import { postgresAccounts } from './accounts/adapter.ts';
import { postgresCatalogue } from './catalogue/adapter.ts';
import { postgresDownloads } from './downloads.ts';
import { postgresCommerce } from './commerce.ts';
import { postgresMusic } from './music.ts';
import { postgresLibrary } from './library/adapter.ts';
import { postgresInstances, postgresLeases, postgresLimits } from './coordination.ts';

/** The repository over one PostgreSQL database (`DATABASE_URL`, docs/DATABASE.md). */
export function createPostgresRepository(pool: PgPool): Repository {
  return {
    accounts: postgresAccounts(pool),
    catalogue: postgresCatalogue(pool),
    downloads: postgresDownloads(pool),
    commerce: postgresCommerce(pool),
    music: postgresMusic(pool),
    library: postgresLibrary(pool),
    limits: postgresLimits(pool),
    leases: postgresLeases(pool),
    instances: postgresInstances(pool),
  };
}
