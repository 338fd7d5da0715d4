import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TAG_SYNONYMS } from '../catalogue/tag-vocabulary.ts';
import type { LibraryBatch, LibraryRepository } from '../library/library.repository.ts';
import { migrate } from './sqlite/open-database.ts';
import { withTempSqlite } from './sqlite/testing/temp-sqlite.ts';
import { testSampleWrite } from './testing/sample-write.ts';
import type { OracleRepository } from './oracle.repository.ts';
import { migratePg } from './postgres/open-database.ts';
import { postgresLibrary } from './postgres/library/adapter.ts';
import { postgresOracle } from './postgres/oracle.ts';
import { withMigratedPg } from './postgres/testing/pg-cluster.ts';
import { sqliteLibrary } from './sqlite/library/adapter.ts';
import { sqliteOracle } from './sqlite/oracle.ts';

// Migration 036 on both adapters (docs/LIBRARY.md, "Tags"): rows written before the generator
// merged its synonyms carry hihat/hat/hi-hat or guofeng/chinese/chinese style side by side; the
// migration leaves one tag per meaning, in first-seen order, and search still finds the aliases.

const MIGRATION = '036-merge-tag-synonyms';
const PG_FILE = join(import.meta.dirname, 'postgres/migrations', `${MIGRATION}.sql`);

/** A pack and a sample as the old generator wrote them (every alias beside its tag). */
const OLD_ROWS: LibraryBatch = {
  brands: [{ name: 'Old Brand', nameZh: '旧品牌' }],
  packs: [
    {
      code: 'old-guzheng',
      nameEn: 'Old Guzheng',
      nameZh: '旧古筝',
      descriptionEn: '',
      descriptionZh: '',
      brand: 'Old Brand',
      category: 'chineseStyle',
      primaryName: 'Guzheng',
      coverHash: null,
      tags: ['guzheng', 'guofeng', 'chinese', 'chinese style'],
      popularity: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  ],
  samples: [
    testSampleWrite(1, {
      packCode: 'old-guzheng',
      tags: ['drums', 'hi-hat', 'hihat', 'hat', 'keys', 'keyboard', 'rnb', 'r&b', 'vocal chops'],
    }),
  ],
};

/** Writes the old rows, runs the migration again (`rerun`), and answers what storage holds. */
async function merged(
  library: LibraryRepository,
  oracle: OracleRepository,
  rerun: () => Promise<void>,
) {
  await library.writeBatch(OLD_ROWS);
  await rerun();
  const sample = (await oracle.samples()).find((s) => s.nameEn === 'Kick 1');
  const pack = (await oracle.packs()).find((p) => p.code === 'old-guzheng');
  return { sampleTags: sample?.tags, packTags: pack?.tags };
}

const EXPECTED = {
  sampleTags: ['drums', 'hi-hat', 'keyboard', 'r&b', 'chop'],
  packTags: ['guzheng', 'chinese style'],
};

describe(`migration ${MIGRATION}`, () => {
  it('merges the synonyms of every sample and pack on SQLite', async () => {
    await withTempSqlite('tag-merge', async (db) => {
      const result = await merged(sqliteLibrary(db), sqliteOracle(db), async () => {
        db.prepare('DELETE FROM schema_migrations WHERE name = ?').run(MIGRATION);
        migrate(db);
      });
      expect(result).toEqual(EXPECTED);
      // The search row keeps the aliases: "hihat" still finds the sample.
      const found = db
        .prepare(`SELECT COUNT(*) AS n FROM samples_fts WHERE samples_fts MATCH '{tags} : "hihat"'`)
        .get();
      expect(found?.n).toBe(1);
    });
  });

  it('merges them the same way on PostgreSQL', { timeout: 60_000 }, async () => {
    await withMigratedPg(async (pool) => {
      const result = await merged(postgresLibrary(pool), postgresOracle(pool), async () => {
        await pool.query('DELETE FROM schema_migrations WHERE name = $1', [`${MIGRATION}.sql`]);
        await migratePg(pool);
      });
      expect(result).toEqual(EXPECTED);
    });
  });

  it('lists in SQL exactly the synonyms of tag-vocabulary.ts', () => {
    const pairs = [...readFileSync(PG_FILE, 'utf8').matchAll(/\('([^']+)', '([^']+)'\)/g)].map(
      ([, alias, tag]) => [alias, tag],
    );
    expect(Object.fromEntries(pairs)).toEqual(TAG_SYNONYMS);
  });
});
