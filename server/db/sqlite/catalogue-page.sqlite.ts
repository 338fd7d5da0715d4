import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import type { Database } from '../database.ts';
import type { ListRequest } from '../../catalogue/catalogue.repository.ts';
import {
  everyWord,
  FTS_MATCH_IN,
  keywordMatch,
  FTS_MATCH_ROW,
  orderIndex,
  sampleConditions,
  sampleOrder,
  scopeCondition,
  seeksPerRow,
  where,
} from './catalogue-query.sqlite.ts';

const num = (value: SQLOutputValue | undefined): number => Number(value ?? 0);

/** How a sample list is counted and which ids fill one of its pages. */
interface SamplePages {
  /** The number of samples the request matches. */
  count(request: ListRequest): number;
  /** The ids of the request's page, in order, given its `total`. */
  pageIds(request: ListRequest, total: number): number[];
}

/** The sample list queries of the SQLite catalogue: counts and page ids, each read the cheap way. */
export function samplePages(db: Database): SamplePages {
  const maxId = db.prepare('SELECT max(id) AS n FROM samples');
  const ftsCount = db.prepare('SELECT COUNT(*) AS n FROM samples_fts WHERE samples_fts MATCH ?');

  /**
   * The number of samples a list request matches. With a keyword the count runs from the FTS
   * index (joined to samples only when other conditions need its columns): counting through
   * `s.id IN (…)` built a list of every match first, 95 ms for a keyword matching 100k rows.
   */
  const count = (request: ListRequest): number => {
    const params: SQLInputValue[] = [];
    const keyword = request.filter.search !== undefined;
    const conditions = [
      ...sampleConditions(request.filter, params, { ftsJoined: keyword }),
      ...scopeCondition(request.scope, params),
    ];
    // Every sample has exactly one FTS row (rowid = samples.id), so one match alone (a keyword,
    // the styles or the tags) counts there: styles=trap took 370 ms at 1M through the IN list.
    if (conditions.length === 1 && (keyword || conditions[0] === FTS_MATCH_IN))
      return num(ftsCount.get(...params)?.n);
    const from = keyword ? 'samples_fts JOIN samples s ON s.id = samples_fts.rowid' : 'samples s';
    const sql = `SELECT COUNT(*) AS n FROM ${from} ${where(conditions)}`;
    return num(db.prepare(sql).get(...params)?.n);
  };

  /**
   * Whether a RELEVANCE search is too broad to rank: its words, all required, are in at least
   * half of the library (the highest id bounds the number of rows). FTS5's bm25 then gives every
   * word an idf of ~0 (it floors it at 1e-6), so no word counts as telling; such a search is
   * ordered by popularity, a page read from an index instead of a score for every match.
   */
  const tooBroadToRank = (request: ListRequest, total: number, library: number): boolean => {
    const search = request.filter.search;
    if (search === undefined || !everyWord(search)) return false;
    // The total (with any other filters) is at most the keyword's own number of matches.
    if (total * 2 >= library) return true;
    const keywordAlone = !request.scope && sampleConditions(request.filter, []).length === 1;
    return !keywordAlone && num(ftsCount.get(keywordMatch(search))?.n) * 2 >= library;
  };

  /**
   * The page of a keyword alone in an indexed order, read by testing rows along the order's index
   * with a seek per word (`seeksPerRow`), or null when the first `limit` rows of the index do not
   * hold the page: a keyword whose matches gather late in the order would otherwise test most of
   * the library one row at a time.
   */
  const seekPage = (
    index: string,
    order: string,
    match: string,
    offset: number,
    pageSize: number,
    limit: number,
  ): number[] | null => {
    const rows = db
      .prepare(
        `SELECT s.id, ${FTS_MATCH_ROW} AS hit FROM samples s INDEXED BY ${index} ORDER BY ${order}`,
      )
      .iterate(match);
    const ids: number[] = [];
    let read = 0;
    let hits = 0;
    for (const row of rows) {
      if (++read > limit) return null;
      if (num(row.hit) === 0 || hits++ < offset) continue;
      ids.push(num(row.id));
      if (ids.length === pageSize) break;
    }
    return ids;
  };

  const pageIds = (request: ListRequest, total: number): number[] => {
    const library = num(maxId.get()?.n);
    const sort =
      request.sort === 'RELEVANCE' && tooBroadToRank(request, total, library)
        ? 'MOST_POPULAR'
        : request.sort;
    const relevance = sort === 'RELEVANCE' && request.filter.search !== undefined;
    const params: SQLInputValue[] = [];
    const conditions = [
      ...sampleConditions(request.filter, params, { ftsJoined: relevance }),
      ...scopeCondition(request.scope, params),
    ];
    const order = sampleOrder({ ...request, sort }, params);
    const { pageSize } = request;
    const offset = (request.page - 1) * pageSize;
    const index = orderIndex(order);
    let from = 'samples s';
    if (relevance) {
      // A keyword alone reads only id and popularity of each match: from the narrow index.
      const narrow = conditions.length === 1 ? 'INDEXED BY samples_id_popularity' : '';
      from = `samples_fts JOIN samples s ${narrow} ON s.id = samples_fts.rowid`;
    } else if (
      index !== undefined &&
      conditions.length > 0 &&
      conditions.every((condition): boolean => condition === FTS_MATCH_IN) &&
      total * 20 >= library
    ) {
      // FTS matches (styles, tags, a keyword not ranked) of at least 1 row in 20 (ids are
      // dense): walking the sort's index and testing each row against the list of matches stops
      // after a page, where sorting every match does not (styles=trap at 1M: 352 → 26 ms; `v`
      // by NEWEST at 100k: 119 → 11 ms).
      from = `samples s INDEXED BY ${index}`;
      // Listing the matches costs ~0.12 µs a match, testing a row by seeks ~16 µs (100k rows):
      // seeking wins while the walk, ~(offset + page) × library / total rows if the matches
      // spread evenly, is under 1 % of the matches; it stops at 2 % (at most ~3× the listing).
      const search = request.filter.search;
      const walked = ((offset + pageSize) * library) / total;
      if (
        conditions.length === 1 &&
        search !== undefined &&
        seeksPerRow(search) &&
        walked * 100 <= total
      ) {
        const match = keywordMatch(search);
        const ids = seekPage(index, order, match, offset, pageSize, Math.floor(total / 50));
        if (ids) return ids;
      }
    }
    params.push(pageSize, offset);
    return db
      .prepare(`SELECT s.id FROM ${from} ${where(conditions)} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .all(...params)
      .map((row) => num(row.id));
  };

  return { count, pageIds };
}
