import type { InsightReport } from '../../src/shared/api/insight.types.ts';
import {
  arrayOf,
  integer,
  object,
  text,
  type Assert,
  type SameShape,
} from '../http/response-schema.ts';

const search = object({ keyword: text, count: integer });

/** GET admin/insight's answer (src/shared/api/insight.types.ts). */
export const insightReportSchema = object({
  days: integer,
  perDay: arrayOf(object({ date: text, plays: integer, downloads: integer })),
  searches: arrayOf(search),
  zeroResults: arrayOf(search),
  packs: arrayOf(object({ packCode: text, name: text, plays: integer, downloads: integer })),
});

/** Compile-time proof that the schema is the shared type. */
export type InsightShapes = [Assert<SameShape<typeof insightReportSchema, InsightReport>>];
