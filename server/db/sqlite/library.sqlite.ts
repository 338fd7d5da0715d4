import type { Database } from '../database.ts';
import type { MusicalKey } from '../../../src/shared/api/catalogue.types.ts';
import {
  encodeEmbedding,
  type StoredAnalysis,
  type ValueSource,
} from '../../library/sound-analysis.ts';

/** A sample row as the seeder and importer insert it (FTS text is built by the caller). */
export interface SampleInsert {
  packCode: string;
  nameEn: string;
  nameZh: string;
  category: string;
  primaryName: string;
  secondaryName: string;
  audioKey: MusicalKey | null;
  bpm: number | null;
  kind: 'oneshot' | 'loop';
  format: string;
  mediaType: string;
  sampleRate: number;
  channels: number;
  bitDepth: number | null;
  sizeBytes: number;
  duration: number;
  tags: string[];
  blobHash: string;
  fileName: string;
  auditionCode: string | null;
  auditionHash: string | null;
  peaks: Uint8Array | null;
  popularity: number;
  createdAt: string;
  /** Source of `audioKey`, `bpm` and `kind` ('pack' with a null value: the pack says none). */
  keySource: ValueSource | null;
  bpmSource: ValueSource | null;
  kindSource: ValueSource;
  /** The audio analysis, or null until it runs (analysePending). */
  analysis: StoredAnalysis | null;
}

/** The six indexed columns of `samples_fts` (already CJK-spaced). */
export interface SampleFtsText {
  name: string;
  tags: string;
  brand: string;
  pack: string;
  type: string;
  grp: string;
}

/** Prepared insert statements for brands, taxonomy, packs, samples and their FTS rows. */
export interface LibraryWriter {
  /** Deletes the whole library (what an interrupted first start left), before seeding again. */
  clear(): void;
  /** Inserts a brand (or finds it by name) and returns its id. */
  brand(name: string, nameZh: string): number;
  taxonomy(row: {
    category: string;
    primaryName: string;
    secondaryName: string;
    nameZh: string;
    position: number;
  }): void;
  pack(row: {
    code: string;
    nameEn: string;
    nameZh: string;
    descriptionEn: string;
    descriptionZh: string;
    brandId: number;
    category: string;
    primaryName: string;
    coverHash: string | null;
    tags: string[];
    popularity: number;
    createdAt: string;
  }): void;
  /** Inserts a sample and its FTS row (rowid = samples.id); returns the new id. */
  sample(row: SampleInsert, fts: SampleFtsText): number;
  /** Marks the stored embeddings changed (the similar-sounds index reloads); in the same transaction. */
  embeddingsChanged(): void;
}

/** Prepares the library insert statements on `db` (call inside a transaction per batch). */
export function libraryWriter(db: Database): LibraryWriter {
  const findBrand = db.prepare('SELECT id FROM brands WHERE name = ?');
  const insertBrand = db.prepare('INSERT INTO brands (name, name_zh) VALUES (?, ?)');
  const insertTaxonomy = db.prepare(
    `INSERT OR IGNORE INTO taxonomy (category, primary_name, secondary_name, name_zh, position)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const insertPack = db.prepare(
    `INSERT INTO packs (code, name_en, name_zh, description_en, description_zh, brand_id, category,
       primary_name, cover_hash, cover_type, tags, popularity, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'image/png', ?, ?, ?)`,
  );
  const insertSample = db.prepare(
    `INSERT INTO samples (pack_code, name_en, name_zh, category, primary_name, secondary_name,
       audio_key, bpm, kind, format, media_type, sample_rate, channels, bit_depth, size_bytes,
       duration, tags, blob_hash, file_name, audition_code, audition_hash, peaks, popularity,
       created_at, key_source, bpm_source, kind_source, detected_bpm, detected_key, detected_kind,
       lufs, true_peak_db, embedding)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
             ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const bump = db.prepare(
    "UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'embeddings_version'",
  );
  // Clones share their base row's analysis: its embedding is encoded once, not per clone.
  const encoded = new WeakMap<Float32Array, Uint8Array>();
  const embeddingBlob = (analysis: StoredAnalysis | null): Uint8Array | null => {
    if (!analysis) return null;
    let blob = encoded.get(analysis.embedding);
    if (!blob) encoded.set(analysis.embedding, (blob = encodeEmbedding(analysis.embedding)));
    return blob;
  };
  const insertFts = db.prepare(
    'INSERT INTO samples_fts (rowid, name, tags, brand, pack, type, grp) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  return {
    clear() {
      for (const table of ['samples_fts', 'samples', 'packs', 'taxonomy', 'brands'])
        db.exec(`DELETE FROM ${table}`);
      bump.run();
    },
    brand(name, nameZh) {
      const found = findBrand.get(name);
      if (found) return Number(found.id);
      return Number(insertBrand.run(name, nameZh).lastInsertRowid);
    },
    taxonomy(row) {
      insertTaxonomy.run(
        row.category,
        row.primaryName,
        row.secondaryName,
        row.nameZh,
        row.position,
      );
    },
    pack(row) {
      insertPack.run(
        row.code,
        row.nameEn,
        row.nameZh,
        row.descriptionEn,
        row.descriptionZh,
        row.brandId,
        row.category,
        row.primaryName,
        row.coverHash,
        JSON.stringify(row.tags),
        row.popularity,
        row.createdAt,
      );
    },
    sample(row, fts) {
      const id = Number(
        insertSample.run(
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
          row.peaks,
          row.popularity,
          row.createdAt,
          row.keySource,
          row.bpmSource,
          row.kindSource,
          row.analysis?.detectedBpm ?? null,
          row.analysis?.detectedKey ?? null,
          row.analysis?.detectedKind ?? null,
          row.analysis?.lufs ?? null,
          row.analysis?.truePeakDb ?? null,
          embeddingBlob(row.analysis),
        ).lastInsertRowid,
      );
      insertFts.run(id, fts.name, fts.tags, fts.brand, fts.pack, fts.type, fts.grp);
      return id;
    },
    embeddingsChanged() {
      bump.run();
    },
  };
}
