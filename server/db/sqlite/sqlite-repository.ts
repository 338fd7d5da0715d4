import type { Database } from '../database.ts';
import type { Repository } from '../repository.ts';
import { sqliteAccounts } from './accounts.sqlite.ts';
import { sqliteCatalogue } from './catalogue.sqlite.ts';
import { sqliteDownloads } from './downloads.sqlite.ts';
import { sqliteCommerce } from './commerce.sqlite.ts';
import { sqliteMusic } from './music.sqlite.ts';
import { sqliteLibrary } from './library.sqlite.ts';

/** The embedded repository over one SQLite database. */
export function createSqliteRepository(db: Database): Repository {
  return {
    accounts: sqliteAccounts(db),
    catalogue: sqliteCatalogue(db),
    downloads: sqliteDownloads(db),
    commerce: sqliteCommerce(db),
    music: sqliteMusic(db),
    library: sqliteLibrary(db),
  };
}
