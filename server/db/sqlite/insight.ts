import { transaction, type Database } from './database.ts';
import type { InsightRepository } from '../../insight/insight.repository.ts';
import * as shared from '../rows/insight.ts';
import { addSideChanges } from './side-writes.ts';

/** SQLite implementation of the insight counts (docs/ADMIN.md "Insight"). */
export function sqliteInsight(db: Database): InsightRepository {
  const upsert = db.prepare(
    `INSERT INTO insight_counts (day, kind, key, count) VALUES (?, ?, ?, ?) ${shared.UPSERT_TAIL}`,
  );
  const prune = db.prepare(shared.PRUNE);
  const perDay = db.prepare(shared.PER_DAY);
  const topKeys = db.prepare(shared.TOP_KEYS);
  return {
    async add(counts) {
      const changed = transaction(db, () =>
        counts.reduce(
          (sum, c) => sum + Number(upsert.run(c.day, c.kind, c.key, c.count).changes),
          0,
        ),
      );
      addSideChanges(db, changed);
    },
    async prune(beforeDay) {
      const changed = Number(prune.run(beforeDay).changes);
      addSideChanges(db, changed);
      return changed;
    },
    async perDay(fromDay) {
      return perDay.all(fromDay).map(shared.toDayCount);
    },
    async topKeys(kind, fromDay, limit) {
      return topKeys.all(fromDay, kind, limit).map(shared.toKeyTotal);
    },
    async topPacks(fromDay, limit, language) {
      return db
        .prepare(shared.topPacks(language))
        .all(fromDay, fromDay, limit)
        .map(shared.toPackTotal);
    },
  };
}
