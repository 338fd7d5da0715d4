import { transaction, type Database } from '../database.ts';
import type { LibraryRepository } from '../../../library/library.repository.ts';
import * as shared from '../../rows/library.ts';

/** SQL that marks the stored embeddings changed: the similar-sounds snapshot reloads. */
export const BUMP_EMBEDDINGS = `INSERT INTO meta (key, value) VALUES ('embeddings_version', '1')
  ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`;

/** The library port's analysis methods over `db` (docs/LIBRARY.md "Stored analysis"). */
export function sqliteAnalysis(
  db: Database,
): Pick<LibraryRepository, 'pendingAnalyses' | 'storeAnalyses'> {
  // Migration 030's partial index holds only the rows without an embedding.
  const pending = db.prepare(
    `SELECT ${shared.PENDING_ANALYSIS_COLUMNS}
     FROM samples INDEXED BY samples_unanalysed WHERE embedding IS NULL`,
  );
  const update = db.prepare(
    `UPDATE samples SET ${shared.ANALYSIS_COLUMNS.map((column) => `${column} = ?`).join(', ')}
     WHERE id = ?`,
  );
  const bump = db.prepare(BUMP_EMBEDDINGS);
  return {
    async pendingAnalyses() {
      return pending.all().map(shared.toPendingAnalysis);
    },
    async storeAnalyses(results) {
      transaction(db, () => {
        for (const result of results)
          update.run(...shared.analysisValues(result, (bytes) => bytes));
        bump.run();
      });
    },
  };
}
