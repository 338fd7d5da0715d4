/** The span GET admin/insight may cover: 1 to 400 days (what the gateway keeps), 30 by default. */
export const INSIGHT_DAYS = { min: 1, max: 400, default: 30 } as const;

/** Plays (encrypted plays and auditions) and download grants on one UTC day. */
export interface InsightDay {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  plays: number;
  downloads: number;
}

/** A normalised search keyword and how often it was searched. */
export interface InsightSearch {
  keyword: string;
  count: number;
}

/** A pack with its plays and downloads over the span. */
export interface InsightPack {
  packCode: string;
  /** In the request's language. */
  name: string;
  plays: number;
  downloads: number;
}

/** GET admin/insight: the last `days` days of recorded events (docs/ADMIN.md "Insight"). */
export interface InsightReport {
  days: number;
  /** Every day of the span, oldest first, zeros included. */
  perDay: InsightDay[];
  /** The 20 most searched keywords. */
  searches: InsightSearch[];
  /** The 20 most searched keywords that found nothing: what to add to the catalogue. */
  zeroResults: InsightSearch[];
  /** The 10 packs with the most plays + downloads. */
  packs: InsightPack[];
}
