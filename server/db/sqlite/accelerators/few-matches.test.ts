import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywordSearch } from '../../../catalogue/cjk-text.ts';
import type { SearchSort } from '../../../../src/shared/api/catalogue.types.ts';
import type { Database } from '../database.ts';
import { FEW_MATCHES } from './few-matches.ts';
import { samplePages } from '../catalogue/list.ts';
import { sqliteSearchHelp } from '../catalogue/search.ts';
import { ftsMatch } from '../catalogue/search-text.ts';
import { clonedSqlite, type ClonedSqlite } from '../testing/cloned-sqlite.ts';
import { wordSets } from './word-sets.ts';
import { listRequest } from '../../testing/list-request.ts';

// A keyword search with few matches reads its FTS match once (sqlite/accelerators/few-matches.ts): its
// total and both RELEVANCE tiers must be what plain SQL and the tiers read apart answer, on a
// cloned library (the tiny plan's samples, cloned to 400).
let library: ClonedSqlite;
let db: Database;

beforeAll(async () => {
  library = await clonedSqlite(400);
  db = library.db;
});

afterAll(async () => {
  await library?.close();
});

// A sample's id is the low 32 bits of its FTS rowid, the search key (migration 032).
const MATCHES = 'SELECT rowid & 4294967295 FROM samples_fts WHERE samples_fts MATCH ?';

/** The page plain SQL answers: by popularity, or RELEVANCE's tiers (the name matches first). */
const expected = (match: string, sort: SearchSort, page: number, pageSize: number): number[] =>
  db
    .prepare(
      `SELECT s.id FROM samples s WHERE s.id IN (${MATCHES})
       ORDER BY ${sort === 'RELEVANCE' ? `s.id IN (${MATCHES}) DESC,` : ''} s.popularity DESC, s.id
       LIMIT ? OFFSET ?`,
    )
    .all(
      match,
      ...(sort === 'RELEVANCE' ? [`name : (${match})`] : []),
      pageSize,
      (page - 1) * pageSize,
    )
    .map((row) => Number(row.id));

const count = (match: string): number =>
  Number(db.prepare(`SELECT count(*) AS n FROM (${MATCHES})`).get(match)?.n);

/** `db` recording the SQL of every statement run through it (the FTS matches among them). */
const recording = (): { db: Database; run: string[] } => {
  const run: string[] = [];
  const prepare = (sql: string) => {
    const statement = db.prepare(sql);
    for (const method of ['all', 'get', 'iterate'] as const) {
      const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      Object.assign(statement, {
        [method]: (...args: unknown[]) => {
          run.push(sql);
          return original(...args);
        },
      });
    }
    return statement;
  };
  const proxy = new Proxy(db, {
    get: (target, key) => (key === 'prepare' ? prepare : Reflect.get(target, key, target)),
  });
  return { db: proxy, run };
};

const request = (keyword: string, sort: SearchSort, page: number, pageSize: number) =>
  listRequest({ search: keywordSearch(keyword)! }, { sort, page, pageSize });

describe('a keyword search with few matches', () => {
  it('reads its FTS match once for the total and both RELEVANCE tiers, as plain SQL orders them', () => {
    // `drums` is a word of names and of types, and every clone's name ends in `V<n>`: both
    // RELEVANCE tiers hold rows of `drums v`, an intersection of two words, and pages cross them.
    const keyword = 'drums v';
    const match = ftsMatch(keywordSearch(keyword)!)!;
    const total = count(match);
    const named = count(`name : (${match})`);
    expect(named).toBeGreaterThan(0);
    expect(named).toBeLessThan(total);
    expect(total).toBeLessThanOrEqual(FEW_MATCHES);
    const { vocabularyNow } = sqliteSearchHelp(db);
    const pageSize = Math.ceil(named / 2) + 1;
    const last = Math.ceil(total / pageSize);
    for (const [limit, passes] of [
      [total, 'one'],
      [total - 1, 'more'],
    ] as const) {
      const recorded = recording();
      const pages = samplePages(recorded.db, {
        vocabulary: vocabularyNow,
        fewMatches: limit,
        sets: null,
      });
      for (const sort of ['RELEVANCE', 'MOST_POPULAR'] as const) {
        for (const page of [1, 2, 3, last, last + 1]) {
          recorded.run.length = 0;
          const label = `${sort} page ${page} of ${pageSize}, at most ${limit} read whole`;
          const answer = pages.list(request(keyword, sort, page, pageSize));
          expect(answer, label).toEqual({
            total,
            estimated: false,
            ids: expected(match, sort, page, pageSize),
          });
          const reads = recorded.run.filter((sql) => sql.includes('MATCH')).length;
          if (passes === 'one') expect(reads, label).toBe(1);
          else expect(reads, label).toBeGreaterThan(1);
        }
      }
    }
  });

  it('reads an intersection from the word sets once they hold its words, with the same pages', () => {
    // `drums` and `trap` are words of names, types and tags: both tiers hold rows.
    const keyword = 'drums trap';
    const match = ftsMatch(keywordSearch(keyword)!)!;
    const total = count(match);
    expect(count(`name : (${match})`)).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(FEW_MATCHES);
    const recorded = recording();
    const { vocabularyNow } = sqliteSearchHelp(db);
    const pages = samplePages(recorded.db, {
      vocabulary: vocabularyNow,
      sets: wordSets(recorded.db, { admitAtUse: 1 }),
    });
    for (const sort of ['RELEVANCE', 'MOST_POPULAR'] as const) {
      for (const page of [1, 2]) {
        recorded.run.length = 0;
        const answer = pages.list(request(keyword, sort, page, 10));
        expect(answer, `${sort} page ${page}`).toEqual({
          total,
          estimated: false,
          ids: expected(match, sort, page, 10),
        });
        // Read once, on the first call; then no statement asks FTS5 to match.
        const first = sort === 'RELEVANCE' && page === 1;
        expect(recorded.run.filter((sql) => sql.includes('MATCH')).length).toBe(first ? 2 : 0);
      }
    }
  });

  it('reads one word the usual way: FTS5 reads it lazily, page by page', () => {
    const match = ftsMatch(keywordSearch('drums')!)!;
    const total = count(match);
    expect(total).toBeLessThanOrEqual(FEW_MATCHES);
    const recorded = recording();
    const { vocabularyNow } = sqliteSearchHelp(db);
    const pages = samplePages(recorded.db, { vocabulary: vocabularyNow });
    const answer = pages.list(request('drums', 'RELEVANCE', 1, 10));
    expect(answer).toEqual({ total, estimated: false, ids: expected(match, 'RELEVANCE', 1, 10) });
    expect(recorded.run.some((sql) => sql.includes('rowid >> 32 AS high'))).toBe(false);
  });
});
