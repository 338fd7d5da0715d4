import { spaceCjk } from '../catalogue/cjk-text.ts';
import type { Database } from './database.ts';

const RESPACE_BATCH = 5_000;
const FTS_COLUMNS = ['name', 'tags', 'brand', 'pack', 'type', 'grp'] as const;

/**
 * Rewrites the samples' full-text rows with every CJK character a word of its own
 * (`spaceCjk` as it is now): rows written before spaced only between two CJK characters, so
 * "第5版" and "鼓组2号" held "5版" and "组2号" as single words that no search for "版" or
 * "鼓组" could reach. Idempotent; reads in rowid batches so a 1M-row index is never in memory.
 */
function respaceSampleFts(db: Database): void {
  const read = db.prepare(
    `SELECT rowid, ${FTS_COLUMNS.join(', ')} FROM samples_fts WHERE rowid > ? ORDER BY rowid LIMIT ?`,
  );
  const write = db.prepare(
    `UPDATE samples_fts SET ${FTS_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE rowid = ?`,
  );
  let after = 0;
  for (;;) {
    const rows = read.all(after, RESPACE_BATCH);
    if (rows.length === 0) return;
    for (const row of rows) {
      const before = FTS_COLUMNS.map((c) => String(row[c] ?? ''));
      const spaced = before.map(spaceCjk);
      if (spaced.some((text, i) => text !== before[i])) write.run(...spaced, Number(row.rowid));
    }
    after = Number(rows.at(-1)!.rowid);
  }
}

/**
 * Migrations that need code, applied in name order among the `.sql` files (each once, in its
 * own transaction, recorded in schema_migrations like them).
 */
export const CODE_MIGRATIONS: Record<string, (db: Database) => void> = {
  '014-fts-cjk-every-character': respaceSampleFts,
};
