import type { DownloadsRepository } from '../../downloads/downloads.repository.ts';
import { acquisitionsQuery, iso, quoteBatch, toAcquisition } from '../rows/downloads.ts';
import { firstRow, withTransaction, type PgPool, type PgQueryable } from './database.ts';

const exists = async (db: PgQueryable, sql: string, params: unknown[]): Promise<boolean> =>
  ((await db.query(sql, params)).rowCount ?? 0) > 0;

const sampleExists = (db: PgQueryable, id: number) =>
  exists(db, 'SELECT 1 FROM samples WHERE id = $1', [id]);
// Owned: in the warehouse, or removed from it (hidden), which never gives the purchase back.
const ownedBy = (db: PgQueryable, userId: number, sampleId: number) =>
  exists(
    db,
    `SELECT 1 FROM acquisitions WHERE user_id = $1 AND sample_id = $2
     UNION ALL SELECT 1 FROM hidden_acquisitions WHERE user_id = $1 AND sample_id = $2`,
    [userId, sampleId],
  );

const pendingFor = async (
  db: PgQueryable,
  userId: number,
  sampleId: number,
  now: number,
): Promise<number | null> => {
  const row = await firstRow<{ id: number }>(
    db,
    `SELECT id FROM download_grants
     WHERE user_id = $1 AND sample_id = $2 AND status = 'pending' AND expires_at > $3
     ORDER BY id DESC LIMIT 1`,
    [userId, sampleId, now],
  );
  return row ? Number(row.id) : null;
};

// Distinct samples with an unexpired pending grant: each will take one download when committed.
const pendingCount = async (db: PgQueryable, userId: number, now: number): Promise<number> =>
  Number(
    (
      await db.query(
        `SELECT COUNT(DISTINCT sample_id) AS n FROM download_grants
         WHERE user_id = $1 AND status = 'pending' AND expires_at > $2`,
        [userId, now],
      )
    ).rows[0]?.n ?? 0,
  );

interface QuotaRow {
  download_quota: number | null;
}

/**
 * The user's quota, with the user row locked until the transaction ends: every decision about
 * one user's downloads (grant, batch, commit, order) takes this lock first, so two concurrent
 * authorisations cannot both spend the last download (docs/DATABASE.md, "Concurrency").
 */
const lockedQuota = async (db: PgQueryable, userId: number): Promise<number | null> => {
  const row = await firstRow<QuotaRow>(
    db,
    'SELECT download_quota FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  return row?.download_quota == null ? null : Number(row.download_quota);
};

const quotaOf = async (db: PgQueryable, userId: number): Promise<number | null> => {
  const row = await firstRow<QuotaRow>(db, 'SELECT download_quota FROM users WHERE id = $1', [
    userId,
  ]);
  return row?.download_quota == null ? null : Number(row.download_quota);
};

const insertGrant = (
  db: PgQueryable,
  userId: number,
  sampleId: number,
  now: number,
  expiresAt: number,
) =>
  db.query(
    `INSERT INTO download_grants (user_id, sample_id, created_at, expires_at, status, charged)
     VALUES ($1, $2, $3, $4, 'pending', 0)`,
    [userId, sampleId, now, expiresAt],
  );
const extendGrant = (db: PgQueryable, id: number, expiresAt: number) =>
  db.query('UPDATE download_grants SET expires_at = $1 WHERE id = $2', [expiresAt, id]);

/** PostgreSQL implementation of the downloads repository. */
export function postgresDownloads(pool: PgPool): DownloadsRepository {
  const toggle = async (
    found: boolean,
    userId: number,
    remove: string,
    insert: string,
    key: number | string,
    now: number,
  ): Promise<boolean | null> => {
    if (!found) return null;
    return withTransaction(pool, async (db) => {
      // One user's toggles take turns, so two quick clicks flip twice instead of colliding.
      await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      if (((await db.query(remove, [userId, key])).rowCount ?? 0) > 0) return false;
      await db.query(insert, [userId, key, iso(now)]);
      return true;
    });
  };

  return {
    async authorize(userId, sampleId, now, expiresAt) {
      return withTransaction(pool, async (db) => {
        if (!(await sampleExists(db, sampleId))) return 'missing';
        const left = await lockedQuota(db, userId);
        if (await ownedBy(db, userId, sampleId)) return 'owned';
        const existing = await pendingFor(db, userId, sampleId, now);
        if (existing !== null) {
          await extendGrant(db, existing, expiresAt);
          return 'granted';
        }
        const pending = await pendingCount(db, userId, now);
        if (left !== null && left - pending <= 0) return 'quota';
        await insertGrant(db, userId, sampleId, now, expiresAt);
        return 'granted';
      });
    },

    async authorizeBatch(userId, sampleIds, now, expiresAt, dryRun) {
      return withTransaction(pool, async (db) => {
        const ids = [...new Set(sampleIds)];
        const found = new Set(
          (
            await db.query<{ id: number }>('SELECT id FROM samples WHERE id = ANY($1::int[])', [
              ids,
            ])
          ).rows.map((row) => Number(row.id)),
        );
        const missing = ids.filter((id) => !found.has(id));
        if (missing.length > 0) return { status: 'missing', missing } as const;
        const downloadQuota = await lockedQuota(db, userId);
        const ownedSet = new Set(
          (
            await db.query<{ sample_id: number }>(
              `SELECT sample_id FROM acquisitions WHERE user_id = $1 AND sample_id = ANY($2::int[])
               UNION ALL
               SELECT sample_id FROM hidden_acquisitions
               WHERE user_id = $1 AND sample_id = ANY($2::int[])`,
              [userId, ids],
            )
          ).rows.map((row) => Number(row.sample_id)),
        );
        const owned = ids.filter((id) => ownedSet.has(id));
        const charged = ids.filter((id) => !ownedSet.has(id));
        const pendingIds = new Map<number, number>();
        for (const id of charged) {
          const grant = await pendingFor(db, userId, id, now);
          if (grant !== null) pendingIds.set(id, grant);
        }
        // Grants pending outside this batch are reserved for other downloads in flight.
        const quote = quoteBatch(
          { owned, charged, downloadQuota, dryRun },
          await pendingCount(db, userId, now),
          pendingIds.size,
        );
        if (quote.answer) return quote.answer;
        for (const id of charged) {
          const existing = pendingIds.get(id);
          if (existing !== undefined) await extendGrant(db, existing, expiresAt);
          else await insertGrant(db, userId, id, now, expiresAt);
        }
        return quote.granted();
      });
    },

    async mayFetch(userId, sampleId, now) {
      return (
        (await ownedBy(pool, userId, sampleId)) ||
        (await pendingFor(pool, userId, sampleId, now)) !== null
      );
    },

    async report(userId, sampleId, success, userFilePath, now) {
      return withTransaction(pool, async (db) => {
        if (!(await sampleExists(db, sampleId))) return { status: 'missing' } as const;
        const quota = await lockedQuota(db, userId);
        if (!success) {
          await db.query(
            `UPDATE download_grants SET status = 'rolled_back'
             WHERE user_id = $1 AND sample_id = $2 AND status = 'pending'`,
            [userId, sampleId],
          );
          return { status: 'rolledBack', downloadQuota: quota } as const;
        }
        const alreadyOwned = await ownedBy(db, userId, sampleId);
        if (!alreadyOwned && (await pendingFor(db, userId, sampleId, now)) === null)
          return { status: 'noGrant' } as const;
        const charged = !alreadyOwned && quota !== null;
        await db.query(
          `UPDATE download_grants SET status = 'committed', charged = $1
           WHERE user_id = $2 AND sample_id = $3 AND status = 'pending'`,
          [charged ? 1 : 0, userId, sampleId],
        );
        // A hidden item downloaded again comes back to the warehouse with its first acquisition time.
        await db.query(
          `WITH back AS (
             DELETE FROM hidden_acquisitions WHERE user_id = $1 AND sample_id = $2 RETURNING *
           )
           INSERT INTO acquisitions (user_id, sample_id, acquired_at, user_file_path)
           SELECT user_id, sample_id, acquired_at, user_file_path FROM back
           ON CONFLICT (user_id, sample_id) DO NOTHING`,
          [userId, sampleId],
        );
        await db.query(
          `INSERT INTO acquisitions (user_id, sample_id, acquired_at, user_file_path)
           VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, sample_id) DO UPDATE
           SET user_file_path = coalesce(excluded.user_file_path, acquisitions.user_file_path)`,
          [userId, sampleId, iso(now), userFilePath],
        );
        if (charged)
          await db.query(
            `UPDATE users SET download_quota = greatest(download_quota - 1, 0)
             WHERE id = $1 AND download_quota IS NOT NULL`,
            [userId],
          );
        if (!alreadyOwned) {
          // A new acquisition is what "popular" means: it lifts the sample and its pack.
          await db.query('UPDATE samples SET popularity = popularity + 1 WHERE id = $1', [
            sampleId,
          ]);
          await db.query(
            `UPDATE packs SET popularity = popularity + 1
             WHERE code = (SELECT pack_code FROM samples WHERE id = $1)`,
            [sampleId],
          );
        }
        return { status: 'committed', charged, downloadQuota: await quotaOf(db, userId) } as const;
      });
    },

    async toggleSampleLike(userId, sampleId, now) {
      return toggle(
        await sampleExists(pool, sampleId),
        userId,
        'DELETE FROM sample_likes WHERE user_id = $1 AND sample_id = $2',
        'INSERT INTO sample_likes (user_id, sample_id, created_at) VALUES ($1, $2, $3)',
        sampleId,
        now,
      );
    },

    async togglePackLike(userId, packCode, now) {
      return toggle(
        await exists(pool, 'SELECT 1 FROM packs WHERE code = $1', [packCode]),
        userId,
        'DELETE FROM pack_likes WHERE user_id = $1 AND pack_code = $2',
        'INSERT INTO pack_likes (user_id, pack_code, created_at) VALUES ($1, $2, $3)',
        packCode,
        now,
      );
    },

    async acquisitions(userId) {
      return (await pool.query(acquisitionsQuery('$1'), [userId])).rows.map(toAcquisition);
    },

    async forgetFilePaths(userId, sampleIds) {
      const result = await pool.query(
        `UPDATE acquisitions SET user_file_path = NULL
         WHERE user_id = $1 AND sample_id = ANY($2::int[]) AND user_file_path IS NOT NULL`,
        [userId, [...sampleIds]],
      );
      return result.rowCount ?? 0;
    },
  };
}
