import type { PgPool } from '../database.ts';
import { relikeSql, sampleIdsSql, unlikeSql, type UserItemMethods } from '../../rows/user-items.ts';

/** The ids of a call as the query's `$2` takes them: sample ids as int[], pack codes as text[]. */
function idParam(range: 'samples' | 'packs', ids: readonly (number | string)[]) {
  return range === 'samples'
    ? ids.map(Number).filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31)
    : ids.map(String);
}

/** The condition that a key is one of the call's ids ($2). */
const keysIn = (range: 'samples' | 'packs'): string =>
  range === 'samples' ? '= ANY($2::int[])' : '= ANY($2::text[])';

/** The sample ids a remove or restore call names ($2): the ids, or every sample of the packs. */
const sampleIdsOf = (range: 'samples' | 'packs'): string =>
  sampleIdsSql(range, 'SELECT unnest($2::int[])', keysIn(range));

/**
 * Removing from and restoring to a user's lists (docs/api/catalogue.md). The warehouse never
 * gives a purchase back: a removed acquisition moves to `hidden_acquisitions`, still owned.
 */
export function postgresUserItems(pool: PgPool): UserItemMethods {
  return {
    async removeUserItems(scope, range, ids, now) {
      const params = [scope.userId, idParam(range, ids)];
      if (scope.relation === 'likes') {
        const sql = unlikeSql(range, { user: '$1', keysIn: keysIn(range) });
        return (await pool.query(sql, params)).rowCount ?? 0;
      }
      const result = await pool.query(
        `WITH gone AS (
           DELETE FROM acquisitions WHERE user_id = $1 AND sample_id IN (${sampleIdsOf(range)})
           RETURNING *
         )
         INSERT INTO hidden_acquisitions (user_id, sample_id, acquired_at, user_file_path, hidden_at)
         SELECT user_id, sample_id, acquired_at, user_file_path, $3 FROM gone
         ON CONFLICT (user_id, sample_id) DO UPDATE SET hidden_at = excluded.hidden_at`,
        [...params, new Date(now).toISOString()],
      );
      return result.rowCount ?? 0;
    },

    async restoreUserItems(scope, range, ids, now) {
      const params = [scope.userId, idParam(range, ids)];
      if (scope.relation === 'likes') {
        const sql = relikeSql(range, { user: '$1', at: '$3', keysIn: keysIn(range) });
        return (await pool.query(sql, [...params, new Date(now).toISOString()])).rowCount ?? 0;
      }
      const result = await pool.query(
        `WITH back AS (
             DELETE FROM hidden_acquisitions
             WHERE user_id = $1 AND sample_id IN (${sampleIdsOf(range)})
             RETURNING *
           )
           INSERT INTO acquisitions (user_id, sample_id, acquired_at, user_file_path)
           SELECT user_id, sample_id, acquired_at, user_file_path FROM back
           ON CONFLICT (user_id, sample_id) DO NOTHING`,
        params,
      );
      return result.rowCount ?? 0;
    },
  };
}
