import type { Database } from '../database.ts';
import type { CatalogueRepository } from '../../../catalogue/catalogue.repository.ts';
import { EMBEDDING_SQL, embeddingReads } from '../../rows/embeddings.ts';
import type { Row } from '../../rows/values.ts';

/**
 * The repository's embedding reads (rows/embeddings.ts), 10,000 rows a step with a turn of the
 * event loop between steps: node:sqlite reads synchronously, and 1M rows took 20 s on the loaded
 * build machine, so other requests are served meanwhile.
 */
export function sqliteEmbeddings(
  db: Database,
): Pick<CatalogueRepository, 'embeddings' | 'sampleEmbedding'> {
  const stamp = db.prepare(EMBEDDING_SQL.stamp);
  const batch = db.prepare(EMBEDDING_SQL.batch);
  const one = db.prepare(EMBEDDING_SQL.one);
  return embeddingReads({
    batchSize: 10_000,
    stamp: async () => (stamp.get() as Row | undefined) ?? null,
    async batch(after, limit) {
      if (after > 0) await new Promise((resolve) => setImmediate(resolve));
      return batch.all(after, limit) as Row[];
    },
    one: async (id) => (one.get(id) as Row | undefined) ?? null,
  });
}
