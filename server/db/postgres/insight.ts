import type { PgPool } from './database.ts';
import type { InsightRepository } from '../../insight/insight.repository.ts';
import * as shared from '../rows/insight.ts';
import { numberPlaceholders } from '../rows/steps.ts';

/** PostgreSQL implementation of the insight counts (docs/ADMIN.md "Insight"). */
export function postgresInsight(pool: PgPool): InsightRepository {
  // One statement for the whole batch; rows arrive sorted by key, so two instances adding to the
  // same rows lock them in the same order and cannot deadlock.
  const upsert = `INSERT INTO insight_counts (day, kind, key, count)
    SELECT * FROM unnest($1::integer[], $2::text[], $3::text[], $4::bigint[])
    ${shared.UPSERT_TAIL}`;
  const prune = numberPlaceholders(shared.PRUNE);
  const perDay = numberPlaceholders(shared.PER_DAY);
  const topKeys = numberPlaceholders(shared.TOP_KEYS);
  return {
    async add(counts) {
      if (counts.length === 0) return;
      await pool.query(upsert, [
        counts.map((c) => c.day),
        counts.map((c) => c.kind),
        counts.map((c) => c.key),
        counts.map((c) => c.count),
      ]);
    },
    async prune(beforeDay) {
      return (await pool.query(prune, [beforeDay])).rowCount ?? 0;
    },
    async perDay(fromDay) {
      return (await pool.query(perDay, [fromDay])).rows.map(shared.toDayCount);
    },
    async topKeys(kind, fromDay, limit) {
      return (await pool.query(topKeys, [fromDay, kind, limit])).rows.map(shared.toKeyTotal);
    },
    async topPacks(fromDay, limit, language) {
      const sql = numberPlaceholders(shared.topPacks(language));
      return (await pool.query(sql, [fromDay, fromDay, limit])).rows.map(shared.toPackTotal);
    },
  };
}
