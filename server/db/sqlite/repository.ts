import type { Database } from './database.ts';
import type { Repository } from '../repository.ts';
import { sqliteAccounts } from './accounts/adapter.ts';
import { sqliteCatalogue } from './catalogue/adapter.ts';
import { sqliteDownloads } from './downloads.ts';
import { sqliteCommerce } from './commerce.ts';
import { sqliteMusic } from './music.ts';
import { sqliteInstances, sqliteLeases, sqliteLimits } from './coordination.ts';
import { sqliteLibrary } from './library/adapter.ts';

/** The embedded repository over one SQLite database. */
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
  };
}
