import { DatabaseSync } from 'node:sqlite';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CODE_MIGRATIONS } from './code-migrations.ts';
import { SQLITE_BUSY, sqliteErrcode, transaction, type Database } from './database.ts';
import { shuffleKey } from '../random-order.ts';
import { BUMP_SEARCH_VERSION } from './accelerators/word-sets.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/** Opens (creating if needed) the SQLite file, sets WAL and foreign keys, and migrates. */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  // First, so that another gateway instance opening the same file waits instead of failing.
  db.exec('PRAGMA busy_timeout = 5000');
  // Entering WAL (and opening its shared-memory index) can answer "database is locked" at once,
  // without the busy timeout, while another instance starting on the same file holds that lock.
  retryWhileLocked(() => db.exec('PRAGMA journal_mode = WAL'));
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA synchronous = NORMAL');
  // SQLite's page cache holds 2 MB by default: at 1,000,000 samples (a 3.3 GB file) the pages
  // every list and search walks (index interiors, common words' doclists) no longer fit and are
  // read again from the OS on each call. 64 MB keeps them (docs/STACK-NOTES.md, "SQLite at
  // 1,000,000 rows"); it fills only as pages are read, and a write elsewhere empties it.
  db.exec('PRAGMA cache_size = -65536');
  // The RANDOM sort's key (migration 021): the migration, the sample insert and the queries use it.
  db.function('yinku_shuffle', { deterministic: true }, (id, seed) =>
    shuffleKey(Number(id), Number(seed)),
  );
  retryWhileLocked(() => migrate(db));
  return db;
}

const LOCK_RETRY_MS = 20;
const LOCK_DEADLINE_MS = 15_000;

/**
 * Runs `work` again while SQLite answers SQLITE_BUSY, for up to 15 s: for the locks SQLite does
 * not wait on itself (a journal-mode change, a deadlocked upgrade). `work` must be idempotent.
 */
function retryWhileLocked(work: () => void): void {
  const deadline = Date.now() + LOCK_DEADLINE_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      work();
      return;
    } catch (error) {
      const code = sqliteErrcode(error);
      // The low byte is the primary code: SQLITE_BUSY_RECOVERY and the like are busy too.
      const busy = (code & 0xff) === SQLITE_BUSY;
      if (!busy || Date.now() > deadline) throw error;
      Atomics.wait(pause, 0, 0, LOCK_RETRY_MS);
    }
  }
}

/**
 * Applies every `migrations/NNN-*.sql` and code migration (`sqlite/code-migrations.ts`) not yet
 * applied, in name order, each in its own transaction. Each one is checked again inside its
 * write transaction, so instances starting together on one file apply it once.
 */
export function migrate(db: Database): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(
    db
      .prepare('SELECT name FROM schema_migrations')
      .all()
      .map((row) => String(row.name)),
  );
  const isApplied = db.prepare('SELECT 1 AS found FROM schema_migrations WHERE name = ?');
  const files = readdirSync(MIGRATIONS_DIR).filter((name) => /^\d{3}-.+\.sql$/.test(name));
  for (const name of [...files, ...Object.keys(CODE_MIGRATIONS)].sort()) {
    if (applied.has(name)) continue;
    transaction(db, () => {
      if (isApplied.get(name)) return;
      const code = CODE_MIGRATIONS[name];
      if (code) code(db);
      else db.exec(readFileSync(join(MIGRATIONS_DIR, name), 'utf8'));
      // A migration may rewrite search text: cached word sets are dropped in every instance.
      db.exec(BUMP_SEARCH_VERSION);
      db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(
        name,
        new Date().toISOString(),
      );
    });
  }
}
