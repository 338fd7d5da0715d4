import type {
  AnalysisResult,
  PackInsert,
  PendingAnalysis,
  SampleWrite,
} from '../../library/library.repository.ts';
import {
  encodeEmbedding,
  type StoredAnalysis,
  type ValueSource,
} from '../../library/sound-analysis.ts';
import type { MusicalKey, SampleKind } from '../../../src/shared/api/catalogue.types.ts';
import type { Row } from './values.ts';

/** Where a sample's key, BPM and kind come from. */
const SOURCE_COLUMNS = ['key_source', 'bpm_source', 'kind_source'] as const;
/** What the audio analysis found (docs/LIBRARY.md "Stored analysis"), in `detectedValues` order. */
const DETECTED_COLUMNS = [
  'detected_bpm',
  'detected_key',
  'detected_kind',
  'lufs',
  'true_peak_db',
  'embedding',
] as const;

/** An analysis's values in DETECTED_COLUMNS order (nulls without one). */
const detectedValues = <B>(
  analysis: StoredAnalysis | null | undefined,
  embedding: (vector: Float32Array) => B,
): (string | number | null | B)[] =>
  analysis
    ? [
        analysis.detectedBpm,
        analysis.detectedKey,
        analysis.detectedKind,
        analysis.lufs,
        analysis.truePeakDb,
        embedding(analysis.embedding),
      ]
    : DETECTED_COLUMNS.map(() => null);

/**
 * The `samples` columns a sample write fills, in `sampleValues` order. Each engine adds what it
 * computes itself (SQLite's stored shuffle key, migration 021; PostgreSQL's identity id).
 */
export const SAMPLE_COLUMNS = [
  'pack_code',
  'name_en',
  'name_zh',
  'category',
  'primary_name',
  'secondary_name',
  'audio_key',
  'bpm',
  'kind',
  'format',
  'media_type',
  'sample_rate',
  'channels',
  'bit_depth',
  'size_bytes',
  'duration',
  'tags',
  'blob_hash',
  'file_name',
  'audition_code',
  'audition_hash',
  'peaks',
  'popularity',
  'created_at',
  ...SOURCE_COLUMNS,
  ...DETECTED_COLUMNS,
  'audition_version',
] as const;

/**
 * A sample write's values in SAMPLE_COLUMNS order, bytes as the driver binds them (`bytes`:
 * node:sqlite takes a Uint8Array, pg a Buffer). `embedding` gives the stored blob of an
 * analysis's vector (SQLite encodes a shared vector once for all its clones).
 */
export const sampleValues = <B>(
  row: SampleWrite,
  bytes: (bytes: Uint8Array) => B,
  embedding: (vector: Float32Array) => B,
): (string | number | null | B)[] => [
  row.packCode,
  row.nameEn,
  row.nameZh,
  row.category,
  row.primaryName,
  row.secondaryName,
  row.audioKey,
  row.bpm,
  row.kind,
  row.format,
  row.mediaType,
  row.sampleRate,
  row.channels,
  row.bitDepth,
  row.sizeBytes,
  row.duration,
  JSON.stringify(row.tags),
  row.blobHash,
  row.fileName,
  row.auditionCode,
  row.auditionHash,
  row.peaks === null ? null : bytes(row.peaks),
  row.popularity,
  row.createdAt,
  row.keySource === undefined ? 'pack' : row.keySource,
  row.bpmSource === undefined ? 'pack' : row.bpmSource,
  row.kindSource ?? 'pack',
  ...detectedValues(row.analysis, embedding),
  row.auditionVersion ?? null,
];

/** The columns `toPendingAnalysis` reads (the rows without an embedding). */
export const PENDING_ANALYSIS_COLUMNS =
  'id, blob_hash, popularity, audio_key, bpm, kind, key_source, bpm_source, kind_source';

const sourceOf = (value: unknown): ValueSource | null =>
  value === 'pack' || value === 'detected' ? value : null;

/** A row of PENDING_ANALYSIS_COLUMNS as the library port's PendingAnalysis. */
export const toPendingAnalysis = (row: Row): PendingAnalysis => ({
  id: Number(row.id),
  blobHash: String(row.blob_hash),
  popularity: Number(row.popularity),
  current: {
    audioKey: row.audio_key == null ? null : (String(row.audio_key) as MusicalKey),
    bpm: row.bpm == null ? null : Number(row.bpm),
    kind: String(row.kind) as SampleKind,
    keySource: sourceOf(row.key_source),
    bpmSource: sourceOf(row.bpm_source),
    kindSource: sourceOf(row.kind_source) ?? 'pack',
  },
});

/** The columns an analysis result sets, in `analysisValues` order. */
export const ANALYSIS_COLUMNS = [
  'audio_key',
  'bpm',
  'kind',
  ...SOURCE_COLUMNS,
  ...DETECTED_COLUMNS,
] as const;

/** An analysis result's values in ANALYSIS_COLUMNS order, then its sample's id. */
export const analysisValues = <B>(
  { id, metadata, analysis }: AnalysisResult,
  bytes: (bytes: Uint8Array) => B,
): (string | number | null | B)[] => [
  metadata.audioKey,
  metadata.bpm,
  metadata.kind,
  metadata.keySource,
  metadata.bpmSource,
  metadata.kindSource,
  ...detectedValues(analysis, (vector) => bytes(encodeEmbedding(vector))),
  id,
];

/** The columns a new pack fills, in `packValues` order (its cover is always a PNG). */
export const PACK_COLUMNS =
  'code, name_en, name_zh, description_en, description_zh, brand_id, category, primary_name, cover_hash, tags, popularity, created_at, published';

/** A new pack's values in PACK_COLUMNS order, its brand as the brand's row id. */
export const packValues = (row: PackInsert, brandId: number): (string | number | null)[] => [
  row.code,
  row.nameEn,
  row.nameZh,
  row.descriptionEn,
  row.descriptionZh,
  brandId,
  row.category,
  row.primaryName,
  row.coverHash,
  JSON.stringify(row.tags),
  row.popularity,
  row.createdAt,
  row.published === false ? 0 : 1,
];
