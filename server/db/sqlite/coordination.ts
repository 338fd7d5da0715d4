import { SQLITE_BUSY, sqliteErrcode, transaction, type Database } from './database.ts';
import type {
  InstancesRepository,
  LeasesRepository,
  LimitsRepository,
} from '../coordination.repository.ts';

/** SQLite implementation of the shared rate-limit counts. */
export function sqliteLimits(db: Database): LimitsRepository {
  const insert = db.prepare('INSERT INTO rate_events (bucket, key_hash, at) VALUES (?, ?, ?)');
  const sweep = db.prepare('DELETE FROM rate_events WHERE bucket = ? AND at <= ?');
  // The `limit`-th newest event still in the window decides the wait.
  const nth = db.prepare(
    `SELECT at FROM rate_events WHERE bucket = ? AND key_hash = ? AND at > ?
     ORDER BY at DESC LIMIT 1 OFFSET ?`,
  );
  const forget = db.prepare('DELETE FROM rate_events WHERE bucket = ? AND key_hash = ?');
  return {
    async record(bucket, key, now, windowMs) {
      // Two autocommit statements: each is atomic, and their order does not matter to a reader.
      sweep.run(bucket, now - windowMs);
      insert.run(bucket, key, now);
    },
    async blockedFor(bucket, key, now, limit, windowMs) {
      const row = nth.get(bucket, key, now - windowMs, limit - 1);
      return row ? Math.max(0, Number(row.at) + windowMs - now) : 0;
    },
    async reset(bucket, key) {
      forget.run(bucket, key);
    },
  };
}

/** SQLite implementation of named leases: one conditional upsert with RETURNING. */
export function sqliteLeases(db: Database): LeasesRepository {
  const claim = db.prepare(
    `INSERT INTO leases (name, owner, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
     WHERE leases.owner = excluded.owner OR leases.expires_at <= ?
     RETURNING name`,
  );
  const release = db.prepare('DELETE FROM leases WHERE name = ? AND owner = ?');
  return {
    async claim(name, owner, now, expiresAt) {
      try {
        return claim.get(name, owner, expiresAt, now) !== undefined;
      } catch (error) {
        // Another instance held the write lock past busy_timeout (a long seeding transaction):
        // the lease could not be taken now, which its callers already retry.
        if (sqliteErrcode(error) === SQLITE_BUSY) return false;
        throw error;
      }
    },
    async release(name, owner) {
      release.run(name, owner);
    },
  };
}

/** SQLite implementation of the live-instance register. */
export function sqliteInstances(db: Database): InstancesRepository {
  const prune = db.prepare('DELETE FROM gateway_instances WHERE seen_at < ?');
  const upsert = db.prepare(
    `INSERT INTO gateway_instances (id, secret_fingerprint, started_at, seen_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at`,
  );
  const others = db.prepare(
    'SELECT id, secret_fingerprint, seen_at FROM gateway_instances WHERE id <> ? ORDER BY seen_at',
  );
  const remove = db.prepare('DELETE FROM gateway_instances WHERE id = ?');
  return {
    async heartbeat(instance, liveSince) {
      return transaction(db, () => {
        prune.run(liveSince);
        upsert.run(instance.id, instance.secretFingerprint, instance.seenAt, instance.seenAt);
        return others.all(instance.id).map((row) => ({
          id: String(row.id),
          secretFingerprint: String(row.secret_fingerprint),
          seenAt: Number(row.seen_at),
        }));
      });
    },
    async leave(id) {
      remove.run(id);
    },
  };
}
