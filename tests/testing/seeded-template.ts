// Seed once, copy many (docs/TESTING.md, "Seed once"): the first test gateway of a run that
// needs a seeded library of a size builds it once, as a data directory (blobs, SQLite file) and
// on PostgreSQL a template database; every later one starts on a copy of both.
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { LibrarySize } from '../../server/config.ts';
import { createTestDatabase } from '../../server/db/postgres/testing/pg-cluster.ts';

/** Where the global setup keeps this run's templates; unset, every gateway seeds its own. */
export const TEMPLATE_ROOT_ENV = 'YINKU_TEST_TEMPLATE_DIR';

/** A seeded library to copy: its data directory and, on PostgreSQL, its template database. */
export interface SeededTemplate {
  dataDir: string;
  /** The database to `CREATE DATABASE … TEMPLATE` from, or null on SQLite. */
  database: string | null;
}

/** Builds a seeded library of `size` into `dataDir` (and `databaseUrl`, when on PostgreSQL). */
export type SeedInto = (dataDir: string, databaseUrl: string | undefined) => Promise<void>;

/**
 * This run's template of `size` on this engine, built by `seed` the first time it is asked
 * for. Builders race without locks: each builds under its own name and renames it into place;
 * one that finds the place taken removes its own and uses the winner's.
 */
export async function seededTemplate(
  size: LibrarySize,
  pgAdminUrl: string | null,
  seed: SeedInto,
): Promise<SeededTemplate | null> {
  const root = process.env[TEMPLATE_ROOT_ENV];
  if (!root) return null;
  const place = join(root, `${pgAdminUrl ? 'postgres' : 'sqlite'}-${size}`);
  if (!existsSync(join(place, 'ready'))) {
    const build = mkdtempSync(join(root, 'build-'));
    const database = pgAdminUrl ? await createTestDatabase(pgAdminUrl) : null;
    await seed(join(build, 'data'), database?.url);
    // Each gateway makes its own token secret, as it did when it seeded its own library.
    rmSync(join(build, 'data', 'secret.key'), { force: true });
    writeFileSync(join(build, 'ready'), database ? new URL(database.url).pathname.slice(1) : '');
    try {
      renameSync(build, place);
    } catch {
      rmSync(build, { recursive: true, force: true });
      await database?.drop();
    }
  }
  const database = readFileSync(join(place, 'ready'), 'utf8');
  return { dataDir: join(place, 'data'), database: database || null };
}

/** Copies a template's data directory into a gateway's own (a few MB of files: milliseconds). */
export function copyTemplateData(template: SeededTemplate, dataDir: string): void {
  cpSync(template.dataDir, dataDir, { recursive: true });
}
