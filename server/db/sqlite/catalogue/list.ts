import type { SQLInputValue } from 'node:sqlite';
import type { Database } from '../database.ts';
import type { ListRequest } from '../../../catalogue/catalogue.repository.ts';
import {
  FTS_JOIN,
  FTS_MATCH_IN,
  FTS_MATCH_ROW,
  FTS_SAMPLE_ID,
  ftsMatches,
  keywordMatch,
  orderIndex,
  sampleConditions,
  sampleOrder,
  scopeCondition,
  seeksPerRow,
  where,
} from './query.ts';
import { ftsCounter, type ListCount } from './count.ts';
import { prefixExpander } from './prefixes.ts';
import type { VocabularyTerm } from '../../../catalogue/search-vocabulary.ts';
import { randomPageIds } from '../accelerators/random-walk.ts';
import { FEW_MATCHES, fewMatchReader } from '../accelerators/few-matches.ts';
import { wordSets, type WordSets } from '../accelerators/word-sets.ts';
import { num } from '../../rows/values.ts';
import { EXACT_COUNT_CAP } from '../../rows/catalogue.ts';

export type { ListCount };

/**
 * A filtered full-text list is walked in popularity order while its total is at least this many
 * times the rows up to the page's end, i.e. while about one match in 5 or more passes the other
 * filters; below that its matches are listed and sorted (sqlite/catalogue/list.ts, pageIds).
 */
const SPARSE_WALK_FACTOR = 5;

/** How a sample list is counted and which ids fill one of its pages. */
interface SamplePages {
  /** The number of samples the request matches (estimated past EXACT_COUNT_CAP full-text matches). */
  count(request: ListRequest): ListCount;
  /** The ids of the request's page, in order, given its `total`. */
  pageIds(request: ListRequest, total: number): number[];
  /**
   * The request's count and page together, `counted` its count when the caller knows it: a
   * keyword search with few matches reads its FTS match once for both (sqlite/accelerators/few-matches.ts).
   */
  list(request: ListRequest, counted?: ListCount | null): ListCount & { ids: number[] };
}

/** Conditions on the sample row beside an FTS match, and their parameters. */
interface OtherConditions {
  conditions: string[];
  params: SQLInputValue[];
}

/** Reads one page of a RELEVANCE list: `pageSize` ids from `offset`, tier by tier. */
type TierPage = (
  request: ListRequest,
  others: OtherConditions,
  offset: number,
  pageSize: number,
) => number[];

/** The sample list queries of the SQLite catalogue: counts and page ids, each read the cheap way. */
export function samplePages(
  db: Database,
  {
    exactCountCap = EXACT_COUNT_CAP,
    fewMatches = FEW_MATCHES,
    vocabulary,
    sets = wordSets(db),
  }: {
    exactCountCap?: number;
    fewMatches?: number;
    vocabulary?: () => VocabularyTerm[] | null;
    /** The word sets intersections read (null: FTS5 walks every intersection). */
    sets?: WordSets | null;
  } = {},
): SamplePages {
  const maxId = db.prepare('SELECT max(id) AS n FROM samples');
  const ftsTotal = ftsCounter(db, exactCountCap);
  const expand = vocabulary && prefixExpander(vocabulary);
  const readFew = fewMatchReader(db, {
    limit: Math.min(fewMatches, exactCountCap),
    expand,
    sets,
  });
  const and = (matches: string[]): string => matches.map((match) => `(${match})`).join(' AND ');

  /**
   * Ids of an FTS match in search-key order (popularity, then id: migration 032), `limit` from
   * `skip`, with any other conditions tested on each match's row. FTS5 reads the match in rowid
   * order and stops after the page, whatever the number of matches.
   */
  const inKeyOrder = (
    match: string,
    others: OtherConditions,
    limit: number,
    skip: number,
  ): number[] => {
    const sql = others.conditions.length
      ? `SELECT s.id FROM samples_fts JOIN samples s ON ${FTS_JOIN}
         WHERE samples_fts MATCH ? AND ${others.conditions.join(' AND ')}
         ORDER BY samples_fts.rowid LIMIT ? OFFSET ?`
      : `SELECT ${FTS_SAMPLE_ID} AS id FROM samples_fts WHERE samples_fts MATCH ?
         ORDER BY rowid LIMIT ? OFFSET ?`;
    return db
      .prepare(sql)
      .all(match, ...others.params, limit, skip)
      .map((row) => num(row.id));
  };

  /** How many rows `inKeyOrder` would list from the start, counting at most `cap`. */
  const countInKeyOrder = (match: string, others: OtherConditions, cap: number): number => {
    const from = others.conditions.length
      ? `samples_fts JOIN samples s ON ${FTS_JOIN}
         WHERE samples_fts MATCH ? AND ${others.conditions.join(' AND ')}`
      : 'samples_fts WHERE samples_fts MATCH ?';
    return num(
      db
        .prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} LIMIT ?)`)
        .get(match, ...others.params, cap)?.n,
    );
  };

  /**
   * A RELEVANCE page (docs/api/catalogue.md): the samples whose name holds the keyword, then the
   * other matches, each tier in popularity order. Both tiers are FTS matches read in key order,
   * so a page costs the same at 100k and 1M rows; the first tier's size is read only when the page
   * runs past its end.
   */
  const relevancePage: TierPage = (request, others, offset, pageSize) => {
    const [keyword, ...filters] = ftsMatches(request.filter, expand);
    const inName = `name : (${keyword})`;
    const named = inKeyOrder(and([inName, ...filters]), others, pageSize, offset);
    if (named.length === pageSize) return named;
    const namedTotal =
      named.length > 0
        ? offset + named.length
        : countInKeyOrder(and([inName, ...filters]), others, offset);
    const rest = `(${and([keyword!, ...filters])}) NOT (${inName})`;
    return [
      ...named,
      ...inKeyOrder(rest, others, pageSize - named.length, Math.max(0, offset - namedTotal)),
    ];
  };

  /**
   * A RELEVANCE page when other filters leave few matches: the matches listed and sorted by tier
   * and popularity, instead of walked in key order (which would read nearly all of them).
   */
  const sortedRelevancePage: TierPage = (request, others, offset, pageSize) => {
    const [keyword, ...filters] = ftsMatches(request.filter, expand);
    const list = `SELECT ${FTS_SAMPLE_ID} FROM samples_fts WHERE samples_fts MATCH ?`;
    return db
      .prepare(
        `SELECT s.id FROM samples s WHERE ${[...others.conditions, `s.id IN (${list})`].join(' AND ')}
         ORDER BY s.id IN (${list}) DESC, s.popularity DESC, s.id LIMIT ? OFFSET ?`,
      )
      .all(
        ...others.params,
        and([keyword!, ...filters]),
        and([`name : (${keyword})`, ...filters]),
        pageSize,
        offset,
      )
      .map((row) => num(row.id));
  };

  /** A request's conditions other than its full-text matches (with their parameters). */
  const otherConditions = (request: ListRequest) => {
    const params: SQLInputValue[] = [];
    const conditions = [
      ...sampleConditions(request.filter, params, { withoutFts: true }),
      ...scopeCondition(request.scope, params),
    ];
    return { conditions, params };
  };

  /**
   * The number of samples a list request matches. Full-text matches count in the FTS index (joined
   * to samples only when other conditions need its columns): counting through `s.id IN (…)` built
   * a list of every match first, 95 ms for a keyword matching 100k rows.
   */
  const count = (request: ListRequest): ListCount => {
    const matches = ftsMatches(request.filter, expand);
    const others = otherConditions(request);
    if (matches.length === 0) {
      const sql = `SELECT COUNT(*) AS n FROM samples s ${where(others.conditions)}`;
      return { total: num(db.prepare(sql).get(...others.params)?.n), estimated: false };
    }
    // One full-text filter alone (a keyword, the styles or the tags) is estimated past the cap.
    if (matches.length === 1 && others.conditions.length === 0) return ftsTotal(matches[0]!);
    if (others.conditions.length === 0)
      return {
        total: countInKeyOrder(and(matches), others, Number.MAX_SAFE_INTEGER),
        estimated: false,
      };
    // With other filters, the matches as a list beside the filters' index: joined, the planner
    // read every match's sample row (4.8 s for `v` within Drums at 1M rows, against 2.2 s).
    const sql = `SELECT COUNT(*) AS n FROM samples s
      WHERE ${[...others.conditions, FTS_MATCH_IN].join(' AND ')}`;
    return { total: num(db.prepare(sql).get(...others.params, and(matches))?.n), estimated: false };
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
    const { pageSize } = request;
    const offset = (request.page - 1) * pageSize;
    const matches = ftsMatches(request.filter, expand);
    const sort =
      request.sort === 'RELEVANCE' && !request.filter.search ? 'MOST_POPULAR' : request.sort;
    if (matches.length > 0 && (sort === 'RELEVANCE' || sort === 'MOST_POPULAR')) {
      // Full-text matches in popularity order (or RELEVANCE's tiers): the FTS match read in key
      // order is the page, each row tested against any other filter (styles=trap at 1M rows read
      // ~96,000 matches into a list before). Unless other filters leave few of the matches: then
      // the walk would read most of them one sample row at a time (~8 µs each), where a list of
      // them (~1.5 µs a match) sorted is cheaper.
      const others = otherConditions(request);
      const sparse =
        others.conditions.length > 0 && total < SPARSE_WALK_FACTOR * (offset + pageSize);
      if (sort === 'RELEVANCE')
        return sparse
          ? sortedRelevancePage(request, others, offset, pageSize)
          : relevancePage(request, others, offset, pageSize);
      if (!sparse) return inKeyOrder(and(matches), others, pageSize, offset);
    }
    const params: SQLInputValue[] = [];
    const conditions = [
      ...sampleConditions(request.filter, params),
      ...scopeCondition(request.scope, params),
    ];
    const order = sampleOrder({ ...request, sort });
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
    const bpmRangeOnly =
      conditions.length > 0 &&
      conditions.every((condition) => condition === 's.bpm >= ?' || condition === 's.bpm <= ?');
    if (index === 'samples_popularity' && bpmRangeOnly) {
      // A BPM range in popularity order: walking the popularity index with each entry's BPM
      // (migration 022) reads ~(offset + page) × library / total entries and no row, where the
      // planner would read and sort every match of the range; taken while that walk is shorter.
      if ((offset + pageSize) * library <= total * total)
        from = 'samples s INDEXED BY samples_popularity_bpm';
    } else if (
      index !== undefined &&
      conditions.length > 0 &&
      conditions.every((condition): boolean => condition === FTS_MATCH_IN) &&
      total * 20 >= library
    ) {
      // FTS matches (styles, tags, a keyword) in another order than popularity, of at least 1 row
      // in 20 (ids are dense): walking the sort's index and testing each row against the list of
      // matches stops after a page, where sorting every match does not (`v` by NEWEST at 100k:
      // 119 → 11 ms).
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

  const list = (request: ListRequest, counted?: ListCount | null) => {
    const few = counted ? null : readFew(request);
    if (few) return { total: few.total, estimated: false, ids: few.ids };
    const { total, estimated } = counted ?? count(request);
    return { total, estimated, ids: total === 0 ? [] : pageIds(request, total) };
  };

  return { count, pageIds, list };
}
