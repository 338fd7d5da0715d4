import type { CatalogueRepository } from '../../../catalogue/catalogue.repository.ts';
import type { PgPool } from '../database.ts';
import { packOrder, packScopeCondition, Params, sampleConditions, where } from './query.ts';
import { samplePageIds } from './list.ts';
import { postgresCatalogueHelp } from './search.ts';
import { postgresSampleCount } from './count.ts';
import { postgresEmbeddings } from './embeddings.ts';
import { postgresUserItems } from './user-items.ts';
import { withPrefixWords } from '../accelerators/trigram-vocabulary.ts';
import * as shared from '../../rows/catalogue.ts';
import { ANY_UNPUBLISHED, hiddenPackQuery, hiddenSamplesQuery } from '../../rows/publication.ts';
import { num, text, type Row } from '../../rows/values.ts';

const SAMPLE_DETAILS = shared.sampleDetailsQuery('$1', '= ANY($2::int[])');
const PACK_DETAILS = shared.packDetailsQuery('$1', '= ANY($2::text[])');

/** PostgreSQL implementation of the catalogue repository. */
export function postgresCatalogue(pool: PgPool): CatalogueRepository {
  const { samplesByIds, packsByCodes } = shared.detailReaders(
    async (viewer, ids) => (await pool.query(SAMPLE_DETAILS, [viewer, ids])).rows,
    async (viewer, codes) => (await pool.query(PACK_DETAILS, [viewer, codes])).rows,
  );

  const help = postgresCatalogueHelp(pool);
  const counts = postgresSampleCount(pool, help.treeCells);

  const pageIds = samplePageIds(pool);

  return {
    ...help,
    ...postgresEmbeddings(pool),

    samplesByIds,

    async listSamples(asked) {
      const request = await withPrefixWords(pool, asked);
      const counted = await counts.count(request);
      const { total, estimated } = counted;
      if (total === 0) return { rows: [], total };
      const rows = await samplesByIds(await pageIds(request, counted), request.viewerId);
      return estimated ? { rows, total, totalEstimated: true } : { rows, total };
    },

    async listPacks(asked) {
      const request = await withPrefixWords(pool, asked);
      const params = new Params();
      const conditions: string[] = [];
      const packEqual = (column: string, value: string | undefined) => {
        if (value !== undefined) conditions.push(`p.${column} = ${params.add(value)}`);
      };
      packEqual('category', request.filter.category);
      packEqual('primary_name', request.filter.primaryName);
      packEqual('code', request.filter.packCode);
      if (request.filter.publishedOnly) conditions.push('p.published = 1');
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
      return (await pool.query(shared.TAXONOMY_QUERY)).rows.map(shared.toTaxonomyRow);
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

    ...postgresUserItems(pool),

    async sampleFile(id) {
      const [row] = (await pool.query(shared.sampleFileQuery('$1'), [id])).rows as Row[];
      return row ? shared.toSampleFile(row) : null;
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

    async anyUnpublished() {
      return (await pool.query(ANY_UNPUBLISHED)).rows.length > 0;
    },

    async hiddenSamples(ids, viewerId) {
      if (ids.length === 0) return [];
      const { rows } = await pool.query(hiddenSamplesQuery('$1', '= ANY($2::int[])'), [
        viewerId ?? -1,
        [...ids],
      ]);
      return (rows as Row[]).map((row) => num(row.id));
    },

    async packHidden(code, viewerId) {
      const { rows } = await pool.query(hiddenPackQuery('$1', '$2'), [code, viewerId ?? -1]);
      return rows.length > 0;
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
