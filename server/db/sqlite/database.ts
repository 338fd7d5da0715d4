import type { DatabaseSync } from 'node:sqlite';

/** The embedded SQLite database handle used by the SQLite repositories. */
export type Database = DatabaseSync;

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
