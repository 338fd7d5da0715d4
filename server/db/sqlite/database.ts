import type { DatabaseSync } from 'node:sqlite';

/** The embedded SQLite database handle used by the SQLite repositories. */
export type Database = DatabaseSync;

/** SQLite's result code for a database locked by another connection. */
export const SQLITE_BUSY = 5;

// node:sqlite's errors carry SQLite's extended result code as `errcode`.
interface SqliteError {
  errcode?: number;
}

/** The extended SQLite result code of a thrown error (0 when it carries none). */
export const sqliteErrcode = (error: unknown): number => (error as SqliteError).errcode ?? 0;

/** Runs `work` inside BEGIN IMMEDIATE … COMMIT, rolling back on any throw. */
export function transaction<T>(db: Database, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
