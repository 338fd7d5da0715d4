import type {
  CatalogueRepository,
  EmbeddingSnapshot,
} from '../../../catalogue/catalogue.repository.ts';
import { SnapshotBuilder } from '../../../catalogue/embedding-snapshot.ts';
import { decodeEmbedding } from '../../../library/sound-analysis.ts';
import type { SampleKind } from '../../../../src/shared/api/catalogue.types.ts';
import type { PgPool } from '../database.ts';

/** Rows read per query while loading the snapshot (the client holds a whole answer in memory). */
const LOAD_BATCH = 50_000;

/**
 * The repository's embedding reads, as on SQLite (sqlite/catalogue/embeddings.ts): the snapshot
 * is kept until `meta.embeddings_version` changes, which every write of samples or analyses
 * bumps in its transaction, whichever instance writes.
 */
export function postgresEmbeddings(
  pool: PgPool,
): Pick<CatalogueRepository, 'embeddings' | 'sampleEmbedding'> {
  let snapshot: EmbeddingSnapshot | null = null;
  return {
    async embeddings() {
      const { rows: stamped } = await pool.query(
        "SELECT value FROM meta WHERE key = 'embeddings_version'",
      );
      const stamp = String((stamped[0] as { value?: string } | undefined)?.value ?? '0');
      if (snapshot?.version === stamp) return snapshot;
      const builder = new SnapshotBuilder();
      for (let after = 0; ;) {
        const { rows } = await pool.query(
          `SELECT id, pack_code, kind, embedding FROM samples
           WHERE embedding IS NOT NULL AND id > $1 ORDER BY id LIMIT $2`,
          [after, LOAD_BATCH],
        );
        for (const row of rows as Record<string, unknown>[])
          builder.add(Number(row.id), String(row.pack_code), row.kind as SampleKind, row.embedding);
        if (rows.length < LOAD_BATCH) break;
        after = Number((rows.at(-1) as { id: number }).id);
      }
      snapshot = builder.done(stamp);
      return snapshot;
    },
    async sampleEmbedding(id) {
      const { rows } = await pool.query(
        'SELECT kind, pack_code, embedding FROM samples WHERE id = $1',
        [id],
      );
      const row = rows[0] as Record<string, unknown> | undefined;
      if (!row) return null;
      return {
        kind: String(row.kind) as SampleKind,
        packCode: String(row.pack_code),
        embedding: decodeEmbedding(row.embedding as Uint8Array | null),
      };
    },
  };
}
