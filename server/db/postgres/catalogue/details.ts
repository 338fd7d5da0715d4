import type { PackRow, SampleRow } from '../../../catalogue/catalogue.repository.ts';
import type {
  AudioFormat,
  Category,
  MusicalKey,
  SampleKind,
} from '../../../../src/shared/api/catalogue.types.ts';

// The catalogue's detail rows on PostgreSQL: the queries that fill a page's ids and their mapping
// to the repository's shapes (the same as the SQLite adapter's, booleans arriving as booleans).

/** A row as `pg` returns it. */
export type Row = Record<string, unknown>;

/** A column as text ('' for null). */
export const text = (value: unknown): string => String(value ?? '');
/** A column as a number (0 for null). */
export const num = (value: unknown): number => Number(value ?? 0);
const tagsOf = (value: unknown): string[] => {
  const parsed: unknown = JSON.parse(text(value) || '[]');
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

/** A SAMPLE_DETAILS row as the repository's SampleRow. */
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
    owned: row.owned === true,
    liked: row.liked === true,
    userFilePath: row.user_file_path == null ? null : text(row.user_file_path),
  };
}

/** A PACK_DETAILS row as the repository's PackRow. */
export function toPackRow(row: Row): PackRow {
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
    liked: row.liked === true,
  };
}

/** Samples by id ($2) with pack, brand and the viewer's ($1) flags. */
export const SAMPLE_DETAILS = `
  SELECT s.id, s.pack_code, p.name_en AS pack_name_en, p.name_zh AS pack_name_zh, b.name AS brand,
         s.name_en, s.name_zh, s.category, s.primary_name, s.secondary_name, s.audio_key, s.bpm,
         s.kind, s.format, s.sample_rate, s.channels, s.bit_depth, s.size_bytes, s.duration,
         s.tags, s.audition_code, s.popularity, s.created_at, s.key_source, s.bpm_source,
         a.user_id IS NOT NULL AS owned, a.user_file_path, l.user_id IS NOT NULL AS liked
  FROM samples s
  JOIN packs p ON p.code = s.pack_code
  JOIN brands b ON b.id = p.brand_id
  LEFT JOIN acquisitions a ON a.user_id = $1 AND a.sample_id = s.id
  LEFT JOIN sample_likes l ON l.user_id = $1 AND l.sample_id = s.id
  WHERE s.id = ANY($2::int[])`;

/** Packs by code ($2) with counts and the viewer's ($1) flags. */
export const PACK_DETAILS = `
  SELECT p.code, p.name_en, p.name_zh, p.description_en, p.description_zh, b.name AS brand,
         p.category, p.primary_name, p.tags, p.popularity, p.created_at,
         (SELECT COUNT(*) FROM samples s WHERE s.pack_code = p.code) AS sample_count,
         (SELECT COUNT(*) FROM acquisitions a JOIN samples s ON s.id = a.sample_id
           WHERE a.user_id = $1 AND s.pack_code = p.code) AS owned_count,
         EXISTS (SELECT 1 FROM pack_likes pl WHERE pl.user_id = $1 AND pl.pack_code = p.code) AS liked
  FROM packs p JOIN brands b ON b.id = p.brand_id
  WHERE p.code = ANY($2::text[])`;

/** Reorders detail rows to the order of `keys` (the page order). */
export function inOrder<T, K>(keys: K[], rows: T[], keyOf: (row: T) => K): T[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.flatMap((key) => byKey.get(key) ?? []);
}
