import type { CatalogueRepository } from '../../../catalogue/catalogue.repository.ts';
import type { PgPool } from '../database.ts';

/** The ids of a call as the query's `$2` takes them: sample ids as int[], pack codes as text[]. */
function idParam(range: 'samples' | 'packs', ids: readonly (number | string)[]) {
  return range === 'samples'
    ? ids.map(Number).filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31)
    : ids.map(String);
}

/** The sample ids a remove or restore call names ($2): the ids, or every sample of the packs. */
const sampleIdsOf = (range: 'samples' | 'packs'): string =>
  range === 'samples'
    ? 'SELECT unnest($2::int[])'
    : 'SELECT id FROM samples WHERE pack_code = ANY($2::text[])';

/**
 * Removing from and restoring to a user's lists (docs/api/catalogue.md). The warehouse never
 * gives a purchase back: a removed acquisition moves to `hidden_acquisitions`, still owned.
 */
export function postgresUserItems(
  pool: PgPool,
): Pick<CatalogueRepository, 'removeUserItems' | 'restoreUserItems'> {
  return {
    async removeUserItems(scope, range, ids, now) {
      const params = [scope.userId, idParam(range, ids)];
      if (scope.relation === 'likes') {
        const sql =
          range === 'samples'
            ? 'DELETE FROM sample_likes WHERE user_id = $1 AND sample_id = ANY($2::int[])'
            : 'DELETE FROM pack_likes WHERE user_id = $1 AND pack_code = ANY($2::text[])';
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
        const sql =
          range === 'samples'
            ? `INSERT INTO sample_likes (user_id, sample_id, created_at)
               SELECT $1, id, $3 FROM samples WHERE id = ANY($2::int[])
               ON CONFLICT (user_id, sample_id) DO NOTHING`
            : `INSERT INTO pack_likes (user_id, pack_code, created_at)
               SELECT $1, code, $3 FROM packs WHERE code = ANY($2::text[])
               ON CONFLICT (user_id, pack_code) DO NOTHING`;
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
