import type { Database } from '../database.ts';
import type { CommerceRepository } from '../../commerce/commerce.repository.ts';

/** SQLite implementation of the commerce repository. */
export function sqliteCommerce(_db: Database): CommerceRepository {
  return {};
}
