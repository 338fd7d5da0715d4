import { describe, expect, it } from 'vitest';
import type { LibraryRepository } from '../library/library.repository.ts';
import type { ReviewRepository } from '../library/review/review.repository.ts';
import { FAIL_AUDIT } from './testing/fail-audit.ts';
import { testPackInsert, testSampleWrite } from './testing/sample-write.ts';
import { postgresLibrary } from './postgres/library/adapter.ts';
import { postgresReview } from './postgres/review.ts';
import { withMigratedPg } from './postgres/testing/pg-cluster.ts';
import { withTempSqlite } from './sqlite/testing/temp-sqlite.ts';
import { sqliteLibrary } from './sqlite/library/adapter.ts';
import { sqliteReview } from './sqlite/review.ts';

// Migration 051 and the review adapters (docs/LIBRARY.md "Review findings"): the same answers on
// both engines for storing, listing, setting a status and fixing a sample.

const T0 = '2026-11-28T00:00:00.000Z';
const T1 = '2026-11-28T01:00:00.000Z';
const actor = { userId: 7, now: Date.parse(T1) };
const accept = { actor, action: 'review.accept', before: {}, after: {} } as const;
const fix = { actor, action: 'review.fix', before: { bpm: null }, after: { bpm: 93 } } as const;

/**
 * With the audit row's insert failing, a status change and a fix fail whole: the finding stays
 * open and the sample keeps its fields (the change and its audit row are one transaction).
 */
async function failingAudit(review: ReviewRepository) {
  const [id] = await review.addFindings([
    { sampleId: 1, packCode: 'q', fileName: 'x.wav', code: 'CLIPPING', detail: {}, createdAt: T0 },
  ]);
  const before = await review.sampleFields(1);
  await expect(review.setStatus(id!, 'accepted', T1, accept)).rejects.toThrow(/audit refused/);
  await expect(review.fixSample(id!, 1, { bpm: 91 }, T1, fix)).rejects.toThrow(/audit refused/);
  expect((await review.findFinding(id!))?.status).toBe('open');
  expect(await review.sampleFields(1)).toEqual(before);
}

/** The scenario both engines must answer alike; answers what it read. */
async function scenario(library: LibraryRepository, review: ReviewRepository) {
  await library.writeBatch({
    brands: [{ name: 'B', nameZh: 'B' }],
    packs: [testPackInsert('p', 'B'), testPackInsert('q', 'B')],
    samples: [testSampleWrite(1, { bpm: 120, bpmSource: 'pack', kind: 'loop' })],
  });
  const [sampleId] = await library.writeBatch({ samples: [testSampleWrite(2)] });
  const ids = await review.addFindings([
    {
      sampleId: sampleId!,
      packCode: 'p',
      fileName: 'kick 2.wav',
      code: 'DC_OFFSET',
      detail: { offset: 0.05 },
      createdAt: T0,
    },
    {
      sampleId: null,
      packCode: 'p',
      fileName: 'broken.wav',
      code: 'INVALID_AUDIO',
      detail: { reason: 'TRUNCATED: …' },
      createdAt: T0,
    },
    {
      sampleId: sampleId!,
      packCode: 'q',
      fileName: 'kick 2.wav',
      code: 'CLIPPING',
      detail: { runs: 3 },
      createdAt: T0,
    },
  ]);
  expect(ids).toHaveLength(3);
  const listed = await review.listFindings('p');
  const accepted = await review.setStatus(ids[1]!, 'accepted', T1, accept);
  const missing = await review.setStatus(999_999, 'accepted', T1, accept);
  const before = await review.sampleFields(sampleId!);
  await review.fixSample(
    ids[0]!,
    sampleId!,
    {
      blobHash: 'b'.repeat(64),
      duration: 0.08,
      sizeBytes: 3,
      bpm: 93,
      bpmSource: 'detected',
      peaks: new Uint8Array(1024),
      embedding: new Uint8Array(256),
    },
    T1,
    fix,
  );
  return {
    listed: listed.map(({ id, ...rest }) => ({ index: ids.indexOf(id), ...rest })),
    accepted,
    missing,
    before,
    after: await review.sampleFields(sampleId!),
    fixed: await review.findFinding(ids[0]!),
    none: await review.sampleFields(999_999),
  };
}

/** The audit rows the scenario writes: one a change, none for the unknown finding. */
const AUDITED = [
  { action: 'review.accept', target: 'finding:2', before_value: '{}', after_value: '{}' },
  {
    action: 'review.fix',
    target: 'finding:1',
    before_value: '{"bpm":null}',
    after_value: '{"bpm":93}',
  },
];
const AUDIT_ROWS = 'SELECT action, target, before_value, after_value FROM audit_log ORDER BY id';

const EXPECTED = {
  listed: [
    {
      index: 0,
      sampleId: 2,
      packCode: 'p',
      fileName: 'kick 2.wav',
      code: 'DC_OFFSET',
      detail: { offset: 0.05 },
      status: 'open',
      createdAt: T0,
      updatedAt: T0,
    },
    {
      index: 1,
      sampleId: null,
      packCode: 'p',
      fileName: 'broken.wav',
      code: 'INVALID_AUDIO',
      detail: { reason: 'TRUNCATED: …' },
      status: 'open',
      createdAt: T0,
      updatedAt: T0,
    },
  ],
  accepted: expect.objectContaining({ status: 'accepted', updatedAt: T1, sampleId: null }),
  missing: null,
  before: expect.objectContaining({
    blobHash: 'a'.repeat(64),
    duration: 0.1,
    sizeBytes: 4,
    bpm: null,
    bpmSource: 'pack',
    fileName: 'kick 2.wav',
    bitDepth: 16,
  }),
  after: expect.objectContaining({
    blobHash: 'b'.repeat(64),
    duration: 0.08,
    sizeBytes: 3,
    bpm: 93,
    bpmSource: 'detected',
    fileName: 'kick 2.wav',
  }),
  fixed: expect.objectContaining({ status: 'fixed', updatedAt: T1 }),
  none: null,
};

describe('review findings storage', () => {
  it('stores, lists, sets a status and fixes a sample on SQLite', async () => {
    await withTempSqlite('review', async (db) => {
      expect(await scenario(sqliteLibrary(db), sqliteReview(db))).toEqual(EXPECTED);
      expect(
        db
          .prepare(AUDIT_ROWS)
          .all()
          .map((row) => ({ ...row })),
      ).toEqual(AUDITED);
      db.exec(FAIL_AUDIT.sqlite);
      await failingAudit(sqliteReview(db));
      db.exec('DROP TRIGGER audit_fails');
      // A status outside the four is refused by the table itself.
      expect(() => db.prepare("UPDATE review_findings SET status = 'maybe'").run()).toThrow(
        /CHECK/,
      );
      // A deleted sample takes its findings with it.
      db.prepare('DELETE FROM samples WHERE id = 2').run();
      expect((await sqliteReview(db).listFindings('p')).map((f) => f.code)).toEqual([
        'INVALID_AUDIO',
      ]);
    });
  });

  it('answers the same on PostgreSQL', { timeout: 60_000 }, async () => {
    await withMigratedPg(async (pool) => {
      expect(await scenario(postgresLibrary(pool), postgresReview(pool))).toEqual(EXPECTED);
      expect((await pool.query(AUDIT_ROWS)).rows).toEqual(AUDITED);
      await pool.query(FAIL_AUDIT.postgres);
      await failingAudit(postgresReview(pool));
      await pool.query('DROP TRIGGER audit_fails ON audit_log');
      await expect(pool.query("UPDATE review_findings SET status = 'maybe'")).rejects.toThrow(
        /check/,
      );
      await pool.query('DELETE FROM samples WHERE id = 2');
      expect((await postgresReview(pool).listFindings('p')).map((f) => f.code)).toEqual([
        'INVALID_AUDIO',
      ]);
    });
  });
});
