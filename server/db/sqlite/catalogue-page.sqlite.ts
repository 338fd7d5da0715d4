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
import { randomPageIds } from './catalogue-random.sqlite.ts';

const num = (value: SQLOutputValue | undefined): number => Number(value ?? 0);

/**
 * Up to how many matches a full-text filter alone (a keyword, styles or tags) is counted exactly
 * (docs/api/catalogue.md, "Totals"). Beyond it the total is estimated from where the next match
 * lies: counting every match grew with the library (a one-letter keyword: 94 ms at 1M rows).
 */
export const EXACT_COUNT_CAP = 10_000;

/** A list's number of matches: exact, or an estimate when `estimated`. */
export interface ListCount {
  total: number;
  estimated: boolean;
}

/** How a sample list is counted and which ids fill one of its pages. */
interface SamplePages {
  /** The number of samples the request matches (estimated past EXACT_COUNT_CAP full-text matches). */
  count(request: ListRequest): ListCount;
  /** The ids of the request's page, in order, given its `total`. */
  pageIds(request: ListRequest, total: number): number[];
}

/** The sample list queries of the SQLite catalogue: counts and page ids, each read the cheap way. */
export function samplePages(
  db: Database,
  { exactCountCap = EXACT_COUNT_CAP }: { exactCountCap?: number } = {},
): SamplePages {
  const maxId = db.prepare('SELECT max(id) AS n FROM samples');
  const ftsCount = db.prepare('SELECT COUNT(*) AS n FROM samples_fts WHERE samples_fts MATCH ?');
  // FTS5 lists a match's rows in rowid order, so this reads EXACT_COUNT_CAP + 1 of them at most.
  const ftsBeyondCap = db.prepare(
    'SELECT rowid AS id FROM samples_fts WHERE samples_fts MATCH ? ORDER BY rowid LIMIT 1 OFFSET ?',
  );

  const ftsLastBeyondCap = db.prepare(
    'SELECT rowid AS id FROM samples_fts WHERE samples_fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?',
  );

  /**
   * Counts an FTS match alone: exactly when it has at most EXACT_COUNT_CAP rows. Otherwise its
   * first cap + 1 matches from each end of the ids (FTS5 reads a match's rows in rowid order,
   * either way, and stops) give the matches' density where the word starts and among the
   * newest samples, and the total is their mean density over the ids between the first and the
   * last match (ids are dense). Matches spread evenly (the demo and scale libraries, imports of
   * varied folders) estimate within a few per cent (`v` at 1M rows: 959k for 999k); a word
   * that gathers in the middle of the ids is misjudged, which the client corrects when it
   * reaches the list's end (docs/api/catalogue.md, "Totals"). The exact count read every match:
   * 94 ms for `v` at 1M rows.
   */
  const ftsTotal = (match: SQLInputValue): ListCount => {
    const frontEnd = ftsBeyondCap.get(match, exactCountCap)?.id;
    if (frontEnd === undefined) return { total: num(ftsCount.get(match)?.n), estimated: false };
    const first = num(ftsBeyondCap.get(match, 0)?.id);
    const last = num(ftsLastBeyondCap.get(match, 0)?.id);
    const backStart = num(ftsLastBeyondCap.get(match, exactCountCap)?.id);
    const span = last - first + 1;
    const density =
      (exactCountCap / (num(frontEnd) - first) + exactCountCap / (last - backStart)) / 2;
    const total = Math.round(density * span);
    return { total: Math.max(exactCountCap + 1, Math.min(span, total)), estimated: true };
  };

  /**
   * The number of samples a list request matches. With a keyword the count runs from the FTS
   * index (joined to samples only when other conditions need its columns): counting through
   * `s.id IN (…)` built a list of every match first, 95 ms for a keyword matching 100k rows.
   */
  const count = (request: ListRequest): ListCount => {
    const params: SQLInputValue[] = [];
    const keyword = request.filter.search !== undefined;
    const conditions = [
      ...sampleConditions(request.filter, params, { ftsJoined: keyword }),
      ...scopeCondition(request.scope, params),
    ];
    // Every sample has exactly one FTS row (rowid = samples.id), so one match alone (a keyword,
    // the styles or the tags) counts there: styles=trap took 370 ms at 1M through the IN list.
    if (conditions.length === 1 && (keyword || conditions[0] === FTS_MATCH_IN))
      return ftsTotal(params[0]!);
    const from = keyword ? 'samples_fts JOIN samples s ON s.id = samples_fts.rowid' : 'samples s';
    const sql = `SELECT COUNT(*) AS n FROM ${from} ${where(conditions)}`;
    return { total: num(db.prepare(sql).get(...params)?.n), estimated: false };
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
    return !keywordAlone && ftsTotal(keywordMatch(search)).total * 2 >= library;
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
    const order = sampleOrder({ ...request, sort });
    const { pageSize } = request;
    const offset = (request.page - 1) * pageSize;
    if (sort === 'RANDOM')
      return randomPageIds(db, conditions, params, {
        seed: request.seed,
        offset,
        pageSize,
        total,
        library,
      });
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
