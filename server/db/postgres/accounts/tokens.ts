import { withTransaction, type PgPool, type PgQueryable } from '../database.ts';
import { endSession, hasEnded } from './sessions.ts';
import { toClientKey, type TokenMethods } from '../../rows/accounts.ts';
import type { Row } from '../../rows/values.ts';

const one = async (db: PgQueryable, sql: string, params: unknown[] = []): Promise<Row | null> =>
  ((await db.query(sql, params)).rows[0] as Row | undefined) ?? null;

/** PostgreSQL implementation of the refresh-token and device-key part of the accounts repository. */
export function postgresTokens(pool: PgPool): TokenMethods {
  return {
    async createRefreshToken(token) {
      await pool.query(
        `INSERT INTO refresh_tokens (user_id, family_id, token_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [token.userId, token.familyId, token.tokenHash, token.now, token.expiresAt],
      );
    },

    async rotateRefreshToken(rotation) {
      return withTransaction(pool, async (db) => {
        // The row lock makes two concurrent rotations of one token take turns: the second sees
        // it used and revokes the family, as RFC 9700 asks, instead of both succeeding.
        const row = await one(
          db,
          `SELECT id, user_id, family_id, expires_at, used_at, revoked_at FROM refresh_tokens
           WHERE token_hash = $1 FOR UPDATE`,
          [rotation.tokenHash],
        );
        if (!row) return { ok: false, reason: 'unknown' };
        const sessionId = String(row.family_id);
        // A session ended while this token's row was not yet locked (a sign-out racing a
        // refresh) left the row unrevoked; its recorded end still refuses it.
        if (row.revoked_at !== null || (await hasEnded(db, sessionId)))
          return { ok: false, reason: 'revoked' };
        if (row.used_at !== null) {
          await endSession(db, sessionId, Number(row.user_id), rotation.now);
          return { ok: false, reason: 'reused' };
        }
        if (rotation.now >= Number(row.expires_at)) return { ok: false, reason: 'expired' };
        await db.query('UPDATE refresh_tokens SET used_at = $1 WHERE id = $2', [
          rotation.now,
          row.id,
        ]);
        await db.query(
          `INSERT INTO refresh_tokens (user_id, family_id, token_hash, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5)`,
          [row.user_id, row.family_id, rotation.nextTokenHash, rotation.now, rotation.expiresAt],
        );
        return { ok: true, userId: Number(row.user_id), sessionId };
      });
    },

    async revokeRefreshFamily(tokenHash, now) {
      return withTransaction(pool, async (db) => {
        const row = await one(
          db,
          'SELECT family_id, user_id FROM refresh_tokens WHERE token_hash = $1',
          [tokenHash],
        );
        if (!row) return false;
        await endSession(db, String(row.family_id), Number(row.user_id), now);
        return true;
      });
    },

    async saveClientKey(key) {
      return withTransaction(pool, async (db) => {
        await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [key.userId]);
        const existing = await one(
          db,
          'SELECT id FROM client_keys WHERE user_id = $1 AND public_key = $2',
          [key.userId, Buffer.from(key.publicKey)],
        );
        if (existing) return String(existing.id);
        await db.query(
          'INSERT INTO client_keys (id, user_id, public_key, created_at) VALUES ($1, $2, $3, $4)',
          [key.keyId, key.userId, Buffer.from(key.publicKey), key.now],
        );
        await db.query(
          `DELETE FROM client_keys WHERE user_id = $1 AND id NOT IN (
             SELECT id FROM client_keys WHERE user_id = $1
             ORDER BY created_at DESC, position DESC LIMIT $2)`,
          [key.userId, key.keep],
        );
        return key.keyId;
      });
    },

    async findClientKey(keyId, userId) {
      const row = await one(
        pool,
        'SELECT id, user_id, public_key, created_at FROM client_keys WHERE id = $1 AND user_id = $2',
        [keyId, userId],
      );
      return row ? toClientKey(row) : null;
    },
  };
}
