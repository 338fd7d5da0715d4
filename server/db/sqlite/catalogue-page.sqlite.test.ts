import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQLInputValue } from 'node:sqlite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../src/shared/api/paths.ts';
import type { ListPage } from '../../../src/shared/api/envelope.ts';
import type { Sample } from '../../../src/shared/api/catalogue.types.ts';
import { createApp } from '../../app.ts';
import { keywordSearch } from '../../catalogue/cjk-text.ts';
import { loadConfig } from '../../config.ts';
import { createContext, type AppContext } from '../../context.ts';
import { seedPlan } from '../../library/seed-samples.ts';
import { planLibrary } from '../../seed/library-plan.ts';
import { openRenderCache } from '../../seed/render-cache.ts';
import { migrate, openDatabase, type Database } from '../database.ts';
import { ftsMatch } from './fts-text.sqlite.ts';
import { sqliteOracle } from './oracle.sqlite.ts';
import { createSqliteRepository } from './sqlite-repository.ts';

// The SQLite adapter's ways of reading a page (catalogue-page.sqlite.ts), checked on a cloned
// library (the `large` library's volumes, on the tiny plan with a small target) through a real
// gateway: pages and totals of broad and narrow keywords against plain SQL, and which of its
// query shapes each page took. Server code may not import tests/helpers: the gateway is built here.
const TARGET = 400;
const PAGE_SIZE = 100;
let gateway: { url: string; ctx: AppContext; app: FastifyInstance; db: Database; dataDir: string };

const toMatchQuery = (input: string) => {
  const search = keywordSearch(input);
  return search && ftsMatch(search);
};

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yinku-page-sqlite-'));
  const config = { ...loadConfig({ YINKU_SONGS: 'off' }), port: 0, host: '127.0.0.1', dataDir };
  const db = openDatabase(join(dataDir, 'yinku.sqlite'));
  const storage = {
    repo: createSqliteRepository(db),
    oracle: sqliteOracle(db),
    close: async () => db.close(),
  };
  const ctx = await createContext(config, { storage });
  const app = await createApp(ctx, { serveClient: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  gateway = { url: `http://127.0.0.1:${port}`, ctx, app, db, dataDir };
  const plan = planLibrary('tiny', ctx.clock.now());
  await seedPlan(ctx, plan, { cache: openRenderCache(), cloneTo: TARGET });
});

afterAll(async () => {
  await gateway?.app.close();
  await gateway?.ctx.close();
  if (gateway) rmSync(gateway.dataDir, { recursive: true, force: true });
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
  gateway.db
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
    gateway.db
      .prepare(`SELECT count(*) AS n FROM samples s WHERE s.id IN (${MATCHES}) AND ${where}`)
      .get(match, ...params)?.n,
  );
const library = () => Number(gateway.db.prepare('SELECT max(id) AS n FROM samples').get()?.n);
const search = async (
  query: Record<string, string | number>,
  language?: 'en',
  path: string = API.search,
) => {
  const params = new URLSearchParams(
    Object.entries({ pageSize: PAGE_SIZE, ...query }).map(([k, v]): [string, string] => [
      k,
      String(v),
    ]),
  );
  const response = await fetch(`${gateway.url}${path}?${params}`, {
    headers: language ? { 'accept-language': language } : {},
  });
  expect(response.status).toBe(200);
  const page = ((await response.json()) as { data: ListPage<Sample> }).data;
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

  it('tests rows along the index for the first rows of a broad keyword, and lists its matches when they lie further', async () => {
    // The SQL of each page, recorded on the gateway's connection (the calls go through as usual).
    const db = gateway.db;
    const prepare = db.prepare.bind(db);
    const seen: string[] = [];
    db.prepare = (sql: string) => {
      seen.push(sql);
      return prepare(sql);
    };
    const outcomes = new Set<string>();
    try {
      for (const [sort, order] of [
        ['MOST_POPULAR', 's.popularity DESC, s.id'],
        ['NEWEST', 's.created_at DESC, s.id'],
        ['DURATION', 's.duration, s.id'],
      ] as const) {
        for (const keyword of ['v', 'v 0', 's']) {
          const match = toMatchQuery(keyword)!;
          const all = count(match);
          expect(all * 2).toBeGreaterThanOrEqual(library());
          // Every row in the order, and whether it matches: the rows a walk reads.
          const walk = prepare(
            `SELECT s.id, s.id IN (${MATCHES}) AS hit FROM samples s ORDER BY ${order}`,
          )
            .all(match)
            .map((row) => ({ id: Number(row.id), hit: Number(row.hit) === 1 }));
          const hits = walk.filter((row) => row.hit).map((row) => row.id);
          for (const page of [1, 2, 3]) {
            seen.length = 0;
            const answer = await search({ keyword, page, sort, pageSize: 1 });
            const label = `${keyword} by ${sort}, page ${page}`;
            expect(answer.total, label).toBe(all);
            expect(answer.ids, label).toEqual(hits.slice(page - 1, page));
            // Rows are tested one by one while a walk to the page, page × library / total rows
            // if the matches spread evenly, is under 1 % of the matches, and for at most 2 %.
            const seek = page * library() * 100 <= all * all;
            const reach = walk.findIndex((row) => row.id === hits[page - 1]) + 1;
            const tested = seen.some((sql) => sql.includes('EXISTS (SELECT 1 FROM samples_fts'));
            const listed = seen.some((sql) => sql.includes('IN (SELECT rowid FROM samples_fts'));
            expect(tested, label).toBe(seek);
            expect(listed, label).toBe(!seek || reach > Math.floor(all / 50));
            if (tested) outcomes.add(listed ? 'tested, then listed' : 'tested');
          }
        }
      }
    } finally {
      db.prepare = prepare;
    }
    expect([...outcomes].sort()).toEqual(['tested', 'tested, then listed']);
  });

  it('pages a broad keyword or style in every other sort as SQL orders it', async () => {
    // The orders the API documents, each listed from its own index when the matches are broad.
    const orders = [
      ['NEWEST', 's.created_at DESC, s.id', undefined],
      ['NAME', 's.name_zh, s.id', undefined],
      ['NAME', 's.name_en COLLATE NOCASE, s.id', 'en'],
      ['BPM', 's.bpm IS NULL, s.bpm, s.id', undefined],
      ['DURATION', 's.duration, s.id', undefined],
    ] as const;
    const drums = '{tags type grp} : ("drums")';
    const cases: Array<{ match: string; query: Record<string, string>; path: string }> = [
      { match: toMatchQuery('v')!, query: { keyword: 'v' }, path: API.search },
      { match: drums, query: { styles: 'drums' }, path: API.audios },
    ];
    for (const { match, query, path } of cases) {
      expect(count(match) * 20).toBeGreaterThanOrEqual(library());
      for (const [sort, order, language] of orders) {
        for (const [page, pageSize] of [
          [1, 2],
          [1, 100],
          [2, 100],
        ] as const) {
          const expected = gateway.db
            .prepare(
              `SELECT s.id FROM samples s WHERE s.id IN (${MATCHES})
               ORDER BY ${order} LIMIT ? OFFSET ?`,
            )
            .all(match, pageSize, (page - 1) * pageSize)
            .map((row) => Number(row.id));
          const answer = await search({ ...query, sort, page, pageSize }, language, path);
          expect(answer.total).toBe(count(match));
          expect(answer.ids, `${JSON.stringify(query)} ${order} page ${page}`).toEqual(expected);
        }
      }
    }
  });

  it('answers nothing, not any word, when a broad word meets one no sample has', async () => {
    expect(count(toMatchQuery('v')!) * 2).toBeGreaterThanOrEqual(library());
    const answer = await search({ keyword: 'v zzqqxxyy' });
    expect(answer).toEqual({ total: 0, ids: [] });
  });
});

describe('migration 013 (prefix indexes of samples_fts)', () => {
  it('rebuilds an existing full-text index with its rows, under the same name', () => {
    const db = openDatabase(':memory:');
    try {
      // The table as migration 001 made it, holding rows, with 013 not applied yet.
      db.exec(`DROP TABLE samples_fts;
        CREATE VIRTUAL TABLE samples_fts USING fts5(name, tags, brand, pack, type, grp,
          tokenize = 'unicode61 remove_diacritics 2');
        INSERT INTO samples_fts (rowid, name, tags, brand, pack, type, grp) VALUES
          (7, 'Vox Chop V2', '["vocal"]', 'Brand', 'Pack', 'Vocals', 'Chops'),
          (9, 'Kick 808 古 筝', '[]', 'Brand', 'Pack', 'Drums', 'Kick');
        DELETE FROM schema_migrations WHERE name = '013-search-prefix-index.sql';`);
      migrate(db);
      const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'samples_fts'").get();
      expect(String(sql?.sql)).toContain("prefix = '1 2'");
      const hits = (match: string) =>
        db
          .prepare('SELECT rowid FROM samples_fts WHERE samples_fts MATCH ? ORDER BY rowid')
          .all(match)
          .map((row) => Number(row.rowid));
      expect(hits(toMatchQuery('v')!)).toEqual([7]);
      expect(hits(toMatchQuery('k 80')!)).toEqual([9]);
      expect(hits(toMatchQuery('古筝')!)).toEqual([9]);
      expect(hits(toMatchQuery('vo')!)).toEqual([7]);
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE name LIKE 'samples_fts%' ORDER BY name")
        .all()
        .map((row) => String(row.name));
      expect(tables).toEqual([
        'samples_fts',
        'samples_fts_config',
        'samples_fts_content',
        'samples_fts_data',
        'samples_fts_docsize',
        'samples_fts_idx',
        // Migration 015's word list: a view of the index, storing nothing of its own.
        'samples_fts_vocab',
      ]);
    } finally {
      db.close();
    }
  });
});
