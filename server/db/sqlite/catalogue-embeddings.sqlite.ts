import type { Database } from '../database.ts';
import type {
  CatalogueRepository,
  EmbeddingSnapshot,
} from '../../catalogue/catalogue.repository.ts';
import { SnapshotBuilder } from '../../catalogue/embedding-snapshot.ts';
import { decodeEmbedding } from '../../library/sound-analysis.ts';
import type { SampleKind } from '../../../src/shared/api/catalogue.types.ts';

/**
 * The repository's embedding reads. The snapshot is read once and kept until the stamp in
 * `meta.embeddings_version` changes (every write of samples or analyses bumps it, in its
 * transaction, whichever process writes: `npm run import` too): one primary-key read per call.
 */
export function sqliteEmbeddings(
  db: Database,
): Pick<CatalogueRepository, 'embeddings' | 'sampleEmbedding'> {
  const version = db.prepare("SELECT value FROM meta WHERE key = 'embeddings_version'");
  const all = db.prepare(
    'SELECT id, pack_code, kind, embedding FROM samples WHERE embedding IS NOT NULL ORDER BY id',
  );
  const one = db.prepare('SELECT kind, pack_code, embedding FROM samples WHERE id = ?');
  let snapshot: EmbeddingSnapshot | null = null;
  return {
    async embeddings() {
      const stamp = String(version.get()?.value ?? '0');
      if (snapshot?.version === stamp) return snapshot;
      const builder = new SnapshotBuilder();
      for (const row of all.iterate())
        builder.add(Number(row.id), String(row.pack_code), row.kind as SampleKind, row.embedding);
      snapshot = builder.done(stamp);
      return snapshot;
    },
    async sampleEmbedding(id) {
      const row = one.get(id);
      if (!row) return null;
      return {
        kind: String(row.kind) as SampleKind,
        packCode: String(row.pack_code),
        embedding: decodeEmbedding(row.embedding as Uint8Array | null),
      };
    },
  };
}
