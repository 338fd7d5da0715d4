import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQLInputValue } from 'node:sqlite';
import { API } from '../../src/shared/api/paths.ts';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import type { Sample } from '../../src/shared/api/catalogue.types.ts';
import { toMatchQuery } from '../../server/catalogue/cjk-text.ts';
import { seedPlan } from '../../server/library/seed-samples.ts';
import { planLibrary } from '../../server/seed/library-plan.ts';
import { openRenderCache } from '../../server/seed/render-cache.ts';
import { getData, withQuery } from '../helpers/catalogue.ts';
import { startTestGateway, type TestGateway } from '../helpers/test-gateway.ts';

// Searches on a cloned library (the `large` library's volumes, on the tiny plan with a small
// target): pages and totals of broad and narrow keywords against plain SQL.
const TARGET = 400;
const PAGE_SIZE = 100;
let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ size: 'none' });
  const plan = planLibrary('tiny', gateway.ctx.clock.now());
  await seedPlan(gateway.ctx, plan, { cache: openRenderCache(), cloneTo: TARGET });
});

afterAll(async () => {
  await gateway?.close();
});

// The weights the API documents: name ≫ tags > pack/type/group > brand.
const BM25 = 'bm25(samples_fts, 10.0, 4.0, 2.0, 3.0, 3.0, 3.0)';
const MATCHES = 'SELECT rowid FROM samples_fts WHERE samples_fts MATCH ?';

/** Ids of one page as plain SQL orders the matches of `match` (and `where`). */
const reference = (
  match: string,
  order: 'popularity' | 'bm25',
  page: number,
  where = '1',
  ...params: SQLInputValue[]
): number[] =>
  gateway.ctx.db
    .prepare(
      order === 'popularity'
        ? `SELECT s.id FROM samples s WHERE s.id IN (${MATCHES}) AND ${where}
           ORDER BY s.popularity DESC, s.id LIMIT ? OFFSET ?`
        : `SELECT s.id FROM samples_fts JOIN samples s ON s.id = samples_fts.rowid
           WHERE samples_fts MATCH ? AND ${where}
           ORDER BY ${BM25}, s.popularity DESC, s.id LIMIT ? OFFSET ?`,
    )
    .all(match, ...params, PAGE_SIZE, (page - 1) * PAGE_SIZE)
    .map((row) => Number(row.id));
const count = (match: string, where = '1', ...params: SQLInputValue[]): number =>
  Number(
    gateway.ctx.db
      .prepare(`SELECT count(*) AS n FROM samples s WHERE s.id IN (${MATCHES}) AND ${where}`)
      .get(match, ...params)?.n,
  );
const library = () => Number(gateway.ctx.db.prepare('SELECT max(id) AS n FROM samples').get()?.n);
const search = async (query: Record<string, string | number>) => {
  const page = await getData<ListPage<Sample>>(
    gateway,
    withQuery(API.search, { pageSize: PAGE_SIZE, ...query }),
  );
  return { total: page.total, ids: page.records.map((record) => record.id) };
};

describe('search on a cloned library', () => {
  it('orders a keyword in at least half of the library by popularity (bm25 has no idf there)', async () => {
    const match = toMatchQuery('v')!;
    const total = count(match);
    expect(total * 2).toBeGreaterThanOrEqual(library());
    expect(total).toBeGreaterThan(2 * PAGE_SIZE);
    const sorts: Array<Record<string, string>> = [
      {},
      { sort: 'RELEVANCE' },
      { sort: 'MOST_POPULAR' },
    ];
    for (const query of sorts) {
      for (const page of [1, 2, 3]) {
        const answer = await search({ keyword: 'v', page, ...query });
        expect(answer.total).toBe(total);
        expect(answer.ids, `page ${page} ${JSON.stringify(query)}`).toEqual(
          reference(match, 'popularity', page),
        );
      }
    }
  });

  it('keeps bm25 order for a narrower keyword, alone or with a filter', async () => {
    for (const keyword of ['guzheng', 'kick', 'drums']) {
      const match = toMatchQuery(keyword)!;
      const total = count(match);
      expect(total, keyword).toBeGreaterThan(0);
      expect(total * 2, keyword).toBeLessThan(library());
      const answer = await search({ keyword });
      expect(answer.total).toBe(total);
      expect(answer.ids, keyword).toEqual(reference(match, 'bm25', 1));
    }
    const match = toMatchQuery('drums')!;
    const filtered = await search({ keyword: 'drums', kind: 'loop' });
    expect(filtered.total).toBe(count(match, "s.kind = 'loop'"));
    expect(filtered.ids).toEqual(reference(match, 'bm25', 1, "s.kind = 'loop'"));
  });

  it('orders a broad keyword by popularity under a filter that leaves few of its matches', async () => {
    const match = toMatchQuery('v')!;
    const where = 's.category = ? AND s.primary_name = ?';
    const params = ['instruments', 'Drums'];
    const total = count(match, where, ...params);
    expect(total).toBeGreaterThan(0);
    expect(total * 2).toBeLessThan(library());
    const answer = await search({ keyword: 'v', category: 'instruments', primaryName: 'Drums' });
    expect(answer.total).toBe(total);
    expect(answer.ids).toEqual(reference(match, 'popularity', 1, where, ...params));
  });

  it('ranks the any-word fallback by bm25 even when it matches most of the library', async () => {
    const match = toMatchQuery('v zzqqxxyy', 'OR')!;
    const total = count(match);
    expect(total * 2).toBeGreaterThanOrEqual(library());
    const answer = await search({ keyword: 'v zzqqxxyy' });
    expect(answer.total).toBe(total);
    expect(answer.ids).toEqual(reference(match, 'bm25', 1));
  });
});
