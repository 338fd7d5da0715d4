import type { ErrorCode } from '../errors.ts';

/** Every JSON answer: code 200 is success (docs/PRODUCT.md §7, docs/API.md#common-rules). */
export interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data: T;
  /** Present on errors: the machine-readable reason. */
  errorCode?: ErrorCode;
  /** Present on 400s: the offending field. */
  field?: string;
}

/** A page of a list answer. */
export interface ListPage<T> {
  records: T[];
  total: number;
  /**
   * Present (true) when `total` is an estimate: a full-text filter with more than 10,000 matches
   * (docs/api/catalogue.md, "Totals"). The list's real end is where a page comes back short.
   */
  totalEstimated?: boolean;
  page: number;
  pageSize: number;
}
