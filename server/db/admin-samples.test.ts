import { describe, expect, it } from 'vitest';
import type { AdminRepository } from '../admin/admin.repository.ts';
import type { LibraryRepository } from '../library/library.repository.ts';
import { postgresAdmin } from './postgres/admin.ts';
import { postgresLibrary } from './postgres/library/adapter.ts';
import { withMigratedPg } from './postgres/testing/pg-cluster.ts';
import { sqliteAdmin } from './sqlite/admin.ts';
import { sqliteLibrary } from './sqlite/library/adapter.ts';
import { withTempSqlite } from './sqlite/testing/temp-sqlite.ts';
import { FAIL_AUDIT } from './testing/fail-audit.ts';
import { testPackInsert, testSampleWrite } from './testing/sample-write.ts';

// The samples' metadata edits of the admin port (docs/api/admin.md "Samples") on both engines:
// each sample's change, its audit row and its search text are one transaction.

const actor = { userId: 3, now: Date.UTC(2026, 10, 28) };

/** What both engines must do alike; `searchText(id)` reads a sample's stored search name+tags. */
async function scenario(
  library: LibraryRepository,
  admin: AdminRepository,
  searchText: (id: number) => Promise<string>,
  failAudit: () => Promise<void>,
) {
  await library.writeBatch({
    brands: [{ name: 'B', nameZh: 'B' }],
    packs: [testPackInsert('p', 'B')],
    samples: [testSampleWrite(1), testSampleWrite(2), testSampleWrite(3)],
  });
  const edited = await admin.editSamples([1, 2], { nameEn: 'Zorblax', tags: ['Glitter'] }, actor);
  expect(edited?.map((s) => [s.id, s.nameEn, s.tags])).toEqual([
    [1, 'Zorblax', ['Glitter']],
    [2, 'Zorblax', ['Glitter']],
  ]);
  expect((await searchText(1)).toLowerCase()).toMatch(/zorblax.*glitter/);
  expect((await searchText(3)).toLowerCase()).not.toContain('zorblax');
  const log = await admin.auditLog({ kind: 'sample', offset: 0, limit: 10 });
  expect(log.records.map((e) => [e.target, e.before, e.after])).toEqual([
    ['sample:2', '{"nameEn":"Kick 2","tags":["kick"]}', '{"nameEn":"Zorblax","tags":["Glitter"]}'],
    ['sample:1', '{"nameEn":"Kick 1","tags":["kick"]}', '{"nameEn":"Zorblax","tags":["Glitter"]}'],
  ]);
  // An unknown id: nothing changes, no row.
  expect(await admin.editSamples([3, 999], { bpm: 140 }, actor)).toBeNull();
  const before = await admin.findSamples({ offset: 0, limit: 10 });
  expect(before.records.find((s) => s.id === 3)?.bpm).toBeNull();
  // A failing audit write undoes the sample's change and its search text.
  await failAudit();
  await expect(admin.editSamples([3], { nameEn: 'Quux', bpm: 99 }, actor)).rejects.toThrow(
    /audit refused/,
  );
  expect(await admin.findSamples({ offset: 0, limit: 10 })).toEqual(before);
  expect((await searchText(3)).toLowerCase()).not.toContain('quux');
  expect((await admin.auditLog({ offset: 0, limit: 10 })).total).toBe(2);
  const found = await admin.findSamples({ packCode: 'p', keyword: 'ZORB', offset: 0, limit: 10 });
  expect([found.total, found.records.map((s) => s.id)]).toEqual([2, [1, 2]]);
}

describe('sample metadata edits', () => {
  it('edits, audits and re-indexes in one transaction on SQLite', async () => {
    await withTempSqlite('admin-samples', async (db) => {
      const searchText = async (id: number) => {
        const row = db
          .prepare('SELECT name, tags FROM samples_fts WHERE (rowid & 4294967295) = ?')
          .get(id);
        return `${String(row?.name)} ${String(row?.tags)}`.replace(/ /g, '');
      };
      await scenario(sqliteLibrary(db), sqliteAdmin(db), searchText, async () => {
        db.exec(FAIL_AUDIT.sqlite);
      });
    });
  });

  it('does the same on PostgreSQL', { timeout: 60_000 }, async () => {
    await withMigratedPg(async (pool) => {
      const searchText = async (id: number) => {
        const { rows } = await pool.query(
          'SELECT name, tags FROM sample_search WHERE sample_id = $1',
          [id],
        );
        return `${rows[0]?.name} ${rows[0]?.tags}`.replace(/ /g, '');
      };
      await scenario(postgresLibrary(pool), postgresAdmin(pool), searchText, async () => {
        await pool.query(FAIL_AUDIT.postgres);
      });
    });
  });
});
