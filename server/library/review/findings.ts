// The review queue's findings (docs/LIBRARY.md "Review findings"): what a check at ingest says
// about one file, with a code the admin API answers as is.

/** Every finding code, as the admin API answers it. */
export const REVIEW_CODES = [
  'TEMPO_MISMATCH',
  'KEY_MISMATCH',
  'CLIPPING',
  'DC_OFFSET',
  'LEADING_SILENCE',
  'LOOP_CLICK',
  'DUPLICATE',
  'LOUDNESS_OUTLIER',
  'INVALID_AUDIO',
] as const;

/** One finding code. */
export type ReviewCode = (typeof REVIEW_CODES)[number];

/** What a check found: its code and the measurements behind it (JSON). */
export interface Finding {
  code: ReviewCode;
  detail: Record<string, string | number | boolean | null>;
}

/** Where a finding stands in the queue. */
export const REVIEW_STATUSES = ['open', 'accepted', 'fixed', 'rejected'] as const;

/** A finding's status. */
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
