import type { StoredPack, StoredSample } from '../oracle.repository.ts';
import { decodeEmbedding } from '../../library/sound-analysis.ts';
import type { MusicalKey, SampleKind } from '../../../src/shared/api/catalogue.types.ts';
import { packTexts } from './catalogue.ts';
import { orNull, text, textList, type Row } from './values.ts';

/** A `samples` row (every column) as the oracle's StoredSample. */
export function toStoredSample(row: Row): StoredSample {
  return {
    id: Number(row.id),
    packCode: text(row.pack_code),
    nameEn: text(row.name_en),
    nameZh: text(row.name_zh),
    category: text(row.category),
    primaryName: text(row.primary_name),
    secondaryName: text(row.secondary_name),
    audioKey: orNull(row.audio_key, String) as StoredSample['audioKey'],
    bpm: orNull(row.bpm, Number),
    kind: text(row.kind) as StoredSample['kind'],
    format: text(row.format),
    mediaType: text(row.media_type),
    sampleRate: Number(row.sample_rate),
    channels: Number(row.channels),
    bitDepth: orNull(row.bit_depth, Number),
    sizeBytes: Number(row.size_bytes),
    duration: Number(row.duration),
    tags: textList(row.tags),
    blobHash: text(row.blob_hash),
    fileName: text(row.file_name),
    auditionCode: orNull(row.audition_code, String),
    auditionHash: orNull(row.audition_hash, String),
    auditionVersion: orNull(row.audition_version, Number),
    peaks: row.peaks instanceof Uint8Array ? new Uint8Array(row.peaks) : null,
    popularity: Number(row.popularity),
    createdAt: text(row.created_at),
    keySource: orNull(row.key_source, String) as StoredSample['keySource'],
    bpmSource: orNull(row.bpm_source, String) as StoredSample['bpmSource'],
    kindSource: text(row.kind_source) as StoredSample['kindSource'],
    analysis: storedAnalysis(row),
  };
}

/** The stored analysis columns of a sample row, or null when it has none yet. */
function storedAnalysis(row: Row): StoredSample['analysis'] {
  const embedding = decodeEmbedding(row.embedding as Uint8Array | null);
  if (!embedding) return null;
  return {
    detectedBpm: orNull(row.detected_bpm, Number),
    detectedKey: orNull(row.detected_key, String) as MusicalKey | null,
    detectedKind: text(row.detected_kind) as SampleKind,
    lufs: Number(row.lufs),
    truePeakDb: Number(row.true_peak_db),
    embedding,
  };
}

/** A pack row (with its brand's names) as the oracle's StoredPack. */
export function toStoredPack(row: Row): StoredPack {
  return {
    ...packTexts(row),
    brandZh: text(row.brand_zh),
    category: text(row.category),
    coverHash: orNull(row.cover_hash, String),
  };
}
