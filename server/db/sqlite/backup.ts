import { backup, DatabaseSync } from 'node:sqlite';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** The gateway's SQLite file inside its data directory (context.ts opens the same name). */
export const DATABASE_FILE = 'yinku.sqlite';

/** What a backup wrote. */
export interface BackupReport {
  /** The backed-up database file. */
  database: string;
  /** Database pages copied. */
  pages: number;
  /** Blob files copied (content-addressed: files already in the target are kept). */
  blobs: number;
}

/** Every file under `dir`, as paths relative to it (none when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) =>
    statSync(join(dir, name)).isFile(),
  );
}

/**
 * Backs up a live gateway's data directory into `target` (docs/DEPLOY.md, "Backup and
 * restore"): the database through SQLite's online backup API (node:sqlite `backup`), a
 * consistent copy taken while gateways keep reading and writing, then the blobs (audio, covers),
 * which never change under their hash, and the token secret. `target` must be a new or empty
 * directory, never the data directory: nothing is overwritten. Restoring is starting a gateway
 * with YINKU_DATA_DIR on (a copy of) `target`.
 */
export async function backupDataDir(
  dataDir: string,
  target: string,
  options: { blobDir?: string } = {},
): Promise<BackupReport> {
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new Error(`no database to back up: ${source} does not exist`);
  if (resolve(target) === resolve(dataDir))
    throw new Error('the backup target must not be the data directory');
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new Error(`the backup target ${target} is not empty: choose a new directory`);
  mkdirSync(target, { recursive: true });
  const database = join(target, DATABASE_FILE);
  // A connection of its own that never migrates: the running gateways own the schema.
  const db = new DatabaseSync(source);
  let pages: number;
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    // One step copies every page under one read transaction: a writer on another connection
    // between steps would restart the copy, and WAL lets writers go on during the read.
    pages = await backup(db, database, { rate: 2 ** 31 - 1 });
  } finally {
    db.close();
  }
  const blobDir = options.blobDir ?? join(dataDir, 'blobs');
  let blobs = 0;
  for (const name of filesUnder(blobDir)) {
    // Half-written blobs (`<hash>.<pid>.tmp`) are not blobs yet.
    if (name.endsWith('.tmp')) continue;
    const to = join(target, 'blobs', relative(blobDir, join(blobDir, name)));
    if (existsSync(to)) continue;
    mkdirSync(join(to, '..'), { recursive: true });
    copyFileSync(join(blobDir, name), to);
    blobs++;
  }
  const secret = join(dataDir, 'secret.key');
  if (existsSync(secret)) copyFileSync(secret, join(target, 'secret.key'));
  return { database, pages, blobs };
}
