import type { SQLOutputValue } from 'node:sqlite';
import { transaction, type Database } from '../database.ts';
import type { LibraryRepository } from '../../../library/library.repository.ts';
import { encodeEmbedding, type ValueSource } from '../../../library/sound-analysis.ts';
import type { MusicalKey, SampleKind } from '../../../../src/shared/api/catalogue.types.ts';

type Cell = SQLOutputValue | undefined;
const sourceOf = (value: Cell): ValueSource | null =>
  value === 'pack' || value === 'detected' ? value : null;

/** SQL that marks the stored embeddings changed: the similar-sounds snapshot reloads. */
export const BUMP_EMBEDDINGS = `INSERT INTO meta (key, value) VALUES ('embeddings_version', '1')
  ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`;

/** The library port's analysis methods over `db` (docs/LIBRARY.md "Stored analysis"). */
export function sqliteAnalysis(
  db: Database,
): Pick<LibraryRepository, 'pendingAnalyses' | 'storeAnalyses'> {
  // Migration 030's partial index holds only the rows without an embedding.
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
  const bump = db.prepare(BUMP_EMBEDDINGS);
  return {
    async pendingAnalyses() {
      return pending.all().map((row) => ({
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
      }));
    },
    async storeAnalyses(results) {
      transaction(db, () => {
        for (const { id, metadata, analysis } of results)
          update.run(
            metadata.audioKey,
            metadata.bpm,
            metadata.kind,
            metadata.keySource,
            metadata.bpmSource,
            metadata.kindSource,
            analysis.detectedBpm,
            analysis.detectedKey,
            analysis.detectedKind,
            analysis.lufs,
            analysis.truePeakDb,
            encodeEmbedding(analysis.embedding),
            id,
          );
        bump.run();
      });
    },
  };
}
