import type { Repository } from '../repository.ts';
import type { PgPool } from './pg-database.ts';
import { postgresAccounts } from './accounts.postgres.ts';
import { postgresCatalogue } from './catalogue.postgres.ts';
import { postgresDownloads } from './downloads.postgres.ts';
import { postgresCommerce } from './commerce.postgres.ts';
import { postgresMusic } from './music.postgres.ts';
import { postgresLibrary } from './library.postgres.ts';
import { postgresInstances, postgresLeases, postgresLimits } from './coordination.postgres.ts';

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
