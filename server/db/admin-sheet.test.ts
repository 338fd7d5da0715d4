import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdminRepository } from '../admin/admin.repository.ts';
import type { LibraryRepository } from '../library/library.repository.ts';
import { postgresAdmin } from './postgres/admin.ts';
import { postgresLibrary } from './postgres/library/adapter.ts';
import { withMigratedPg } from './postgres/testing/pg-cluster.ts';
import { sqliteAdmin } from './sqlite/admin.ts';
import { sqliteLibrary } from './sqlite/library/adapter.ts';
import { migrate, openDatabase } from './sqlite/open-database.ts';
import { FAIL_AUDIT } from './testing/fail-audit.ts';
import { testPackInsert, testSampleWrite } from './testing/sample-write.ts';

// The metadata spreadsheet's storage (docs/api/admin.md "Spreadsheet") on both engines: export
// pages by id, and an apply that is all or nothing, refused when a sample moved since the preview.

const actor = { userId: 3, now: Date.UTC(2026, 10, 28) };

async function scenario(
  library: LibraryRepository,
  admin: AdminRepository,
  failAudit: () => Promise<void>,
) {
  await library.writeBatch({
    brands: [{ name: 'B', nameZh: 'B' }],
    packs: [testPackInsert('p', 'B'), testPackInsert('q', 'B')],
    samples: [testSampleWrite(1), testSampleWrite(2), testSampleWrite(3, { packCode: 'q' })],
  });
  const page = (afterId: number, packCode?: string) =>
    admin.sheetSamples({ afterId, limit: 2, packCode }).then((s) => s.map((x) => x.id));
  expect([await page(0), await page(2), await page(0, 'q'), await page(3)]).toEqual([
    [1, 2],
    [3],
    [3],
    [],
  ]);
  const all = await admin.samplesByIds([3, 1, 99]);
  expect(all.map((s) => s.id)).toEqual([1, 3]);
  const kick1 = { nameEn: 'Kick 1' };

  // One sample moved since the preview: nothing is written, not even the other sample.
  const stale = await admin.applySheet(
    [
      { id: 1, before: kick1, edit: { nameEn: 'One' } },
      { id: 3, before: { nameEn: 'Not what it is' }, edit: { nameEn: 'Three' } },
    ],
    actor,
  );
  expect(stale).toEqual({ ok: false, stale: [3] });
  expect(await admin.samplesByIds([1, 3])).toEqual(all);
  expect((await admin.auditLog({ offset: 0, limit: 10 })).total).toBe(0);

  // A failing audit write undoes every sample's change.
  await failAudit();
  await expect(
    admin.applySheet([{ id: 1, before: kick1, edit: { nameEn: 'One', bpm: 99 } }], actor),
  ).rejects.toThrow(/audit refused/);
  expect(await admin.samplesByIds([1, 3])).toEqual(all);
}

async function applies(admin: AdminRepository) {
  const applied = await admin.applySheet(
    [
      { id: 1, before: { nameEn: 'Kick 1', bpm: null }, edit: { nameEn: 'One', bpm: 99 } },
      { id: 3, before: { tags: ['kick'] }, edit: { tags: ['a', 'b'] } },
    ],
    actor,
  );
  expect(applied).toEqual({ ok: true });
  const [one, three] = await admin.samplesByIds([1, 3]);
  expect([one?.nameEn, one?.bpm, three?.tags]).toEqual(['One', 99, ['a', 'b']]);
  const log = await admin.auditLog({ kind: 'sample', offset: 0, limit: 10 });
  expect(log.records.map((e) => [e.target, e.before, e.after])).toEqual([
    ['sample:3', '{"tags":["kick"]}', '{"tags":["a","b"]}'],
    ['sample:1', '{"nameEn":"Kick 1","bpm":null}', '{"nameEn":"One","bpm":99}'],
  ]);
}

describe('spreadsheet storage', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('pages, refuses a stale apply and applies all or nothing on SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'yinku-admin-sheet-'));
    dirs.push(dir);
    const db = openDatabase(join(dir, 'yinku.sqlite'));
    migrate(db);
    try {
      const admin = sqliteAdmin(db);
      await scenario(sqliteLibrary(db), admin, async () => {
        db.exec(FAIL_AUDIT.sqlite);
      });
      db.exec('DROP TRIGGER audit_fails');
      await applies(admin);
    } finally {
      db.close();
    }
  });

  it('does the same on PostgreSQL', { timeout: 60_000 }, async () => {
    await withMigratedPg(async (pool) => {
      const admin = postgresAdmin(pool);
      await scenario(postgresLibrary(pool), admin, async () => {
        await pool.query(FAIL_AUDIT.postgres);
      });
      await pool.query('DROP TRIGGER audit_fails ON audit_log');
      await applies(admin);
    });
  });
});
