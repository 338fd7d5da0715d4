import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { keywordSearch } from '../../../catalogue/cjk-text.ts';
import { postgresSampleCount } from './count.ts';
import { postgresCatalogueHelp } from './search.ts';
import { seedIfEmpty } from '../../../library/seed-library.ts';
import { seededPostgresPerFile } from '../testing/seeded-postgres.ts';
import { firstRow } from '../database.ts';
import { listRequest as request } from '../../testing/list-request.ts';

// How the PostgreSQL catalogue counts a list (docs/DATABASE.md "What `total` is"): the category
// tree's cached cells for taxonomy-only lists, kept until the catalogue's version moves; a
// full-text filter alone exact up to the cap and estimated by the planner past it.
let pool: pg.Pool;

interface IdRow {
  id: number;
}

seededPostgresPerFile(
  (seeded) => seedIfEmpty(seeded, 'tiny'),
  (storage) => ({ pool } = storage),
);

const exactCount = async (where: string, values: unknown[] = []) =>
  Number((await pool.query(`SELECT count(*) AS n FROM samples s ${where}`, values)).rows[0].n);
const version = async () =>
  Number((await pool.query('SELECT version FROM catalogue_version')).rows[0].version);

describe('PostgreSQL after the first seeding', () => {
  // Before anything else writes: the test cluster runs synchronous_commit=off, as the bench's
  // does, and a VACUUM that came before the bulk load's WAL was flushed left ~0.5 % of the pages
  // all-visible, so a deep page (an index-only walk of 50,000 entries) read the table.
  it('leaves every page of samples and sample_search all-visible (the visibility map set)', async () => {
    const { rows } = await pool.query(
      `SELECT relname, relpages, relallvisible FROM pg_class
        WHERE relname IN ('samples', 'sample_search') ORDER BY relname`,
    );
    expect(rows.map((row) => row.relname)).toEqual(['sample_search', 'samples']);
    for (const row of rows) expect(row.relallvisible, row.relname).toBe(row.relpages);
  });
});

describe('PostgreSQL list totals', () => {
  it('counts a keyword alone exactly up to the cap and estimates it past the cap', async () => {
    const help = postgresCatalogueHelp(pool);
    const filter = { search: keywordSearch('loop')! };
    const truth = (await postgresSampleCount(pool, help.treeCells).count(request(filter))).total;
    expect(truth).toBeGreaterThan(8);
    const capped = postgresSampleCount(pool, help.treeCells, { exactCountCap: 3 });
    const estimate = await capped.count(request(filter));
    expect(estimate.estimated).toBe(true);
    const top = Number((await pool.query('SELECT max(id) AS n FROM samples')).rows[0].n);
    expect(estimate.total).toBeGreaterThan(3);
    expect(estimate.total).toBeLessThanOrEqual(top);
    // The planner's statistics (ANALYZE after seeding) put it in the right region.
    expect(estimate.total).toBeGreaterThan(truth / 3);
    expect(estimate.total).toBeLessThan(truth * 3);
    // Past the cap with a sample of part of the library, the estimate is the sample's share.
    const sampled = postgresSampleCount(pool, help.treeCells, {
      exactCountCap: 3,
      sampledRows: 400,
    });
    const share = await sampled.count(request(filter));
    expect(share.estimated).toBe(true);
    expect(share.total).toBeGreaterThan(truth / 3);
    expect(share.total).toBeLessThan(truth * 3);
    // Another filter beside it, or a user's list, keeps the count exact.
    const withKind = await capped.count(request({ ...filter, kind: 'loop' }));
    expect(withKind.estimated).toBe(false);
  });

  it('answers a taxonomy-only list from the tree, and again after the catalogue changes', async () => {
    const help = postgresCatalogueHelp(pool);
    const counts = postgresSampleCount(pool, help.treeCells);
    const drums = await counts.count(request({ category: 'instruments', primaryName: 'Drums' }));
    const where = "WHERE s.category = 'instruments' AND s.primary_name = 'Drums'";
    expect(drums).toEqual({ total: await exactCount(where), estimated: false });
    expect((await counts.count(request({}))).total).toBe(await exactCount(''));

    // A download's popularity update leaves the version (and the caches) alone.
    const before = await version();
    await pool.query('UPDATE packs SET popularity = popularity + 1');
    await pool.query('UPDATE samples SET popularity = popularity + 1 WHERE id = 1');
    expect(await version()).toBe(before);

    // A sample removed moves it: the cached tree is read again.
    const { id } = (await firstRow<IdRow>(
      pool,
      `SELECT s.id FROM samples s ${where} ORDER BY s.id DESC LIMIT 1`,
    ))!;
    await pool.query('DELETE FROM samples WHERE id = $1', [id]);
    expect(await version()).toBeGreaterThan(before);
    const after = await counts.count(request({ category: 'instruments', primaryName: 'Drums' }));
    expect(after.total).toBe(drums.total - 1);
  });

  it('answers a BPM range alone from the counts per BPM, and again after a BPM changes', async () => {
    const counts = postgresSampleCount(pool, postgresCatalogueHelp(pool).treeCells);
    const range = { bpmMin: 90, bpmMax: 140 };
    const where = 'WHERE s.bpm >= 90 AND s.bpm <= 140';
    const before = await counts.count(request(range));
    expect(before.total).toBeGreaterThan(1);
    expect(before).toEqual({ total: await exactCount(where), estimated: false });
    expect((await counts.count(request({ bpmMin: 100 }))).total).toBe(
      await exactCount('WHERE s.bpm >= 100'),
    );
    // The stored analysis may set a BPM after the insert: the version moves, the counts follow.
    const { id } = (await firstRow<IdRow>(pool, `SELECT s.id FROM samples s ${where} LIMIT 1`))!;
    const version0 = await version();
    await pool.query('UPDATE samples SET bpm = 200 WHERE id = $1', [id]);
    expect(await version()).toBeGreaterThan(version0);
    expect(await counts.count(request(range))).toEqual({
      total: before.total - 1,
      estimated: false,
    });
    // Another filter beside the range is counted as before.
    expect((await counts.count(request({ ...range, kind: 'loop' }))).total).toBe(
      await exactCount(`${where} AND s.kind = 'loop'`),
    );
  });
});
