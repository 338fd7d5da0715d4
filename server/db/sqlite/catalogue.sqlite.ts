import type { Database } from '../database.ts';
import type { CatalogueRepository } from '../../catalogue/catalogue.repository.ts';

/** SQLite implementation of the catalogue repository. */
export function sqliteCatalogue(_db: Database): CatalogueRepository {
  return {};
}
