import { transaction, type Database } from './database.ts';
import type { DownloadsRepository } from '../../downloads/downloads.repository.ts';
import { acquisitionsQuery, iso, quoteBatch, toAcquisition } from '../rows/downloads.ts';

/** SQLite implementation of the downloads repository. */
export function sqliteDownloads(db: Database): DownloadsRepository {
  const sampleExists = db.prepare('SELECT 1 AS found FROM samples WHERE id = ?');
  // Owned: in the warehouse, or removed from it (hidden), which never gives the purchase back.
  const ownedBy = db.prepare(
    `SELECT 1 AS found FROM acquisitions WHERE user_id = ?1 AND sample_id = ?2
     UNION ALL SELECT 1 FROM hidden_acquisitions WHERE user_id = ?1 AND sample_id = ?2`,
  );
  // A hidden item downloaded again comes back to the warehouse with its first acquisition time.
  const unhide = db.prepare(
    `INSERT INTO acquisitions (user_id, sample_id, acquired_at, user_file_path)
     SELECT user_id, sample_id, acquired_at, user_file_path FROM hidden_acquisitions
     WHERE user_id = ? AND sample_id = ? ON CONFLICT (user_id, sample_id) DO NOTHING`,
  );
  const dropHidden = db.prepare(
    'DELETE FROM hidden_acquisitions WHERE user_id = ? AND sample_id = ?',
  );
  const quotaOf = db.prepare('SELECT download_quota FROM users WHERE id = ?');
  const pendingFor = db.prepare(
    `SELECT id FROM download_grants
     WHERE user_id = ? AND sample_id = ? AND status = 'pending' AND expires_at > ?
     ORDER BY id DESC LIMIT 1`,
  );
  // Distinct samples with an unexpired pending grant: each will take one download when committed.
  const pendingCount = db.prepare(
    `SELECT COUNT(DISTINCT sample_id) AS n FROM download_grants
     WHERE user_id = ? AND status = 'pending' AND expires_at > ?`,
  );
  const insertGrant = db.prepare(
    `INSERT INTO download_grants (user_id, sample_id, created_at, expires_at, status, charged)
     VALUES (?, ?, ?, ?, 'pending', 0)`,
  );
  const extendGrant = db.prepare('UPDATE download_grants SET expires_at = ? WHERE id = ?');
  const commitGrants = db.prepare(
    `UPDATE download_grants SET status = 'committed', charged = ?
     WHERE user_id = ? AND sample_id = ? AND status = 'pending'`,
  );
  const rollBackGrants = db.prepare(
    `UPDATE download_grants SET status = 'rolled_back'
     WHERE user_id = ? AND sample_id = ? AND status = 'pending'`,
  );
  const acquire = db.prepare(
    `INSERT INTO acquisitions (user_id, sample_id, acquired_at, user_file_path) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, sample_id)
     DO UPDATE SET user_file_path = coalesce(excluded.user_file_path, user_file_path)`,
  );
  const charge = db.prepare(
    'UPDATE users SET download_quota = max(download_quota - 1, 0) WHERE id = ? AND download_quota IS NOT NULL',
  );
  // A new acquisition is what "popular" means: it lifts the sample and its pack.
  const liftSample = db.prepare('UPDATE samples SET popularity = popularity + 1 WHERE id = ?');
  const liftPack = db.prepare(
    `UPDATE packs SET popularity = popularity + 1
     WHERE code = (SELECT pack_code FROM samples WHERE id = ?)`,
  );
  const quota = (userId: number): number | null => {
    const value = quotaOf.get(userId)?.download_quota;
    return value == null ? null : Number(value);
  };

  /** Likes or unlikes a sample or pack in one transaction; null when it does not exist. */
  const toggle = (
    found: boolean,
    of: 'sample' | 'pack',
    userId: number,
    key: number | string,
    now: number,
  ): boolean | null => {
    if (!found) return null;
    const [table, column] =
      of === 'sample' ? ['sample_likes', 'sample_id'] : ['pack_likes', 'pack_code'];
    return transaction(db, () => {
      const removed = db
        .prepare(`DELETE FROM ${table} WHERE user_id = ? AND ${column} = ?`)
        .run(userId, key).changes;
      if (Number(removed) > 0) return false;
      db.prepare(`INSERT INTO ${table} (user_id, ${column}, created_at) VALUES (?, ?, ?)`).run(
        userId,
        key,
        iso(now),
      );
      return true;
    });
  };

  return {
    async authorize(userId, sampleId, now, expiresAt) {
      return transaction(db, () => {
        if (!sampleExists.get(sampleId)) return 'missing';
        if (ownedBy.get(userId, sampleId)) return 'owned';
        const existing = pendingFor.get(userId, sampleId, now);
        if (existing) {
          extendGrant.run(expiresAt, Number(existing.id));
          return 'granted';
        }
        const left = quota(userId);
        const pending = Number(pendingCount.get(userId, now)?.n ?? 0);
        if (left !== null && left - pending <= 0) return 'quota';
        insertGrant.run(userId, sampleId, now, expiresAt);
        return 'granted';
      });
    },

    async authorizeBatch(userId, sampleIds, now, expiresAt, dryRun) {
      return transaction(db, () => {
        const ids = [...new Set(sampleIds)];
        const missing = ids.filter((id) => !sampleExists.get(id));
        if (missing.length > 0) return { status: 'missing', missing } as const;
        const owned = ids.filter((id) => ownedBy.get(userId, id));
        const charged = ids.filter((id) => !ownedBy.get(userId, id));
        const pendingIds = new Map(
          charged.flatMap((id) => {
            const grant = pendingFor.get(userId, id, now);
            return grant ? [[id, Number(grant.id)] as const] : [];
          }),
        );
        const downloadQuota = quota(userId);
        // Grants pending outside this batch are reserved for other downloads in flight.
        const quote = quoteBatch(
          { owned, charged, downloadQuota, dryRun },
          Number(pendingCount.get(userId, now)?.n ?? 0),
          pendingIds.size,
        );
        if (quote.answer) return quote.answer;
        for (const id of charged) {
          const existing = pendingIds.get(id);
          if (existing !== undefined) extendGrant.run(expiresAt, existing);
          else insertGrant.run(userId, id, now, expiresAt);
        }
        return quote.granted();
      });
    },

    async mayFetch(userId, sampleId, now) {
      return Boolean(ownedBy.get(userId, sampleId) ?? pendingFor.get(userId, sampleId, now));
    },

    async report(userId, sampleId, success, userFilePath, now) {
      return transaction(db, () => {
        if (!sampleExists.get(sampleId)) return { status: 'missing' } as const;
        if (!success) {
          rollBackGrants.run(userId, sampleId);
          return { status: 'rolledBack', downloadQuota: quota(userId) } as const;
        }
        const alreadyOwned = Boolean(ownedBy.get(userId, sampleId));
        if (!alreadyOwned && !pendingFor.get(userId, sampleId, now))
          return { status: 'noGrant' } as const;
        const charged = !alreadyOwned && quota(userId) !== null;
        commitGrants.run(charged ? 1 : 0, userId, sampleId);
        unhide.run(userId, sampleId);
        dropHidden.run(userId, sampleId);
        acquire.run(userId, sampleId, iso(now), userFilePath);
        if (charged) charge.run(userId);
        if (!alreadyOwned) {
          liftSample.run(sampleId);
          liftPack.run(sampleId);
        }
        return { status: 'committed', charged, downloadQuota: quota(userId) } as const;
      });
    },

    async toggleSampleLike(userId, sampleId, now) {
      return toggle(Boolean(sampleExists.get(sampleId)), 'sample', userId, sampleId, now);
    },

    async togglePackLike(userId, packCode, now) {
      const found = Boolean(
        db.prepare('SELECT 1 AS found FROM packs WHERE code = ?').get(packCode),
      );
      return toggle(found, 'pack', userId, packCode, now);
    },

    async acquisitions(userId) {
      return db.prepare(acquisitionsQuery('?')).all(userId).map(toAcquisition);
    },

    async forgetFilePaths(userId, sampleIds) {
      const forget = db.prepare(
        `UPDATE acquisitions SET user_file_path = NULL
         WHERE user_id = ? AND sample_id = ? AND user_file_path IS NOT NULL`,
      );
      return transaction(db, () =>
        sampleIds.reduce((changed, id) => changed + Number(forget.run(userId, id).changes), 0),
      );
    },
  };
}
