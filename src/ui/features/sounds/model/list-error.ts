import { isTimeoutError } from 'ky';
import { ApiRequestError } from '../../../api/http-error.ts';

/** A list page that did not answer in time and was given up (the list then offers a retry). */
export class PageTimeoutError extends Error {
  override name = 'PageTimeoutError';
  readonly page: number;

  constructor(page: number, afterMs: number) {
    super(`page ${page} did not answer within ${afterMs} ms`);
    this.page = page;
  }
}

/** What went wrong with a list, as the user is told it (`sounds:list.errors.{kind}`). */
type ListErrorKind = 'timeout' | 'network' | 'server' | 'request';

/**
 * The kind of a list failure. The list words it in the user's language itself rather than showing
 * the gateway's or the browser's text, which may be in another language or not meant for people.
 */
export function listErrorKind(error: unknown): ListErrorKind {
  if (error instanceof PageTimeoutError) return 'timeout';
  if (error instanceof ApiRequestError) {
    if (error.status === 0) return isTimeoutError(error.cause) ? 'timeout' : 'network';
    return error.status >= 500 ? 'server' : 'request';
  }
  return 'network';
}
