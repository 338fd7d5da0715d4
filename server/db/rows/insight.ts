import type { Language } from '../../../src/shared/languages.ts';
import type {
  InsightKeyTotal,
  InsightKind,
  InsightPackTotal,
} from '../../insight/insight.repository.ts';
import { num, text, type Row } from './values.ts';

// The insight port's SQL, written once for both engines (`?` placeholders; PostgreSQL's adapter
// numbers them).

/** Adds a count to its row (the row's key columns are the primary key). */
export const UPSERT_TAIL = `ON CONFLICT (day, kind, key)
  DO UPDATE SET count = insight_counts.count + excluded.count`;

/** Deletes the days before a day. */
export const PRUNE = 'DELETE FROM insight_counts WHERE day < ?';

/** Totals per day and kind from a day on. */
export const PER_DAY = `SELECT day, kind, SUM(count) AS count FROM insight_counts
  WHERE day >= ? GROUP BY day, kind ORDER BY day`;

/** The top keys of a kind from a day on. */
export const TOP_KEYS = `SELECT key, SUM(count) AS count FROM insight_counts
  WHERE day >= ? AND kind = ? GROUP BY key ORDER BY count DESC, key LIMIT ?`;

/**
 * The top packs from a day on: plays and downloads are keyed by sample id (the CASE keeps
 * PostgreSQL from casting a keyword), auditions by audition code. Samples deleted since count
 * nowhere.
 */
export const topPacks = (language: Language) => {
  const name = language === 'zh' ? 'p.name_zh' : 'p.name_en';
  return `SELECT p.code, ${name} AS name,
    SUM(CASE WHEN e.kind = 'download' THEN 0 ELSE e.count END) AS plays,
    SUM(CASE WHEN e.kind = 'download' THEN e.count ELSE 0 END) AS downloads
  FROM (
    SELECT s.pack_code, c.kind, c.count FROM insight_counts c
      JOIN samples s ON s.id = CASE WHEN c.kind IN ('play', 'download')
        THEN CAST(c.key AS INTEGER) END
      WHERE c.day >= ? AND c.kind IN ('play', 'download')
    UNION ALL
    SELECT s.pack_code, c.kind, c.count FROM insight_counts c
      JOIN samples s ON s.audition_code = c.key
      WHERE c.day >= ? AND c.kind = 'audition'
  ) e JOIN packs p ON p.code = e.pack_code
  GROUP BY p.code, ${name} ORDER BY SUM(e.count) DESC, p.code LIMIT ?`;
};

/** A per-day row. */
export const toDayCount = (row: Row) => ({
  day: num(row.day),
  kind: text(row.kind) as InsightKind,
  count: num(row.count),
});

/** A top-keys row. */
export const toKeyTotal = (row: Row): InsightKeyTotal => ({
  key: text(row.key),
  count: num(row.count),
});

/** A top-packs row. */
export const toPackTotal = (row: Row): InsightPackTotal => ({
  packCode: text(row.code),
  name: text(row.name),
  plays: num(row.plays),
  downloads: num(row.downloads),
});
