import type { SQLInputValue } from 'node:sqlite';
import { sqliteSearchHelp } from './search.ts';
import type { Database } from '../database.ts';
import type { CatalogueRepository, ListRequest } from '../../../catalogue/catalogue.repository.ts';
import { cachedTagCounts } from './tags.ts';
import { sqliteEmbeddings } from './embeddings.ts';
import { sqliteUserItems } from './user-items.ts';
import { cachedTreeCells } from './tree.ts';
import { samplePages, type ListCount } from './list.ts';
import { packOrder, packScopeCondition, sampleConditions, where } from './query.ts';
import * as shared from '../../rows/catalogue.ts';
import { ANY_UNPUBLISHED, hiddenPackQuery, hiddenSamplesQuery } from '../../rows/publication.ts';
import { num, text } from '../../rows/values.ts';

const SAMPLE_DETAILS = shared.sampleDetailsQuery('?', 'IN (SELECT value FROM json_each(?))');
const PACK_DETAILS = shared.packDetailsQuery('?', 'IN (SELECT value FROM json_each(?))');

/** SQLite implementation of the catalogue repository. */
export function sqliteCatalogue(db: Database): CatalogueRepository {
  const sampleDetails = db.prepare(SAMPLE_DETAILS);
  const packDetails = db.prepare(PACK_DETAILS);
  const { samplesByIds, packsByCodes } = shared.detailReaders(
    (viewer, ids) => sampleDetails.all(viewer, viewer, JSON.stringify(ids)),
    (viewer, codes) => packDetails.all(viewer, viewer, JSON.stringify(codes)),
  );

  const treeCells = cachedTreeCells(db);
  const anyUnpublished = db.prepare(ANY_UNPUBLISHED);
  const hiddenSamples = db.prepare(hiddenSamplesQuery('?', 'IN (SELECT value FROM json_each(?))'));
  const packHidden = db.prepare(hiddenPackQuery('?', '?'));

  // The vocabulary search help keeps also spells typed prefixes out (sqlite/catalogue/prefixes.ts).
  const { vocabularyNow, ...searchHelp } = sqliteSearchHelp(db);
  const pages = samplePages(db, { vocabulary: vocabularyNow });

  /**
   * The exact total of a list filtered by tree columns only (category, instrument, group, or
   * nothing), summed from the category tree's cells while they are cached: counting the
   * matches grew with the library (a category of 222k rows: 19 ms at 1M). Null otherwise.
   */
  const treeTotal = (request: ListRequest): ListCount | null => {
    const { category, primaryName, secondaryName, publishedOnly, ...others } = request.filter;
    if (request.scope || Object.values(others).some((value) => value !== undefined)) return null;
    const cells = treeCells.cached({ category, range: 'samples', publishedOnly });
    if (!cells) return null;
    const total = cells
      .filter(
        (cell) =>
          (primaryName === undefined || cell.primaryName === primaryName) &&
          (secondaryName === undefined || cell.secondaryName === secondaryName),
      )
      .reduce((sum, cell) => sum + cell.count, 0);
    return { total, estimated: false };
  };

  return {
    ...searchHelp,
    ...sqliteEmbeddings(db),

    samplesByIds,
    async listSamples(request) {
      const { total, estimated, ids } = pages.list(request, treeTotal(request));
      if (total === 0) return { rows: [], total };
      const rows = await samplesByIds(ids, request.viewerId);
      return estimated ? { rows, total, totalEstimated: true } : { rows, total };
    },

    async listPacks(request) {
      const params: SQLInputValue[] = [];
      const conditions: string[] = [];
      const packEqual = (column: string, value: string | undefined) => {
        if (value === undefined) return;
        conditions.push(`p.${column} = ?`);
        params.push(value);
      };
      packEqual('category', request.filter.category);
      packEqual('primary_name', request.filter.primaryName);
      packEqual('code', request.filter.packCode);
      if (request.filter.publishedOnly) conditions.push('p.published = 1');
      const sampleParams: SQLInputValue[] = [];
      const inner = sampleConditions(request.filter, sampleParams, { packLevel: true });
      if (inner.length) {
        // One pass over the matching samples beats probing every pack's samples in turn.
        conditions.push(`p.code IN (SELECT s.pack_code FROM samples s ${where(inner)})`);
        params.push(...sampleParams);
      }
      conditions.push(...packScopeCondition(request.scope, params));
      const total = num(
        db.prepare(`SELECT COUNT(*) AS n FROM packs p ${where(conditions)}`).get(...params)?.n ?? 0,
      );
      if (total === 0) return { rows: [], total };
      const order = packOrder(request, params);
      params.push(request.pageSize, (request.page - 1) * request.pageSize);
      const codes = db
        .prepare(
          `SELECT p.code FROM packs p ${where(conditions)} ORDER BY ${order} LIMIT ? OFFSET ?`,
        )
        .all(...params)
        .map((row) => text(row.code));
      return { rows: await packsByCodes(codes, request.viewerId), total };
    },

    treeCells,

    tagCounts: cachedTagCounts(db),

    async taxonomy() {
      return db.prepare(shared.TAXONOMY_QUERY).all().map(shared.toTaxonomyRow);
    },

    async findPack(code, viewerId) {
      return (await packsByCodes([code], viewerId))[0] ?? null;
    },

    async packCover(code) {
      const row = db.prepare('SELECT cover_hash, cover_type FROM packs WHERE code = ?').get(code);
      if (row?.cover_hash == null) return null;
      return { hash: text(row.cover_hash), mediaType: text(row.cover_type) };
    },

    ...sqliteUserItems(db),

    async sampleFile(id) {
      const row = db.prepare(shared.sampleFileQuery('?')).get(id);
      return row ? shared.toSampleFile(row) : null;
    },

    async samplePeaks(id) {
      const row = db.prepare('SELECT peaks FROM samples WHERE id = ?').get(id);
      return row?.peaks instanceof Uint8Array ? row.peaks : null;
    },

    async audition(code) {
      const row = db.prepare('SELECT audition_hash FROM samples WHERE audition_code = ?').get(code);
      if (row?.audition_hash == null) return null;
      return { hash: text(row.audition_hash), mediaType: 'audio/mpeg' };
    },

    async anyUnpublished() {
      return anyUnpublished.get() !== undefined;
    },

    async hiddenSamples(ids, viewerId) {
      if (ids.length === 0) return [];
      return hiddenSamples.all(JSON.stringify(ids), viewerId ?? -1).map((row) => num(row.id));
    },

    async packHidden(code, viewerId) {
      return packHidden.get(code, viewerId ?? -1) !== undefined;
    },

    async clientKey(keyId, userId) {
      const row = db
        .prepare('SELECT public_key FROM client_keys WHERE id = ? AND user_id = ?')
        .get(keyId, userId);
      return row?.public_key instanceof Uint8Array ? row.public_key : null;
    },
  };
}
