import type { CatalogueRepository } from '../../../catalogue/catalogue.repository.ts';
import { EMBEDDING_SQL, embeddingReads } from '../../rows/embeddings.ts';
import { numberPlaceholders } from '../../rows/steps.ts';
import type { Row } from '../../rows/values.ts';
import type { PgPool } from '../database.ts';

/**
 * The repository's embedding reads (rows/embeddings.ts), 50,000 rows a query: the client holds a
 * whole answer in memory, and awaiting each query already lets other requests in.
 */
export function postgresEmbeddings(
  pool: PgPool,
): Pick<CatalogueRepository, 'embeddings' | 'sampleEmbedding'> {
  const first = async (sql: string, params: unknown[] = []): Promise<Row | null> =>
    ((await pool.query(numberPlaceholders(sql), params)).rows[0] as Row | undefined) ?? null;
  return embeddingReads({
    batchSize: 50_000,
    stamp: () => first(EMBEDDING_SQL.stamp),
    batch: async (after, limit) =>
      (await pool.query(numberPlaceholders(EMBEDDING_SQL.batch), [after, limit])).rows as Row[],
    one: (id) => first(EMBEDDING_SQL.one, [id]),
  });
}
