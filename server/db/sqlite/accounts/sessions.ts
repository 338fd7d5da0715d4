import type { Database } from '../database.ts';
import type { AccountsRepository } from '../../../accounts/accounts.repository.ts';

/** Session ends the accounts adapter runs inside its own transactions. */
interface SessionEnds {
  /** Revokes a refresh-token family and records its session as ended. */
  endSession(sessionId: string, userId: number, now: number): void;
  /** Revokes every live refresh token of a user and records each of its sessions as ended. */
  endSessionsOf(userId: number, now: number): void;
  /** Whether a session was recorded as ended (its refresh tokens are refused too). */
  hasEnded(sessionId: string): boolean;
}

/**
 * SQLite side of ended sessions (migration 040, docs/api/accounts.md#sessions): every end bumps
 * the one-row session version in the same transaction, and readers poll that row.
 */
export function sqliteSessions(
  db: Database,
): SessionEnds & Pick<AccountsRepository, 'endedSessionsSince'> {
  const bump = db.prepare(
    'UPDATE session_version SET version = version + 1 WHERE id = 1 RETURNING version',
  );
  const readVersion = db.prepare('SELECT version FROM session_version WHERE id = 1');
  const insertEnd = db.prepare(
    `INSERT INTO ended_sessions (session_id, user_id, ended_at, version) VALUES (?, ?, ?, ?)
     ON CONFLICT (session_id) DO NOTHING`,
  );
  const endedOne = db.prepare('SELECT 1 AS found FROM ended_sessions WHERE session_id = ?');
  const endsAfter = db.prepare(
    `SELECT session_id, ended_at FROM ended_sessions WHERE version > ? AND ended_at > ?
     ORDER BY version`,
  );
  const revokeFamily = db.prepare(
    'UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL',
  );
  const liveFamilies = db.prepare(
    `SELECT DISTINCT family_id FROM refresh_tokens
     WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?`,
  );
  const revokeUser = db.prepare(
    'UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL',
  );

  const record = (sessionIds: readonly string[], userId: number, now: number): void => {
    if (sessionIds.length === 0) return;
    const version = Number(bump.get()!.version);
    for (const id of sessionIds) insertEnd.run(id, userId, now, version);
  };

  const endSessionsOf = (userId: number, now: number): void => {
    const families = liveFamilies.all(userId, now).map((row) => String(row.family_id));
    revokeUser.run(now, userId);
    record(families, userId, now);
  };

  return {
    endSession(sessionId, userId, now) {
      revokeFamily.run(now, sessionId);
      record([sessionId], userId, now);
    },

    endSessionsOf,

    hasEnded(sessionId) {
      return endedOne.get(sessionId) !== undefined;
    },

    async endedSessionsSince(version, endedAfter) {
      const current = Number(readVersion.get()!.version);
      if (current === version) return { version, ended: [] };
      // A version below the one seen means a restored database: read it all again.
      const since = current < version ? 0 : version;
      const ended = endsAfter.all(since, endedAfter).map((row) => ({
        sessionId: String(row.session_id),
        endedAt: Number(row.ended_at),
      }));
      return { version: current, ended };
    },
  };
}
