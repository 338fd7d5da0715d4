import type { LibraryRepository } from '../../../library/library.repository.ts';
import * as shared from '../../rows/library.ts';
import { withTransaction, type PgPool } from '../database.ts';

/** Marks the stored embeddings changed: the similar-sounds snapshot reloads. */
export const BUMP_EMBEDDINGS = `INSERT INTO meta (key, value) VALUES ('embeddings_version', '1')
  ON CONFLICT (key) DO UPDATE SET value = (meta.value::bigint + 1)::text`;

/** Bytes as pg binds them to a bytea. */
export const toBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes);

/** The library port's analysis methods over `pool` (docs/LIBRARY.md "Stored analysis"). */
export function postgresAnalysis(
  pool: PgPool,
): Pick<LibraryRepository, 'pendingAnalyses' | 'storeAnalyses'> {
  return {
    async pendingAnalyses() {
      const { rows } = await pool.query(
        `SELECT ${shared.PENDING_ANALYSIS_COLUMNS} FROM samples WHERE embedding IS NULL ORDER BY id`,
      );
      return rows.map(shared.toPendingAnalysis);
    },
    async storeAnalyses(results) {
      await withTransaction(pool, async (db) => {
        const set = shared.ANALYSIS_COLUMNS.map((column, i) => `${column} = $${i + 1}`).join(', ');
        for (const result of results)
          await db.query(
            `UPDATE samples SET ${set} WHERE id = $${shared.ANALYSIS_COLUMNS.length + 1}`,
            shared.analysisValues(result, toBuffer),
          );
        await db.query(BUMP_EMBEDDINGS);
      });
    },
  };
}
