import type { Range } from '../../../src/shared/api/catalogue.types.ts';
import type { CatalogueRepository } from '../../catalogue/catalogue.repository.ts';

/** The part of the catalogue port each engine's user-items file implements. */
export type UserItemMethods = Pick<CatalogueRepository, 'removeUserItems' | 'restoreUserItems'>;

// A user's likes of a range: the like table, its key column, and the catalogue table it names.
const LIKES = {
  samples: { likes: 'sample_likes', column: 'sample_id', table: 'samples', key: 'id' },
  packs: { likes: 'pack_likes', column: 'pack_code', table: 'packs', key: 'code' },
} as const;

/** How an engine writes a user-items statement's parameters: the user, the time, the keys' match. */
export interface ItemParams {
  user: string;
  at: string;
  /** The condition that a key is one of the call's keys (`= ANY($2::int[])`, `IN (… json_each(?))`). */
  keysIn: string;
}

/** The sample ids a call names: `ids` (its ids as a row set), or every sample of its packs. */
export const sampleIdsSql = (range: Range, ids: string, keysIn: string): string =>
  range === 'samples' ? ids : `SELECT id FROM samples WHERE pack_code ${keysIn}`;

/** Removes the user's likes of the listed samples or packs. */
export const unlikeSql = (range: Range, p: Omit<ItemParams, 'at'>): string => {
  const { likes, column } = LIKES[range];
  return `DELETE FROM ${likes} WHERE user_id = ${p.user} AND ${column} ${p.keysIn}`;
};

/** Likes again those of the listed samples or packs that still exist, keeping likes it finds. */
export const relikeSql = (range: Range, p: ItemParams): string => {
  const { likes, column, table, key } = LIKES[range];
  return `INSERT INTO ${likes} (user_id, ${column}, created_at)
    SELECT ${p.user}, ${key}, ${p.at} FROM ${table} WHERE ${key} ${p.keysIn}
    ON CONFLICT (user_id, ${column}) DO NOTHING`;
};
