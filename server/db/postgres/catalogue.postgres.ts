import { randomStart } from '../random-order.ts';
import type {
  CatalogueRepository,
  ListRequest,
  PackRow,
  SampleRow,
} from '../../catalogue/catalogue.repository.ts';
import type { Category } from '../../../src/shared/api/catalogue.types.ts';
import type { PgPool } from './pg-database.ts';
import {
  keywordQuery,
  packOrder,
  packScopeCondition,
  Params,
  sampleConditions,
  sampleOrder,
  scopeCondition,
  where,
} from './catalogue-query.postgres.ts';
import { postgresCatalogueHelp } from './catalogue-help.postgres.ts';
import { postgresSampleCount, type ListCount } from './catalogue-count.postgres.ts';
import { postgresEmbeddings } from './catalogue-embeddings.postgres.ts';

import {
  inOrder,
  num,
  PACK_DETAILS,
  SAMPLE_DETAILS,
  text,
  toPackRow,
  toSampleRow,
  type Row,
} from './catalogue-rows.postgres.ts';

/**
 * Up to how many matches of a full-text filter alone a RELEVANCE sort looks each one's sample up
 * by id: past that the planner's hash join is cheaper, and the lookups' estimated cost would
 * pass `jit_above_cost`, whose compilation cost ~40 ms (`loop`, 17,856 matches at 100k).
 */
const LOOKED_UP_MATCHES = 8000;

// An anonymous viewer matches no user row.
const viewer = (id: number | null): number => id ?? -1;

/** PostgreSQL implementation of the catalogue repository. */
export function postgresCatalogue(pool: PgPool): CatalogueRepository {
  const samplesByIds = async (ids: number[], viewerId: number | null): Promise<SampleRow[]> => {
    const { rows } = await pool.query(SAMPLE_DETAILS, [viewer(viewerId), ids]);
    return inOrder(ids, rows.map(toSampleRow), (row) => row.id);
  };
  const packsByCodes = async (codes: string[], viewerId: number | null): Promise<PackRow[]> => {
    const { rows } = await pool.query(PACK_DETAILS, [viewer(viewerId), codes]);
    return inOrder(codes, rows.map(toPackRow), (row) => row.code);
  };

  const help = postgresCatalogueHelp(pool);
  const counts = postgresSampleCount(pool, help.treeCells);

  /**
   * A RANDOM page (as catalogue-random.sqlite.ts): samples in key order from the seed's start to
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
   * other matches, each by popularity, then id. Two ways to it, whichever reads fewer rows:
   *
   * - The name matches alone: the list's samples walked in popularity order (an index, no sort),
   *   each one's document tested against the name query, stopping at the page's end. When name
   *   matches are a share `d` of the walked rows, that is ~end / d rows, whatever the number of
   *   matches: a broad word (`v`, 99 % of the library) reads ~100 rows for a first page. The walk
   *   is capped at twice that estimate (popular rows need not match as often as the rest), so a
   *   wrong one costs at most the cap; the page is the answer only when it is full.
   * - Every match sorted by (name match, popularity, id): ~the matches, read once each.
   */
  const relevancePageIds = async (
    request: ListRequest,
    counted: ListCount,
    nameQuery: string,
  ): Promise<number[]> => {
    const { page, pageSize, filter, scope } = request;
    const end = page * pageSize;
    const { search, styles, tags, ...others } = filter;
    const textOnly = !scope && Object.values(others).every((value) => value === undefined);
    if (counted.total >= end) {
      const names = counted.names ?? (await counts.nameShare(search));
      // The list's name matches, estimated, and the rows of its walk that hold `end` of them
      // (taken among the whole library's rows: the most a walk of a narrower list can need).
      const nameRows = names.share * counted.total;
      const walk = nameRows > 0 ? Math.ceil((2 * end * names.library) / nameRows) : Infinity;
      if (walk <= counted.total) {
        const params = new Params();
        const conditions = [
          ...sampleConditions({ ...others, styles, tags }, params),
          ...scopeCondition(scope, params),
        ];
        const walked = `(SELECT s.id, s.popularity FROM samples s ${where(conditions)}
          ORDER BY s.popularity DESC, s.id LIMIT ${params.add(walk)}) s`;
        const inName = `(SELECT q.document FROM sample_search q WHERE q.sample_id = s.id)
          @@ ${params.add(nameQuery)}::tsquery`;
        const ids = await idsPage(request, params, walked, [inName], 's.popularity DESC, s.id');
        if (ids.length === pageSize) return ids;
      }
    }
    // The matches' ids and tiers first, from the documents alone (each read once), then their
    // samples: looked up by id for a few thousand matches of a full-text filter alone (the
    // planner otherwise hashed every sample's popularity for `kick`'s ~1,000), else as the
    // planner joins them (a hash of the popularity index beats ~10,000 lookups and more).
    const params = new Params();
    const keyword = keywordQuery(search)!.query!;
    const matches = `WITH m AS MATERIALIZED (SELECT q.sample_id AS id,
      q.document @@ ${params.add(nameQuery)}::tsquery AS in_name
      FROM sample_search q WHERE q.document @@ ${params.add(keyword)}::tsquery)`;
    const conditions = [
      ...sampleConditions({ ...others, styles, tags }, params),
      ...scopeCondition(scope, params),
    ];
    const lookUp = textOnly && counted.total <= LOOKED_UP_MATCHES;
    const from = lookUp
      ? 'm CROSS JOIN LATERAL (SELECT * FROM samples WHERE id = m.id OFFSET 0) s'
      : 'm JOIN samples s ON s.id = m.id';
    const order = sampleOrder(request, params, 'm.in_name');
    return idsPage(request, params, from, conditions, order, matches);
  };

  const pageIds = async (request: ListRequest, counted: ListCount): Promise<number[]> => {
    if (request.sort === 'RANDOM') return randomPageIds(request);
    if (request.sort === 'RELEVANCE') {
      const nameQuery = keywordQuery(request.filter.search, 'A')?.query;
      if (nameQuery != null) return relevancePageIds(request, counted, nameQuery);
    }
    const params = new Params();
    const conditions = [
      ...sampleConditions(request.filter, params),
      ...scopeCondition(request.scope, params),
    ];
    return idsPage(request, params, 'samples s', conditions, sampleOrder(request, params));
  };

  return {
    ...help,
    ...postgresEmbeddings(pool),

    async samplesByIds(ids, viewerId) {
      return ids.length === 0 ? [] : samplesByIds(ids, viewerId);
    },

    async listSamples(request) {
      const counted = await counts.count(request);
      const { total, estimated } = counted;
      if (total === 0) return { rows: [], total };
      const rows = await samplesByIds(await pageIds(request, counted), request.viewerId);
      return estimated ? { rows, total, totalEstimated: true } : { rows, total };
    },

    async listPacks(request) {
      const params = new Params();
      const conditions: string[] = [];
      const packEqual = (column: string, value: string | undefined) => {
        if (value !== undefined) conditions.push(`p.${column} = ${params.add(value)}`);
      };
      packEqual('category', request.filter.category);
      packEqual('primary_name', request.filter.primaryName);
      packEqual('code', request.filter.packCode);
      const inner = sampleConditions(request.filter, params, { packLevel: true });
      if (inner.length)
        conditions.push(`p.code IN (SELECT s.pack_code FROM samples s ${where(inner)})`);
      conditions.push(...packScopeCondition(request.scope, params));
      const counted = await pool.query(
        `SELECT COUNT(*) AS n FROM packs p ${where(conditions)}`,
        params.values,
      );
      const total = num(counted.rows[0]?.n);
      if (total === 0) return { rows: [], total };
      const order = packOrder(request, params);
      const limit = params.add(request.pageSize);
      const offset = params.add((request.page - 1) * request.pageSize);
      const { rows } = await pool.query(
        `SELECT p.code FROM packs p ${where(conditions)} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
        params.values,
      );
      return {
        rows: await packsByCodes(
          rows.map((row) => text(row.code)),
          request.viewerId,
        ),
        total,
      };
    },

    async taxonomy() {
      const { rows } = await pool.query(
        'SELECT category, primary_name, secondary_name, name_zh, position FROM taxonomy',
      );
      return rows.map((row: Row) => ({
        category: text(row.category) as Category,
        primaryName: text(row.primary_name),
        secondaryName: text(row.secondary_name),
        nameZh: text(row.name_zh),
        position: num(row.position),
      }));
    },

    async findPack(code, viewerId) {
      return (await packsByCodes([code], viewerId))[0] ?? null;
    },

    async packCover(code) {
      const row = (
        await pool.query('SELECT cover_hash, cover_type FROM packs WHERE code = $1', [code])
      ).rows[0] as Row | undefined;
      if (row?.cover_hash == null) return null;
      return { hash: text(row.cover_hash), mediaType: text(row.cover_type) };
    },

    async removeUserItems(scope, range, ids) {
      const table = scope.relation === 'stockroom' ? 'acquisitions' : 'sample_likes';
      if (range === 'samples') {
        const numbers = ids
          .map(Number)
          .filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31);
        const result = await pool.query(
          `DELETE FROM ${table} WHERE user_id = $1 AND sample_id = ANY($2::int[])`,
          [scope.userId, numbers],
        );
        return result.rowCount ?? 0;
      }
      const codes = ids.map(String);
      const sql =
        scope.relation === 'stockroom'
          ? `DELETE FROM acquisitions WHERE user_id = $1 AND sample_id IN
               (SELECT id FROM samples WHERE pack_code = ANY($2::text[]))`
          : 'DELETE FROM pack_likes WHERE user_id = $1 AND pack_code = ANY($2::text[])';
      return (await pool.query(sql, [scope.userId, codes])).rowCount ?? 0;
    },

    async sampleFile(id) {
      const row = (
        await pool.query(
          `SELECT s.id, s.blob_hash, s.media_type, s.file_name, b.name AS brand, s.primary_name,
                  s.secondary_name
           FROM samples s JOIN packs p ON p.code = s.pack_code JOIN brands b ON b.id = p.brand_id
           WHERE s.id = $1`,
          [id],
        )
      ).rows[0] as Row | undefined;
      if (!row) return null;
      return {
        id: num(row.id),
        blobHash: text(row.blob_hash),
        mediaType: text(row.media_type),
        fileName: text(row.file_name),
        brand: text(row.brand),
        primaryName: text(row.primary_name),
        secondaryName: text(row.secondary_name),
      };
    },

    async samplePeaks(id) {
      const row = (await pool.query('SELECT peaks FROM samples WHERE id = $1', [id])).rows[0] as
        Row | undefined;
      return row?.peaks instanceof Uint8Array ? new Uint8Array(row.peaks) : null;
    },

    async audition(code) {
      const row = (
        await pool.query('SELECT audition_hash FROM samples WHERE audition_code = $1', [code])
      ).rows[0] as Row | undefined;
      if (row?.audition_hash == null) return null;
      return { hash: text(row.audition_hash), mediaType: 'audio/mpeg' };
    },

    async clientKey(keyId, userId) {
      const row = (
        await pool.query('SELECT public_key FROM client_keys WHERE id = $1 AND user_id = $2', [
          keyId,
          userId,
        ])
      ).rows[0] as Row | undefined;
      return row?.public_key instanceof Uint8Array ? new Uint8Array(row.public_key) : null;
    },
  };
}
