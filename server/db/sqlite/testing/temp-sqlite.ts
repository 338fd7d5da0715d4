import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../database.ts';
import { openDatabase } from '../open-database.ts';

/**
 * Runs `work` on a fresh, migrated SQLite file in a folder of its own, then closes it and removes
 * the folder: SQLite's side of a two-engine storage test, as `withMigratedPg` is PostgreSQL's.
 */
export async function withTempSqlite<T>(
  tag: string,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `yinku-${tag}-`));
  const db = openDatabase(join(dir, 'yinku.sqlite'));
  try {
    return await work(db);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
