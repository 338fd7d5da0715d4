import type { SQLInputValue } from 'node:sqlite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../../src/shared/api/paths.ts';
import type { ApiEnvelope, ListPage } from '../../../../src/shared/api/envelope.ts';
import type { Sample } from '../../../../src/shared/api/catalogue.types.ts';
import { createApp } from '../../../app.ts';
import { portOf } from '../../../free-port.ts';
import { keywordSearch } from '../../../catalogue/cjk-text.ts';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../database.ts';
import { migrate, openDatabase } from '../open-database.ts';
import { ftsMatch } from './search-text.ts';
import { samplePages } from './list.ts';
import { randomStart, shuffleKey } from '../../random-order.ts';
import type { ListRequest, SampleFilter } from '../../../catalogue/catalogue.repository.ts';
import { clonedSqlite, type ClonedSqlite } from '../testing/cloned-sqlite.ts';

// The SQLite adapter's ways of reading a page (sqlite/catalogue/list.ts), checked on a cloned
// library (the `large` library's volumes, on the tiny plan with a small target) through a real
// gateway: pages and totals of broad and narrow keywords against plain SQL, and which of its
// query shapes each page took. Server code may not import tests/testing: the gateway is built here.
const TARGET = 400;
const PAGE_SIZE = 100;
let cloned: ClonedSqlite;
let gateway: { url: string; ctx: AppContext; app: FastifyInstance; db: Database };

const toMatchQuery = (input: string) => {
  const search = keywordSearch(input);
  return search && ftsMatch(search);
};

beforeAll(async () => {
  cloned = await clonedSqlite(TARGET);
  const app = await createApp(cloned.ctx, { serveClient: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  gateway = { url: `http://127.0.0.1:${portOf(app.server)}`, ctx: cloned.ctx, app, db: cloned.db };
});

afterAll(async () => {
  await gateway?.app.close();
  await cloned?.close();
});

// A sample's id is the low 32 bits of its FTS rowid, the search key (migration 032).
const MATCHES = 'SELECT rowid & 4294967295 FROM samples_fts WHERE samples_fts MATCH ?';

/**
 * Ids of one page as plain SQL orders the matches of `match` (and `where`): by popularity, or in
 * RELEVANCE's tiers (docs/api/catalogue.md): matches whose name holds the keyword first.
 */
const reference = (
  match: string,
  order: 'popularity' | 'relevance',
  page: number,
  where = '1',
  ...params: SQLInputValue[]
): number[] => {
  const tier = order === 'relevance' ? `s.id IN (${MATCHES.replace('?', '$name')}) DESC,` : '';
  const named: Record<string, SQLInputValue> = {
    $match: match,
    $limit: PAGE_SIZE,
    $offset: (page - 1) * PAGE_SIZE,
  };
  if (order === 'relevance') named.$name = `name : (${match})`;
  return gateway.db
    .prepare(
      `SELECT s.id FROM samples s WHERE s.id IN (${MATCHES.replace('?', '$match')}) AND ${where}
       ORDER BY ${tier} s.popularity DESC, s.id LIMIT $limit OFFSET $offset`,
    )
    .all(named, ...params)
    .map((row) => Number(row.id));
};
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
  const page = ((await response.json()) as ApiEnvelope<ListPage<Sample>>).data;
  return {
    total: page.total,
    ids: page.records.map((record) => record.id),
    totalEstimated: page.totalEstimated,
  };
};

describe('search on a cloned library', () => {
  it('orders a broad keyword by name tier then popularity, and by popularity alone', async () => {
    const match = toMatchQuery('v')!;
    const total = count(match);
    expect(total * 2).toBeGreaterThanOrEqual(library());
    expect(total).toBeGreaterThan(2 * PAGE_SIZE);
    // Some matches hold `v` outside their name: the second tier is not empty.
    expect(count(`name : (${match})`)).toBeLessThan(total);
    const sorts: Array<[Record<string, string>, 'relevance' | 'popularity']> = [
      [{}, 'relevance'],
      [{ sort: 'RELEVANCE' }, 'relevance'],
      [{ sort: 'MOST_POPULAR' }, 'popularity'],
    ];
    for (const [query, order] of sorts) {
      for (const page of [1, 2, 3, Math.ceil(total / PAGE_SIZE)]) {
        const answer = await search({ keyword: 'v', page, ...query });
        expect(answer.total).toBe(total);
        expect(answer.ids, `page ${page} ${JSON.stringify(query)}`).toEqual(
          reference(match, order, page),
        );
      }
    }
  });

  it('orders a narrower keyword in RELEVANCE by name tier then popularity, alone or with a filter', async () => {
    for (const keyword of ['guzheng', 'kick', 'drums', '古筝', 'bass loop']) {
      const match = toMatchQuery(keyword)!;
      const total = count(match);
      expect(total, keyword).toBeGreaterThan(0);
      const answer = await search({ keyword });
      expect(answer.total).toBe(total);
      expect(answer.ids, keyword).toEqual(reference(match, 'relevance', 1));
    }
    // `drums` is a word of names and of types: both tiers hold rows, and page 2 crosses them.
    const drums = toMatchQuery('drums')!;
    const named = count(`name : (${drums})`);
    expect(named).toBeGreaterThan(0);
    expect(named).toBeLessThan(count(drums));
    for (const page of [1, 2, 3])
      expect((await search({ keyword: 'drums', page })).ids).toEqual(
        reference(drums, 'relevance', page),
      );
    const filtered = await search({ keyword: 'drums', kind: 'loop' });
    expect(filtered.total).toBe(count(drums, "s.kind = 'loop'"));
    expect(filtered.ids).toEqual(reference(drums, 'relevance', 1, "s.kind = 'loop'"));
  });

  it('orders a broad keyword in RELEVANCE under a filter that leaves few of its matches', async () => {
    const match = toMatchQuery('v')!;
    const where = 's.category = ? AND s.primary_name = ?';
    const params = ['instruments', 'Drums'];
    const total = count(match, where, ...params);
    expect(total).toBeGreaterThan(0);
    expect(total * 2).toBeLessThan(library());
    const answer = await search({ keyword: 'v', category: 'instruments', primaryName: 'Drums' });
    expect(answer.total).toBe(total);
    expect(answer.ids).toEqual(reference(match, 'relevance', 1, where, ...params));
  });

  it('pages a keyword under a filter alike whether it walks the matches or sorts them', async () => {
    // Small pages of a filter that keeps many matches walk them in key order; large pages of
    // the same list sort them (SPARSE_WALK_FACTOR): both as plain SQL orders them.
    const match = toMatchQuery('v')!;
    const where = "s.kind = 'loop'";
    const total = count(match, where);
    expect(total).toBeGreaterThan(5 * 3 * 2);
    for (const [sort, tier] of [
      ['RELEVANCE', `s.id IN (${MATCHES.replace('?', '$name')}) DESC,`],
      ['MOST_POPULAR', ''],
    ] as const) {
      for (const [page, pageSize] of [
        [1, 2],
        [3, 2],
        [1, 100],
      ] as const) {
        const expected = gateway.db
          .prepare(
            `SELECT s.id FROM samples s WHERE s.id IN (${MATCHES.replace('?', '$match')}) AND ${where}
             ORDER BY ${tier} s.popularity DESC, s.id LIMIT $limit OFFSET $offset`,
          )
          .all(
            tier
              ? {
                  $match: match,
                  $name: `name : (${match})`,
                  $limit: pageSize,
                  $offset: (page - 1) * pageSize,
                }
              : { $match: match, $limit: pageSize, $offset: (page - 1) * pageSize },
          )
          .map((row) => Number(row.id));
        const answer = await search({ keyword: 'v', kind: 'loop', sort, page, pageSize });
        expect(answer.total).toBe(total);
        expect(answer.ids, `${sort} page ${page} of ${pageSize}`).toEqual(expected);
      }
    }
  });

  it('finds a word added after the vocabulary was read, by its prefix', async () => {
    // The vocabulary that spells prefixes out is read again at most once a minute: meanwhile a
    // new word is still found (the prefix query stays), never missed.
    expect((await search({ keyword: 'kick' })).total).toBeGreaterThan(0);
    const db = gateway.db;
    const id = Number(db.prepare('SELECT max(id) + 1 AS id FROM samples').get()?.id);
    db.exec(`CREATE TEMP TABLE added AS SELECT * FROM samples WHERE id = 1;
      UPDATE added SET id = ${id}, name_en = 'Zebrafish Hit', popularity = 1, audition_code = NULL,
        audition_hash = NULL;
      INSERT INTO samples SELECT * FROM added; DROP TABLE added;`);
    db.prepare(
      `INSERT INTO samples_fts (rowid, name) VALUES (((2147483647 - 1) << 32) | ?, 'Zebrafish Hit')`,
    ).run(id);
    try {
      expect(await search({ keyword: 'zebra' })).toMatchObject({ total: 1, ids: [id] });
    } finally {
      db.prepare('DELETE FROM samples WHERE id = ?').run(id);
    }
    expect((await search({ keyword: 'zebra' })).total).toBe(0);
  });

  it('moves a sample in popularity order when a download lifts its popularity', async () => {
    const match = toMatchQuery('kick')!;
    const before = reference(match, 'popularity', 1);
    const last = before.at(-1)!;
    const popularity = (id: number) =>
      Number(gateway.db.prepare('SELECT popularity AS p FROM samples WHERE id = ?').get(id)?.p);
    const [was, top] = [popularity(last), popularity(before[0]!)];
    const lift = gateway.db.prepare('UPDATE samples SET popularity = ? WHERE id = ?');
    lift.run(top + 1, last);
    try {
      const answer = await search({ keyword: 'kick', sort: 'MOST_POPULAR' });
      expect(answer.ids[0]).toBe(last);
      expect(answer.ids).toEqual(reference(match, 'popularity', 1));
    } finally {
      lift.run(was, last);
    }
    expect((await search({ keyword: 'kick', sort: 'MOST_POPULAR' })).ids).toEqual(before);
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
      // (In popularity order the FTS match itself is read in key order: no walk.)
      for (const [sort, order] of [
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
            const listed = seen.some((sql) =>
              sql.includes('IN (SELECT (samples_fts.rowid & 4294967295) FROM samples_fts'),
            );
            expect(tested, label).toBe(seek);
            expect(listed, label).toBe(!seek || reach > Math.floor(all / 50));
            if (tested) outcomes.add(listed ? 'tested, then listed' : 'tested');
          }
        }
      }
    } finally {
      db.prepare = prepare;
    }
    // (A walk that gives up for the list is checked page by page above: `listed`.)
    expect(outcomes.has('tested')).toBe(true);
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
      // The table as migration 001 made it, holding rows, with 013 not applied yet (nor 032's
      // triggers, which name the table).
      db.exec(`DROP TRIGGER samples_search_key;
        DROP TRIGGER samples_search_delete;
        DROP TABLE samples_fts;
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

describe('totals of full-text matches past the exact-count cap', () => {
  const request = (filter: SampleFilter): ListRequest => ({
    filter,
    sort: 'MOST_POPULAR',
    seed: 0,
    page: 1,
    pageSize: PAGE_SIZE,
    language: 'en',
    viewerId: null,
  });

  it('counts up to the cap exactly and estimates beyond it from where the next match lies', () => {
    const cap = 50;
    const pages = samplePages(gateway.db, { exactCountCap: cap });
    const few = keywordSearch('guzheng')!;
    const exact = count(toMatchQuery('guzheng')!);
    expect(exact).toBeGreaterThan(0);
    expect(exact).toBeLessThanOrEqual(cap);
    expect(pages.count(request({ search: few }))).toEqual({ total: exact, estimated: false });
    // `v` is in nearly every row; the styles filter goes through the same count.
    const many = keywordSearch('v')!;
    const truth = count(toMatchQuery('v')!);
    expect(truth).toBeGreaterThan(cap);
    const estimate = pages.count(request({ search: many }));
    expect(estimate.estimated).toBe(true);
    expect(estimate.total).toBeGreaterThan(cap);
    expect(estimate.total).toBeLessThanOrEqual(library());
    expect(Math.abs(estimate.total - truth) / truth).toBeLessThan(0.25);
    // With the default cap (10,000) the same count is exact.
    expect(samplePages(gateway.db).count(request({ search: many }))).toEqual({
      total: truth,
      estimated: false,
    });
  });

  it('answers an exact total without the estimate flag', async () => {
    const page = await search({ keyword: 'v', pageSize: 10 });
    expect(page.total).toBe(count(toMatchQuery('v')!));
    expect(page.totalEstimated).toBeUndefined();
  });
});

describe('RANDOM along the stored shuffle key (migration 021)', () => {
  it('stores the hash of each id and pages from the start the seed picks, walking or sorting alike', async () => {
    const keyed = gateway.db.prepare('SELECT id, shuffle_key FROM samples').all();
    expect(keyed).toHaveLength(TARGET);
    for (const row of keyed) expect(Number(row.shuffle_key)).toBe(shuffleKey(Number(row.id), 0));
    const start = randomStart(4242);
    // Keys from the start up, then from the bottom to the start.
    const expected = (ids: number[]) =>
      ids
        .map((id) => ({ id, key: shuffleKey(id, 0) }))
        .sort(
          (a, b) => Number(a.key < start) - Number(b.key < start) || a.key - b.key || a.id - b.id,
        )
        .map((row) => row.id);
    const ids = (sql: string) =>
      gateway.db
        .prepare(sql)
        .all()
        .map((row) => Number(row.id));
    // Unfiltered and a style (FTS matches) walk the key index; a category, whose rows a walk
    // would read one by one, sorts its matches by the key hashed from their ids.
    const cases: [Record<string, string>, number[]][] = [
      [{}, ids('SELECT id FROM samples')],
      [{ category: 'instruments' }, ids("SELECT id FROM samples WHERE category = 'instruments'")],
      [
        { styles: 'drums' },
        ids(
          `${MATCHES.replace('4294967295', '4294967295 AS id')}`.replace(
            '?',
            "'{tags type grp} : drums'",
          ),
        ),
      ],
    ];
    for (const [filter, all] of cases) {
      expect(all.length, JSON.stringify(filter)).toBeGreaterThan(20);
      const paged: number[] = [];
      for (let page = 1; paged.length < all.length + 9; page++) {
        const answer = await search(
          { ...filter, sort: 'RANDOM', seed: 4242, pageSize: 9, page },
          undefined,
          API.audios,
        );
        paged.push(...answer.ids);
        if (answer.ids.length < 9) break;
      }
      expect(paged, JSON.stringify(filter)).toEqual(expected(all));
    }
  });
});
