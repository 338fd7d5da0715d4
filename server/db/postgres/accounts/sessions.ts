import type { AccountsRepository } from '../../../accounts/accounts.repository.ts';
import type { PgPool, PgQueryable } from '../database.ts';

/**
 * Records sessions as ended under a new session version, inside the caller's transaction. The
 * version row's lock is held until that transaction commits, so the writers of every instance
 * take turns and versions become visible in order (docs/api/accounts.md#sessions). Callers lock
 * users and refresh-token rows before this, never after, so no two writers wait on each other.
 */
async function recordEnds(
  db: PgQueryable,
  sessionIds: readonly string[],
  userId: number,
  now: number,
): Promise<void> {
  if (sessionIds.length === 0) return;
  const { rows } = await db.query<{ version: string }>(
    'UPDATE session_version SET version = version + 1 WHERE id = 1 RETURNING version',
  );
  await db.query(
    `INSERT INTO ended_sessions (session_id, user_id, ended_at, version)
     SELECT id, $2, $3, $4 FROM unnest($1::text[]) AS id
     ON CONFLICT (session_id) DO NOTHING`,
    [sessionIds, userId, now, Number(rows[0]!.version)],
  );
}

/** Revokes a refresh-token family and records its session as ended (in a transaction). */
export async function endSession(
  db: PgQueryable,
  sessionId: string,
  userId: number,
  now: number,
): Promise<void> {
  await db.query(
    'UPDATE refresh_tokens SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL',
    [now, sessionId],
  );
  await recordEnds(db, [sessionId], userId, now);
}

/** Revokes every live refresh token of a user and records each of its sessions as ended. */
export async function endSessionsOf(db: PgQueryable, userId: number, now: number): Promise<void> {
  const { rows } = await db.query<{ family_id: string; expires_at: string }>(
    `UPDATE refresh_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL
     RETURNING family_id, expires_at`,
    [now, userId],
  );
  // A family whose tokens all ran out has no live access token left to refuse.
  const live = rows.filter((row) => Number(row.expires_at) > now).map((row) => row.family_id);
  await recordEnds(db, [...new Set(live)], userId, now);
}

/** Whether a session was recorded as ended. */
export async function hasEnded(db: PgQueryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM ended_sessions WHERE session_id = $1', [
    sessionId,
  ]);
  return rows.length > 0;
}

/** PostgreSQL side of ended sessions: the poll every instance runs, and disabling an account. */
export function postgresSessions(pool: PgPool): Pick<AccountsRepository, 'endedSessionsSince'> {
  return {
    async endedSessionsSince(version, endedAfter) {
      const { rows } = await pool.query<{ version: string }>(
        'SELECT version FROM session_version WHERE id = 1',
      );
      const current = Number(rows[0]!.version);
      if (current === version) return { version, ended: [] };
      // A version below the one seen means a restored database: read it all again.
      const since = current < version ? 0 : version;
      const ends = await pool.query<{ session_id: string; ended_at: string }>(
        `SELECT session_id, ended_at FROM ended_sessions WHERE version > $1 AND ended_at > $2
         ORDER BY version`,
        [since, endedAfter],
      );
      return {
        version: current,
        ended: ends.rows.map((row) => ({
          sessionId: row.session_id,
          endedAt: Number(row.ended_at),
        })),
      };
    },
  };
}
