import type { Database } from '../database.ts';
import { transaction } from '../database.ts';
import { relikeSql, sampleIdsSql, unlikeSql, type UserItemMethods } from '../../rows/user-items.ts';

/** The condition that a key is one of the call's ids or codes (a JSON array). */
const KEYS_IN = 'IN (SELECT value FROM json_each(?))';

/** The sample ids a remove or restore call names: the ids, or every sample of the pack codes. */
const sampleIdsOf = (range: 'samples' | 'packs'): string =>
  sampleIdsSql(range, 'SELECT value FROM json_each(?)', KEYS_IN);

/**
 * Removing from and restoring to a user's lists (docs/api/catalogue.md). The warehouse never
 * gives a purchase back: a removed acquisition moves to `hidden_acquisitions`, still owned.
 */
export function sqliteUserItems(db: Database): UserItemMethods {
  return {
    async removeUserItems(scope, range, ids, now) {
      const list = JSON.stringify(ids);
      if (scope.relation === 'likes') {
        const sql = unlikeSql(range, { user: '?', keysIn: KEYS_IN });
        return Number(db.prepare(sql).run(scope.userId, list).changes);
      }
      return transaction(db, () => {
        db.prepare(
          `INSERT INTO hidden_acquisitions (user_id, sample_id, acquired_at, user_file_path, hidden_at)
           SELECT user_id, sample_id, acquired_at, user_file_path, ? FROM acquisitions
           WHERE user_id = ? AND sample_id IN (${sampleIdsOf(range)})
           ON CONFLICT (user_id, sample_id) DO UPDATE SET hidden_at = excluded.hidden_at`,
        ).run(new Date(now).toISOString(), scope.userId, list);
        return Number(
          db
            .prepare(
              `DELETE FROM acquisitions WHERE user_id = ? AND sample_id IN (${sampleIdsOf(range)})`,
            )
            .run(scope.userId, list).changes,
        );
      });
    },

    async restoreUserItems(scope, range, ids, now) {
      const list = JSON.stringify(ids);
      const at = new Date(now).toISOString();
      if (scope.relation === 'likes') {
        const sql = relikeSql(range, { user: '?', at: '?', keysIn: KEYS_IN });
        return Number(db.prepare(sql).run(scope.userId, at, list).changes);
      }
      return transaction(db, () => {
        const restored = Number(
          db
            .prepare(
              `INSERT INTO acquisitions (user_id, sample_id, acquired_at, user_file_path)
               SELECT user_id, sample_id, acquired_at, user_file_path FROM hidden_acquisitions
               WHERE user_id = ? AND sample_id IN (${sampleIdsOf(range)})
               ON CONFLICT (user_id, sample_id) DO NOTHING`,
            )
            .run(scope.userId, list).changes,
        );
        db.prepare(
          `DELETE FROM hidden_acquisitions WHERE user_id = ? AND sample_id IN (${sampleIdsOf(range)})`,
        ).run(scope.userId, list);
        return restored;
      });
    },
  };
}
