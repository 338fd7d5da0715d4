import type {
  InstancesRepository,
  LeasesRepository,
  LimitsRepository,
} from '../coordination.repository.ts';
import { firstRow, withTransaction, type PgPool } from './database.ts';

/** PostgreSQL implementation of the shared rate-limit counts. */
export function postgresLimits(pool: PgPool): LimitsRepository {
  return {
    async record(bucket, key, now, windowMs) {
      // Two autocommit statements: each is atomic, and their order does not matter to a reader.
      await pool.query('DELETE FROM rate_events WHERE bucket = $1 AND at <= $2', [
        bucket,
        now - windowMs,
      ]);
      await pool.query('INSERT INTO rate_events (bucket, key_hash, at) VALUES ($1, $2, $3)', [
        bucket,
        key,
        now,
      ]);
    },
    async blockedFor(bucket, key, now, limit, windowMs) {
      // The `limit`-th newest event still in the window decides the wait.
      const row = await firstRow<{ at: number }>(
        pool,
        `SELECT at FROM rate_events WHERE bucket = $1 AND key_hash = $2 AND at > $3
         ORDER BY at DESC LIMIT 1 OFFSET $4`,
        [bucket, key, now - windowMs, limit - 1],
      );
      return row ? Math.max(0, Number(row.at) + windowMs - now) : 0;
    },
    async reset(bucket, key) {
      await pool.query('DELETE FROM rate_events WHERE bucket = $1 AND key_hash = $2', [
        bucket,
        key,
      ]);
    },
  };
}

/**
 * PostgreSQL implementation of named leases: one conditional upsert. Two instances claiming at
 * once queue on the row's conflict lock, and the second sees the first's owner.
 */
export function postgresLeases(pool: PgPool): LeasesRepository {
  return {
    async claim(name, owner, now, expiresAt) {
      const result = await pool.query(
        `INSERT INTO leases (name, owner, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
         WHERE leases.owner = excluded.owner OR leases.expires_at <= $4
         RETURNING name`,
        [name, owner, expiresAt, now],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async release(name, owner) {
      await pool.query('DELETE FROM leases WHERE name = $1 AND owner = $2', [name, owner]);
    },
  };
}

/** Advisory lock key that serialises heartbeats, so two instances starting together see each other. */
const INSTANCES_LOCK = 7249002;

/** PostgreSQL implementation of the live-instance register. */
export function postgresInstances(pool: PgPool): InstancesRepository {
  return {
    async heartbeat(instance, liveSince) {
      return withTransaction(pool, async (db) => {
        // Without it, two instances starting at once would each miss the other's uncommitted row.
        await db.query('SELECT pg_advisory_xact_lock($1)', [INSTANCES_LOCK]);
        await db.query('DELETE FROM gateway_instances WHERE seen_at < $1', [liveSince]);
        await db.query(
          `INSERT INTO gateway_instances (id, secret_fingerprint, started_at, seen_at)
           VALUES ($1, $2, $3, $3) ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at`,
          [instance.id, instance.secretFingerprint, instance.seenAt],
        );
        const { rows } = await db.query(
          `SELECT id, secret_fingerprint, seen_at FROM gateway_instances
           WHERE id <> $1 ORDER BY seen_at`,
          [instance.id],
        );
        return rows.map((row: Record<string, unknown>) => ({
          id: String(row.id),
          secretFingerprint: String(row.secret_fingerprint),
          seenAt: Number(row.seen_at),
        }));
      });
    },
    async leave(id) {
      await pool.query('DELETE FROM gateway_instances WHERE id = $1', [id]);
    },
  };
}
