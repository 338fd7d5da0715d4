import type { Language } from '../../src/shared/languages.ts';

/**
 * What insight counts (docs/ADMIN.md "Insight"): an encrypted `play` and an `audition` fetch
 * (key: sample id, audition code), a `download` grant (key: sample id), a `search` and, when it
 * found nothing, also a `search0` (key: the normalised keyword).
 */
export const INSIGHT_KINDS = ['play', 'audition', 'download', 'search', 'search0'] as const;

/** One kind of counted event. */
export type InsightKind = (typeof INSIGHT_KINDS)[number];

/** Events of one kind and key on one UTC day (days since 1970-01-01). */
export interface InsightCount {
  day: number;
  kind: InsightKind;
  key: string;
  count: number;
}

/** A key and its total over a span of days. */
export interface InsightKeyTotal {
  key: string;
  count: number;
}

/** A pack's plays (plays and auditions) and downloads over a span of days. */
export interface InsightPackTotal {
  packCode: string;
  name: string;
  plays: number;
  downloads: number;
}

/** Storage of the insight counts (server/db/{sqlite,postgres}/insight.ts). */
export interface InsightRepository {
  /** Adds each count to its (day, kind, key) row, creating it when new: all or none. */
  add(counts: readonly InsightCount[]): Promise<void>;
  /** Deletes the rows of days before `beforeDay`; how many went. */
  prune(beforeDay: number): Promise<number>;
  /** Totals per day and kind from `fromDay` on (days without events are absent). */
  perDay(fromDay: number): Promise<{ day: number; kind: InsightKind; count: number }[]>;
  /** The `limit` keys of a kind with the highest totals from `fromDay` on (ties by key). */
  topKeys(kind: InsightKind, fromDay: number, limit: number): Promise<InsightKeyTotal[]>;
  /** The `limit` packs with the most plays + downloads from `fromDay` on, named in `language`. */
  topPacks(fromDay: number, limit: number, language: Language): Promise<InsightPackTotal[]>;
}
