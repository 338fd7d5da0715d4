import type { SQLOutputValue } from 'node:sqlite';
import type { Database } from '../database.ts';
import {
  encodeEmbedding,
  type EffectiveMetadata,
  type StoredAnalysis,
  type ValueSource,
} from '../../library/sound-analysis.ts';
import type { MusicalKey, SampleKind } from '../../../src/shared/api/catalogue.types.ts';

type Cell = SQLOutputValue | undefined;
const sourceOf = (value: Cell): ValueSource | null =>
  value === 'pack' || value === 'detected' ? value : null;

/** A sample waiting for its analysis: its audio blob and its metadata now. */
export interface PendingAnalysis {
  id: number;
  blobHash: string;
  popularity: number;
  current: EffectiveMetadata;
}

/** Storage of the audio analysis of samples (docs/LIBRARY.md "Stored analysis"). */
export interface AnalysisStore {
  /** Every sample without an analysis (from the partial index of migration 030). */
  pending(): PendingAnalysis[];
  /** Stores one sample's analysis and its effective metadata (call inside a transaction). */
  store(id: number, meta: EffectiveMetadata, analysis: StoredAnalysis): void;
  /** Marks the stored embeddings changed (call once per transaction that stored any). */
  changed(): void;
  /** The stamp the similar-sounds index compares (bumped by every embedding write). */
  version(): string;
}

/** The SQLite analysis store over `db`. */
export function sqliteAnalysisStore(db: Database): AnalysisStore {
  const pending = db.prepare(
    `SELECT id, blob_hash, popularity, audio_key, bpm, kind, key_source, bpm_source, kind_source
     FROM samples INDEXED BY samples_unanalysed WHERE embedding IS NULL`,
  );
  const update = db.prepare(
    `UPDATE samples SET audio_key = ?, bpm = ?, kind = ?, key_source = ?, bpm_source = ?,
       kind_source = ?, detected_bpm = ?, detected_key = ?, detected_kind = ?, lufs = ?,
       true_peak_db = ?, embedding = ?
     WHERE id = ?`,
  );
  const bump = db.prepare(
    "UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'embeddings_version'",
  );
  const version = db.prepare("SELECT value FROM meta WHERE key = 'embeddings_version'");
  return {
    pending: () =>
      pending.all().map((row) => ({
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
      })),
    store(id, meta, analysis) {
      update.run(
        meta.audioKey,
        meta.bpm,
        meta.kind,
        meta.keySource,
        meta.bpmSource,
        meta.kindSource,
        analysis.detectedBpm,
        analysis.detectedKey,
        analysis.detectedKind,
        analysis.lufs,
        analysis.truePeakDb,
        encodeEmbedding(analysis.embedding),
        id,
      );
    },
    changed: () => void bump.run(),
    version: () => String(version.get()?.value ?? '0'),
  };
}
