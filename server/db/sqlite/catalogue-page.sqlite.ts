import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import type { Database } from '../database.ts';
import type { ListRequest } from '../../catalogue/catalogue.repository.ts';
import {
  everyWord,
  FTS_MATCH_IN,
  FTS_MATCH_ROW,
  sampleConditions,
  sampleOrder,
  scopeCondition,
  seeksPerRow,
  where,
} from './catalogue-query.sqlite.ts';

const num = (value: SQLOutputValue | undefined): number => Number(value ?? 0);
const POPULARITY = 's.popularity DESC, s.id';

/** How a sample list is counted and which ids fill one of its pages. */
export interface SamplePages {
  /** The number of samples the request matches. */
  count(request: ListRequest): number;
  /** The ids of the request's page, in order, given its `total`. */
  pageIds(request: ListRequest, total: number): number[];
}

/** The sample list queries of the SQLite catalogue: counts and page ids, each read the cheap way. */
export function samplePages(db: Database): SamplePages {
  const maxId = db.prepare('SELECT max(id) AS n FROM samples');
  const keywordCount = db.prepare(
    'SELECT COUNT(*) AS n FROM samples_fts WHERE samples_fts MATCH ?',
  );

  /**
   * The number of samples a list request matches. With a keyword the count runs from the FTS
   * index (joined to samples only when other conditions need its columns): counting through
   * `s.id IN (…)` built a list of every match first, 95 ms for a keyword matching 100k rows.
   */
  const count = (request: ListRequest): number => {
    const params: SQLInputValue[] = [];
    const keyword = request.filter.match !== undefined;
    const conditions = [
      ...sampleConditions(request.filter, params, { ftsJoined: keyword }),
      ...scopeCondition(request.scope, params),
    ];
    // Every sample has exactly one FTS row (rowid = samples.id), so one match alone (a keyword,
    // the styles or the tags) counts there: styles=trap took 370 ms at 1M through the IN list.
    if (conditions.length === 1 && (keyword || conditions[0] === FTS_MATCH_IN))
      return num(keywordCount.get(...params)?.n);
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
    const match = request.filter.match;
    if (match === undefined || !everyWord(match)) return false;
    // The total (with any other filters) is at most the keyword's own number of matches.
    if (total * 2 >= library) return true;
    const keywordAlone = !request.scope && sampleConditions(request.filter, []).length === 1;
    return !keywordAlone && num(keywordCount.get(match)?.n) * 2 >= library;
  };

  const pageIds = (request: ListRequest, total: number): number[] => {
    const library = num(maxId.get()?.n);
    const sort =
      request.sort === 'RELEVANCE' && tooBroadToRank(request, total, library)
        ? 'MOST_POPULAR'
        : request.sort;
    const relevance = sort === 'RELEVANCE' && request.filter.match !== undefined;
    const params: SQLInputValue[] = [];
    const conditions = [
      ...sampleConditions(request.filter, params, { ftsJoined: relevance }),
      ...scopeCondition(request.scope, params),
    ];
    const order = sampleOrder({ ...request, sort }, params);
    const offset = (request.page - 1) * request.pageSize;
    let from = 'samples s';
    if (relevance) {
      // A keyword alone reads only id and popularity of each match: from the narrow index.
      const narrow = conditions.length === 1 ? 'INDEXED BY samples_id_popularity' : '';
      from = `samples_fts JOIN samples s ${narrow} ON s.id = samples_fts.rowid`;
    } else if (
      order === POPULARITY &&
      conditions.length > 0 &&
      conditions.every((condition): boolean => condition === FTS_MATCH_IN) &&
      total * 20 >= library
    ) {
      // FTS matches (styles, tags, a keyword not ranked) of at least 1 row in 20 (ids are
      // dense): walking the popularity index and testing each row stops after a page, where
      // listing and sorting every match does not (styles=trap at 1M: 352 → 26 ms).
      from = 'samples s INDEXED BY samples_popularity';
      // The walk reads about (offset + page) × library / total rows. Testing each against a
      // keyword costs ~16 µs (a seek per word), listing every match once ~0.12 µs a match
      // (100k rows): seeking wins while the walk is under 1 % of the matches.
      const walked = ((offset + request.pageSize) * library) / total;
      const match = request.filter.match;
      if (
        conditions.length === 1 &&
        match !== undefined &&
        seeksPerRow(match) &&
        walked * 100 <= total
      )
        conditions[0] = FTS_MATCH_ROW;
    }
    params.push(request.pageSize, offset);
    return db
      .prepare(`SELECT s.id FROM ${from} ${where(conditions)} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .all(...params)
      .map((row) => num(row.id));
  };

  return { count, pageIds };
}
