import type {
  CatalogueRepository,
  PackRow,
  SampleRow,
  TagCountRow,
  TreeCell,
} from '../../catalogue/catalogue.repository.ts';
import type {
  AudioFormat,
  Category,
  MusicalKey,
  SampleKind,
} from '../../../src/shared/api/catalogue.types.ts';
import { num, text, type Row } from './values.ts';

// The catalogue's policy and detail rows, the same on both engines: what a page's rows hold and
// how they map to the port's shapes.

/**
 * Up to how many matches a full-text filter alone (a keyword, styles or tags) is counted exactly
 * (docs/api/catalogue.md, "Totals"). Beyond it the total is estimated (each engine its way,
 * docs/DATABASE.md "What `total` is"): counting every match grew with the library (a one-letter
 * keyword: 94 ms at 1M rows on SQLite).
 */
export const EXACT_COUNT_CAP = 10_000;

/** Most distinct tags a tag-count answer holds (the most used first). */
export const TAG_VOCABULARY_LIMIT = 200;

/** A JSON array column as strings ([] for anything else). */
export const tagsOf = (value: unknown): string[] => {
  const parsed: unknown = JSON.parse(text(value) || '[]');
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

/** A boolean column: SQLite answers 1 or 0, PostgreSQL true or false. */
const flag = (value: unknown): boolean => value === true || value === 1;

/** Samples of a page's ids with pack, brand and the viewer's flags. */
export const sampleDetailsQuery = (viewer: string, idsMatch: string): string => `
  SELECT s.id, s.pack_code, p.name_en AS pack_name_en, p.name_zh AS pack_name_zh, b.name AS brand,
         s.name_en, s.name_zh, s.category, s.primary_name, s.secondary_name, s.audio_key, s.bpm,
         s.kind, s.format, s.sample_rate, s.channels, s.bit_depth, s.size_bytes, s.duration,
         s.tags, s.audition_code, s.popularity, s.created_at, s.key_source, s.bpm_source,
         s.lufs, s.true_peak_db,
         a.user_id IS NOT NULL AS owned, a.user_file_path, l.user_id IS NOT NULL AS liked
  FROM samples s
  JOIN packs p ON p.code = s.pack_code
  JOIN brands b ON b.id = p.brand_id
  LEFT JOIN acquisitions a ON a.user_id = ${viewer} AND a.sample_id = s.id
  LEFT JOIN sample_likes l ON l.user_id = ${viewer} AND l.sample_id = s.id
  WHERE s.id ${idsMatch}`;

/** Packs of a page's codes with counts and the viewer's flags. */
export const packDetailsQuery = (viewer: string, codesMatch: string): string => `
  SELECT p.code, p.name_en, p.name_zh, p.description_en, p.description_zh, b.name AS brand,
         p.category, p.primary_name, p.tags, p.popularity, p.created_at,
         (SELECT COUNT(*) FROM samples s WHERE s.pack_code = p.code) AS sample_count,
         (SELECT COUNT(*) FROM acquisitions a JOIN samples s ON s.id = a.sample_id
           WHERE a.user_id = ${viewer} AND s.pack_code = p.code) AS owned_count,
         EXISTS (SELECT 1 FROM pack_likes pl WHERE pl.user_id = ${viewer} AND pl.pack_code = p.code) AS liked
  FROM packs p JOIN brands b ON b.id = p.brand_id
  WHERE p.code ${codesMatch}`;

/** A sampleDetailsQuery row as the port's SampleRow. */
export function toSampleRow(row: Row): SampleRow {
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
    owned: flag(row.owned),
    liked: flag(row.liked),
    userFilePath: row.user_file_path == null ? null : text(row.user_file_path),
    lufs: row.lufs == null ? null : num(row.lufs),
    truePeakDb: row.true_peak_db == null ? null : num(row.true_peak_db),
  };
}

/** A pack row's own texts: what the port's PackRow and the oracle's StoredPack share. */
export const packTexts = (row: Row) => ({
  code: text(row.code),
  nameEn: text(row.name_en),
  nameZh: text(row.name_zh),
  descriptionEn: text(row.description_en),
  descriptionZh: text(row.description_zh),
  brand: text(row.brand),
  primaryName: text(row.primary_name),
  tags: tagsOf(row.tags),
  popularity: num(row.popularity),
  createdAt: text(row.created_at),
});

/** A packDetailsQuery row as the port's PackRow. */
export function toPackRow(row: Row): PackRow {
  return {
    ...packTexts(row),
    category: text(row.category) as Category,
    sampleCount: num(row.sample_count),
    ownedCount: num(row.owned_count),
    liked: flag(row.liked),
  };
}

/** Reorders detail rows to the order of `keys` (the page order). */
export function inOrder<T, K>(keys: K[], rows: T[], keyOf: (row: T) => K): T[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.flatMap((key) => byKey.get(key) ?? []);
}

/**
 * The sample and pack detail readers both engines build on their own detail queries: `samples`
 * and `packs` answer a viewer's detail rows of some keys (an anonymous viewer, -1, matches no
 * user row); the readers map them and put them in the keys' order, and ask nothing for no keys.
 */
export function detailReaders(
  samples: (viewer: number, ids: number[]) => Row[] | Promise<Row[]>,
  packs: (viewer: number, codes: string[]) => Row[] | Promise<Row[]>,
) {
  return {
    async samplesByIds(ids: number[], viewerId: number | null): Promise<SampleRow[]> {
      const rows = ids.length === 0 ? [] : await samples(viewerId ?? -1, ids);
      return inOrder(ids, rows.map(toSampleRow), (row) => row.id);
    },
    async packsByCodes(codes: string[], viewerId: number | null): Promise<PackRow[]> {
      const rows = codes.length === 0 ? [] : await packs(viewerId ?? -1, codes);
      return inOrder(codes, rows.map(toPackRow), (row) => row.code);
    },
  };
}

/** The category tree's names, as `toTaxonomyRow` reads them. */
export const TAXONOMY_QUERY =
  'SELECT category, primary_name, secondary_name, name_zh, position FROM taxonomy';

/** A TAXONOMY_QUERY row as the port's taxonomy entry. */
export const toTaxonomyRow = (
  row: Row,
): Awaited<ReturnType<CatalogueRepository['taxonomy']>>[number] => ({
  category: text(row.category) as Category,
  primaryName: text(row.primary_name),
  secondaryName: text(row.secondary_name),
  nameZh: text(row.name_zh),
  position: num(row.position),
});

/** A sample's stored file and the names its download is called by, the sample's id at `idParam`. */
export const sampleFileQuery = (idParam: string): string =>
  `SELECT s.id, s.blob_hash, s.media_type, s.file_name, b.name AS brand, s.primary_name,
          s.secondary_name
   FROM samples s JOIN packs p ON p.code = s.pack_code JOIN brands b ON b.id = p.brand_id
   WHERE s.id = ${idParam}`;

/** A sampleFileQuery row as the port's SampleFile. */
export const toSampleFile = (
  row: Row,
): NonNullable<Awaited<ReturnType<CatalogueRepository['sampleFile']>>> => ({
  id: num(row.id),
  blobHash: text(row.blob_hash),
  mediaType: text(row.media_type),
  fileName: text(row.file_name),
  brand: text(row.brand),
  primaryName: text(row.primary_name),
  secondaryName: text(row.secondary_name),
});

/**
 * Tree cells from counted rows: with `n`, samples per cell (range `samples`); without, one row per
 * cell and pack (range `packs`), counted here with their codes.
 */
export function toTreeCells(rows: Row[], range: 'samples' | 'packs'): TreeCell[] {
  const cell = (row: Row) => ({
    category: text(row.category) as Category,
    primaryName: text(row.primary_name),
    secondaryName: text(row.secondary_name),
  });
  if (range === 'samples') return rows.map((row) => ({ ...cell(row), count: num(row.n) }));
  const cells = new Map<string, TreeCell>();
  for (const row of rows) {
    const key = `${text(row.category)}\u0000${text(row.primary_name)}\u0000${text(row.secondary_name)}`;
    const entry = cells.get(key) ?? { ...cell(row), count: 0, packCodes: [] };
    entry.packCodes!.push(text(row.pack_code));
    entry.count = entry.packCodes!.length;
    cells.set(key, entry);
  }
  return [...cells.values()];
}

/**
 * Tag counts from rows of a whole tag list and its samples (`tags`, `n`): a library has few
 * distinct lists, so they are grouped in SQL and parsed here. A list naming a tag twice still
 * counts the sample once. The most used first, at most TAG_VOCABULARY_LIMIT.
 */
export function toTagCounts(lists: Row[]): TagCountRow[] {
  const counts = new Map<string, number>();
  for (const row of lists) {
    const tags: unknown = JSON.parse(text(row.tags) || '[]');
    if (!Array.isArray(tags)) continue;
    for (const tag of new Set(tags.map(String)))
      counts.set(tag, (counts.get(tag) ?? 0) + num(row.n));
  }
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
    .slice(0, TAG_VOCABULARY_LIMIT);
}
