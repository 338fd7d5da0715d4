import { transaction, type Database } from '../database.ts';
import { toClientKey, type TokenMethods } from '../../rows/accounts.ts';
import type { sqliteSessions } from './sessions.ts';

/**
 * SQLite implementation of the refresh-token and device-key part of the accounts repository;
 * `sessions` ends a family whose token is reused, in the same transaction.
 */
export function sqliteTokens(
  db: Database,
  sessions: ReturnType<typeof sqliteSessions>,
): TokenMethods {
  const insertRefresh = db.prepare(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const refreshByHash = db.prepare(
    `SELECT id, user_id, family_id, expires_at, used_at, revoked_at FROM refresh_tokens
     WHERE token_hash = ?`,
  );
  const markUsed = db.prepare('UPDATE refresh_tokens SET used_at = ? WHERE id = ?');

  const keyByPublicKey = db.prepare(
    'SELECT id FROM client_keys WHERE user_id = ? AND public_key = ?',
  );
  const insertKey = db.prepare(
    'INSERT INTO client_keys (id, user_id, public_key, created_at) VALUES (?, ?, ?, ?)',
  );
  const pruneKeys = db.prepare(
    `DELETE FROM client_keys WHERE user_id = ? AND id NOT IN (
       SELECT id FROM client_keys WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)`,
  );
  const keyById = db.prepare(
    'SELECT id, user_id, public_key, created_at FROM client_keys WHERE id = ? AND user_id = ?',
  );

  return {
    async createRefreshToken(token) {
      insertRefresh.run(token.userId, token.familyId, token.tokenHash, token.now, token.expiresAt);
    },

    async rotateRefreshToken(rotation) {
      return transaction(db, () => {
        const row = refreshByHash.get(rotation.tokenHash);
        if (!row) return { ok: false, reason: 'unknown' };
        const sessionId = String(row.family_id);
        if (row.revoked_at !== null || sessions.hasEnded(sessionId))
          return { ok: false, reason: 'revoked' };
        if (row.used_at !== null) {
          sessions.endSession(sessionId, Number(row.user_id), rotation.now);
          return { ok: false, reason: 'reused' };
        }
        if (rotation.now >= Number(row.expires_at)) return { ok: false, reason: 'expired' };
        markUsed.run(rotation.now, Number(row.id));
        insertRefresh.run(
          Number(row.user_id),
          String(row.family_id),
          rotation.nextTokenHash,
          rotation.now,
          rotation.expiresAt,
        );
        return { ok: true, userId: Number(row.user_id), sessionId };
      });
    },

    async revokeRefreshFamily(tokenHash, now) {
      return transaction(db, () => {
        const row = refreshByHash.get(tokenHash);
        if (!row) return false;
        sessions.endSession(String(row.family_id), Number(row.user_id), now);
        return true;
      });
    },

    async saveClientKey(key) {
      return transaction(db, () => {
        const existing = keyByPublicKey.get(key.userId, key.publicKey);
        if (existing) return String(existing.id);
        insertKey.run(key.keyId, key.userId, key.publicKey, key.now);
        pruneKeys.run(key.userId, key.userId, key.keep);
        return key.keyId;
      });
    },

    async findClientKey(keyId, userId) {
      const row = keyById.get(keyId, userId);
      return row ? toClientKey(row) : null;
    },
  };
}
