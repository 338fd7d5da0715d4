import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import { sqliteSearchHelp } from './search.ts';
import type { Database } from '../database.ts';
import type {
  CatalogueRepository,
  ListRequest,
  PackRow,
  SampleRow,
} from '../../../catalogue/catalogue.repository.ts';
import { cachedTagCounts } from './tags.ts';
import { sqliteEmbeddings } from './embeddings.ts';
import { sqliteUserItems } from './user-items.ts';
import { cachedTreeCells } from './tree.ts';
import { samplePages, type ListCount } from './list.ts';
import { packOrder, packScopeCondition, sampleConditions, where } from './query.ts';
import type {
  AudioFormat,
  Category,
  MusicalKey,
  SampleKind,
} from '../../../../src/shared/api/catalogue.types.ts';

type Row = Record<string, SQLOutputValue>;
type Cell = SQLOutputValue | undefined;

const text = (value: Cell): string => String(value ?? '');
const num = (value: Cell): number => Number(value ?? 0);
const tagsOf = (value: Cell): string[] => {
  const parsed: unknown = JSON.parse(text(value) || '[]');
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

function toSampleRow(row: Row): SampleRow {
  return {
    id: num(row.id),
    packCode: text(row.pack_code),
    packNameEn: text(row.pack_name_en),
    packNameZh: text(row.pack_name_zh),
    brand: text(row.brand),
    nameEn: text(row.name_en),
    nameZh: text(row.name_zh),
    category: text(row.category) as Category,
    primaryName: text(row.primary_name),
    secondaryName: text(row.secondary_name),
    audioKey: row.audio_key == null ? null : (text(row.audio_key) as MusicalKey),
    bpm: row.bpm == null ? null : num(row.bpm),
    keyDetected: row.key_source === 'detected',
    bpmDetected: row.bpm_source === 'detected',
    kind: text(row.kind) as SampleKind,
    format: text(row.format) as AudioFormat,
    sampleRate: num(row.sample_rate),
    channels: num(row.channels),
    bitDepth: row.bit_depth == null ? null : num(row.bit_depth),
    sizeBytes: num(row.size_bytes),
    duration: num(row.duration),
    tags: tagsOf(row.tags),
    auditionCode: row.audition_code == null ? null : text(row.audition_code),
    popularity: num(row.popularity),
    createdAt: text(row.created_at),
    owned: num(row.owned) === 1,
    liked: num(row.liked) === 1,
    userFilePath: row.user_file_path == null ? null : text(row.user_file_path),
  };
}

function toPackRow(row: Row): PackRow {
  return {
    code: text(row.code),
    nameEn: text(row.name_en),
    nameZh: text(row.name_zh),
    descriptionEn: text(row.description_en),
    descriptionZh: text(row.description_zh),
    brand: text(row.brand),
    category: text(row.category) as Category,
    primaryName: text(row.primary_name),
    tags: tagsOf(row.tags),
    popularity: num(row.popularity),
    createdAt: text(row.created_at),
    sampleCount: num(row.sample_count),
    ownedCount: num(row.owned_count),
    liked: num(row.liked) === 1,
  };
}

const SAMPLE_DETAILS = `
  SELECT s.id, s.pack_code, p.name_en AS pack_name_en, p.name_zh AS pack_name_zh, b.name AS brand,
         s.name_en, s.name_zh, s.category, s.primary_name, s.secondary_name, s.audio_key, s.bpm,
         s.kind, s.format, s.sample_rate, s.channels, s.bit_depth, s.size_bytes, s.duration,
         s.tags, s.audition_code, s.popularity, s.created_at, s.key_source, s.bpm_source,
         a.user_id IS NOT NULL AS owned, a.user_file_path, l.user_id IS NOT NULL AS liked
  FROM samples s
  JOIN packs p ON p.code = s.pack_code
  JOIN brands b ON b.id = p.brand_id
  LEFT JOIN acquisitions a ON a.user_id = ? AND a.sample_id = s.id
  LEFT JOIN sample_likes l ON l.user_id = ? AND l.sample_id = s.id
  WHERE s.id IN (SELECT value FROM json_each(?))`;

const PACK_DETAILS = `
  SELECT p.code, p.name_en, p.name_zh, p.description_en, p.description_zh, b.name AS brand,
         p.category, p.primary_name, p.tags, p.popularity, p.created_at,
         (SELECT COUNT(*) FROM samples s WHERE s.pack_code = p.code) AS sample_count,
         (SELECT COUNT(*) FROM acquisitions a JOIN samples s ON s.id = a.sample_id
           WHERE a.user_id = ? AND s.pack_code = p.code) AS owned_count,
         EXISTS (SELECT 1 FROM pack_likes pl WHERE pl.user_id = ? AND pl.pack_code = p.code) AS liked
  FROM packs p JOIN brands b ON b.id = p.brand_id
  WHERE p.code IN (SELECT value FROM json_each(?))`;

/** Reorders detail rows to the order of `keys` (the page order). */
function inOrder<T, K>(keys: K[], rows: T[], keyOf: (row: T) => K): T[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.flatMap((key) => byKey.get(key) ?? []);
}

/** SQLite implementation of the catalogue repository. */
export function sqliteCatalogue(db: Database): CatalogueRepository {
  const sampleDetails = db.prepare(SAMPLE_DETAILS);
  const packDetails = db.prepare(PACK_DETAILS);
  // An anonymous viewer matches no user row.
  const viewer = (id: number | null): number => id ?? -1;

  const samplesByIds = (ids: number[], viewerId: number | null): SampleRow[] => {
    const rows = sampleDetails.all(viewer(viewerId), viewer(viewerId), JSON.stringify(ids));
    return inOrder(ids, rows.map(toSampleRow), (row) => row.id);
  };
  const packsByCodes = (codes: string[], viewerId: number | null): PackRow[] => {
    const rows = packDetails.all(viewer(viewerId), viewer(viewerId), JSON.stringify(codes));
    return inOrder(codes, rows.map(toPackRow), (row) => row.code);
  };

  const treeCells = cachedTreeCells(db);

  // The vocabulary search help keeps also spells typed prefixes out (sqlite/catalogue/prefixes.ts).
  const { vocabularyNow, ...searchHelp } = sqliteSearchHelp(db);
  const pages = samplePages(db, { vocabulary: vocabularyNow });

  /**
   * The exact total of a list filtered by tree columns only (category, instrument, group, or
   * nothing), summed from the category tree's cells while they are cached: counting the
   * matches grew with the library (a category of 222k rows: 19 ms at 1M). Null otherwise.
   */
  const treeTotal = (request: ListRequest): ListCount | null => {
    const { category, primaryName, secondaryName, ...others } = request.filter;
    if (request.scope || Object.values(others).some((value) => value !== undefined)) return null;
    const cells = treeCells.cached({ category, range: 'samples' });
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

    async samplesByIds(ids, viewerId) {
      return ids.length === 0 ? [] : samplesByIds(ids, viewerId);
    },
    async listSamples(request) {
      const { total, estimated, ids } = pages.list(request, treeTotal(request));
      if (total === 0) return { rows: [], total };
      const rows = samplesByIds(ids, request.viewerId);
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
      return { rows: packsByCodes(codes, request.viewerId), total };
    },

    treeCells,

    tagCounts: cachedTagCounts(db),

    async taxonomy() {
      return db
        .prepare('SELECT category, primary_name, secondary_name, name_zh, position FROM taxonomy')
        .all()
        .map((row) => ({
          category: text(row.category) as Category,
          primaryName: text(row.primary_name),
          secondaryName: text(row.secondary_name),
          nameZh: text(row.name_zh),
          position: num(row.position),
        }));
    },

    async findPack(code, viewerId) {
      return packsByCodes([code], viewerId)[0] ?? null;
    },

    async packCover(code) {
      const row = db.prepare('SELECT cover_hash, cover_type FROM packs WHERE code = ?').get(code);
      if (row?.cover_hash == null) return null;
      return { hash: text(row.cover_hash), mediaType: text(row.cover_type) };
    },

    ...sqliteUserItems(db),

    async sampleFile(id) {
      const row = db
        .prepare(
          `SELECT s.id, s.blob_hash, s.media_type, s.file_name, b.name AS brand, s.primary_name,
                  s.secondary_name
           FROM samples s JOIN packs p ON p.code = s.pack_code JOIN brands b ON b.id = p.brand_id
           WHERE s.id = ?`,
        )
        .get(id);
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
      const row = db.prepare('SELECT peaks FROM samples WHERE id = ?').get(id);
      return row?.peaks instanceof Uint8Array ? row.peaks : null;
    },

    async audition(code) {
      const row = db.prepare('SELECT audition_hash FROM samples WHERE audition_code = ?').get(code);
      if (row?.audition_hash == null) return null;
      return { hash: text(row.audition_hash), mediaType: 'audio/mpeg' };
    },

    async clientKey(keyId, userId) {
      const row = db
        .prepare('SELECT public_key FROM client_keys WHERE id = ? AND user_id = ?')
        .get(keyId, userId);
      return row?.public_key instanceof Uint8Array ? row.public_key : null;
    },
  };
}
