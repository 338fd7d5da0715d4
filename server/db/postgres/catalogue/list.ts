import { randomStart } from '../../random-order.ts';
import type { ListRequest } from '../../../catalogue/catalogue.repository.ts';
import type { PgPool } from '../database.ts';
import {
  keywordMatch,
  keywordQuery,
  type KeywordQuery,
  Params,
  sampleConditions,
  sampleOrder,
  scopeCondition,
  where,
} from './query.ts';
import type { ListCount } from './count.ts';
import { num } from '../../rows/values.ts';

/**
 * Up to how many rows (the list's count less the name matches) RELEVANCE's second tier is sorted
 * from its GIN matches, whatever the planner estimates; past it the planner may walk the
 * popularity index, testing each row's document, and meets a page's rows early.
 */
const OTHER_TIER_SORTED = 20_000;

/** The ids of one page of a sample list on PostgreSQL, read the way its sort reads fastest. */
export function samplePageIds(
  pool: PgPool,
): (request: ListRequest, counted: ListCount) => Promise<number[]> {
  /**
   * A RANDOM page (as sqlite/accelerators/random-walk.ts): samples in key order from the seed's start to
   * the top of the key range, then from the bottom up to the start; the planner walks the key
   * index (migration 021) or sorts a filter's matches by the same key.
   */
  const randomPageIds = async (request: ListRequest): Promise<number[]> => {
    const start = randomStart(request.seed);
    const lap = async (bound: '>=' | '<', count: boolean, limit = 0, skip = 0) => {
      const params = new Params();
      const conditions = [
        ...sampleConditions(request.filter, params),
        ...scopeCondition(request.scope, params),
        `yinku_shuffle(s.id, 0) ${bound} ${params.add(start)}`,
      ];
      const sql = count
        ? `SELECT COUNT(*) AS id FROM samples s ${where(conditions)}`
        : `SELECT s.id FROM samples s ${where(conditions)} ORDER BY yinku_shuffle(s.id, 0), s.id
           LIMIT ${params.add(limit)} OFFSET ${params.add(skip)}`;
      const { rows } = await pool.query(sql, params.values);
      return rows.map((row) => num(row.id));
    };
    const { page, pageSize } = request;
    const offset = (page - 1) * pageSize;
    const ids = await lap('>=', false, pageSize, offset);
    if (ids.length === pageSize) return ids;
    const firstLapRows = ids.length > 0 ? offset + ids.length : (await lap('>=', true))[0]!;
    const rest = await lap('<', false, pageSize - ids.length, Math.max(0, offset - firstLapRows));
    return [...ids, ...rest];
  };

  /** One page of ids: `conditions` over `from`, in `order` (after a `WITH` clause, if any). */
  const idsPage = async (
    request: ListRequest,
    params: Params,
    from: string,
    conditions: string[],
    order: string,
    withClause = '',
  ): Promise<number[]> => {
    const limit = params.add(request.pageSize);
    const offset = params.add((request.page - 1) * request.pageSize);
    const { rows } = await pool.query(
      `${withClause} SELECT s.id FROM ${from} ${where(conditions)} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      params.values,
    );
    return rows.map((row) => num(row.id));
  };

  /**
   * A RELEVANCE page of a keyword search (docs/DATABASE.md "Search"): the name matches, then the
   * other matches, each by popularity, then id. Each tier is one query over `sample_search`
   * (joined to `samples` only for other filters): the name tier is `name_document @@ keyword`
   * (one condition per required word, keywordMatch), the other `document @@ keyword AND NOT
   * name_document @@ keyword`, both exact in GIN for words, prefixes and two-character CJK
   * words (migration 033), ordered by the row's own popularity.
   * The planner walks the name tier in popularity order on the index that holds each name's
   * vector (`v`, `kick`: no heap visit) or sorts a narrow word's GIN matches. The other tier is
   * read only when the page goes past the name matches; it is sorted from its GIN matches unless
   * it holds more than OTHER_TIER_SORTED rows (by the count), as a walk of the popularity index
   * testing each row's document would read every row when few or none match (`kick`: 1,000,000
   * rows, 8.9 s at 1M, for an empty tier the planner estimated at 10,520).
   */
  const relevancePageIds = async (
    request: ListRequest,
    counted: ListCount,
    keyword: KeywordQuery,
  ): Promise<number[]> => {
    const { page, pageSize, filter, scope } = request;
    const offset = (page - 1) * pageSize;
    // The keyword is `keyword`; styles and tags are tested on the search row, the rest on samples.
    const { styles, tags, ...rest } = filter;
    const others = { ...rest, search: undefined };
    const joined = scope !== undefined || Object.values(others).some((v) => v !== undefined);
    const tier = async (inName: boolean, limit: number, skip: number, sorted = false) => {
      const params = new Params();
      const conditions = [
        inName
          ? keywordMatch('q.name_document', keyword, params)
          : `${keywordMatch('q.document', keyword, params)}
             AND NOT (q.name_document @@ ${params.add(keyword.query)}::tsquery)`,
        ...sampleConditions({ styles, tags }, params, { searchJoined: true }),
        ...(joined ? [...sampleConditions(others, params), ...scopeCondition(scope, params)] : []),
      ];
      const from = joined
        ? 'sample_search q JOIN samples s ON s.id = q.sample_id'
        : 'sample_search q';
      // `+ 0`: an order no index gives, so the matches are taken from GIN and sorted.
      const sql =
        limit === 0
          ? `SELECT COUNT(*) AS id FROM ${from} ${where(conditions)}`
          : `SELECT q.sample_id AS id FROM ${from} ${where(conditions)}
             ORDER BY q.popularity${sorted ? ' + 0' : ''} DESC, q.sample_id
             LIMIT ${params.add(limit)} OFFSET ${params.add(skip)}`;
      const { rows } = await pool.query(sql, params.values);
      return rows.map((row) => num(row.id));
    };
    const names = await tier(true, pageSize, offset);
    if (names.length === pageSize) return names;
    // The page reaches past the name matches: how many there are places the others.
    const nameCount = names.length > 0 ? offset + names.length : (await tier(true, 0, 0))[0]!;
    const sorted = counted.total - nameCount <= OTHER_TIER_SORTED;
    const more = await tier(
      false,
      pageSize - names.length,
      Math.max(0, offset - nameCount),
      sorted,
    );
    return [...names, ...more];
  };

  const pageIds = async (request: ListRequest, counted: ListCount): Promise<number[]> => {
    if (request.sort === 'RANDOM') return randomPageIds(request);
    if (request.sort === 'RELEVANCE') {
      const keyword = keywordQuery(request.filter.search);
      if (keyword?.query != null) return relevancePageIds(request, counted, keyword);
    }
    const params = new Params();
    const conditions = [
      ...sampleConditions(request.filter, params),
      ...scopeCondition(request.scope, params),
    ];
    return idsPage(request, params, 'samples s', conditions, sampleOrder(request, params));
  };

  return pageIds;
}
