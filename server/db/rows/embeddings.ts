import type {
  CatalogueRepository,
  EmbeddingSnapshot,
} from '../../catalogue/catalogue.repository.ts';
import { SnapshotBuilder } from '../../catalogue/embedding-snapshot.ts';
import { decodeEmbedding } from '../../library/sound-analysis.ts';
import type { SampleKind } from '../../../src/shared/api/catalogue.types.ts';
import type { Row } from './values.ts';

/** The statements of the embedding reads, as `{ sql, params }` each engine runs its way. */
export const EMBEDDING_SQL = {
  /** The stamp every write of samples or analyses bumps in its transaction. */
  stamp: "SELECT value FROM meta WHERE key = 'embeddings_version'",
  /** The next batch of stored embeddings in id order: after id ?, at most ? rows. */
  batch: `SELECT id, pack_code, kind, embedding FROM samples
          WHERE embedding IS NOT NULL AND id > ? ORDER BY id LIMIT ?`,
  /** One sample's embedding. */
  one: 'SELECT kind, pack_code, embedding FROM samples WHERE id = ?',
} as const;

/** How an engine runs the three statements of EMBEDDING_SQL. */
export interface EmbeddingReader {
  /** Rows read per batch while loading the snapshot. */
  batchSize: number;
  /** The stamp row, or null before the first write. */
  stamp(): Promise<Row | null>;
  /** One batch of rows after an id. */
  batch(after: number, limit: number): Promise<Row[]>;
  /** One sample's row, or null. */
  one(id: number): Promise<Row | null>;
}

/**
 * The repository's embedding reads, written once for both engines (docs/api/catalogue.md). The
 * snapshot is read once and kept until the stamp in `meta.embeddings_version` changes (every
 * write of samples or analyses bumps it in its transaction, whichever process or instance
 * writes): one primary-key read per call. It is read in batches by id, so other requests are
 * served between them, and calls that arrive during a load wait for that load.
 */
export function embeddingReads(
  reader: EmbeddingReader,
): Pick<CatalogueRepository, 'embeddings' | 'sampleEmbedding'> {
  let snapshot: EmbeddingSnapshot | null = null;
  let loading: { stamp: string; done: Promise<EmbeddingSnapshot> } | null = null;
  const load = async (stamp: string): Promise<EmbeddingSnapshot> => {
    const builder = new SnapshotBuilder();
    for (let after = 0; ;) {
      const rows = await reader.batch(after, reader.batchSize);
      for (const row of rows)
        builder.add(Number(row.id), String(row.pack_code), row.kind as SampleKind, row.embedding);
      if (rows.length < reader.batchSize) break;
      after = Number(rows.at(-1)!.id);
    }
    return builder.done(stamp);
  };
  return {
    async embeddings() {
      const stamp = String((await reader.stamp())?.value ?? '0');
      if (snapshot?.version === stamp) return snapshot;
      if (loading?.stamp !== stamp) {
        const done = load(stamp).then((loaded) => {
          // A newer load may have started meanwhile: keep whichever stamp is current.
          if (loading?.done === done) {
            snapshot = loaded;
            loading = null;
          }
          return loaded;
        });
        done.catch(() => {
          if (loading?.done === done) loading = null;
        });
        loading = { stamp, done };
      }
      return loading.done;
    },
    async sampleEmbedding(id) {
      const row = await reader.one(id);
      if (!row) return null;
      return {
        kind: String(row.kind) as SampleKind,
        packCode: String(row.pack_code),
        embedding: decodeEmbedding(row.embedding as Uint8Array | null),
      };
    },
  };
}
