import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ListPage } from '../../../../shared/index.ts';
import { PageTimeoutError } from '../model/list-error.ts';

/** Loads one page (1-based) of a list. */
export type PageFetcher<T> = (
  page: number,
  pageSize: number,
  signal: AbortSignal,
) => Promise<ListPage<T>>;

/** Where a list stands: its first page loading, shown, or failed (with a retry). */
export type ListStatus = 'loading' | 'ready' | 'error';

/** A list loaded page by page as the user scrolls: sparse rows by absolute index. */
interface PagedList<T> {
  /** Total rows on the gateway; null until the first page answered. */
  total: number | null;
  /** `total` is the gateway's estimate (ListPage.totalEstimated), until the list's end is seen. */
  totalEstimated: boolean;
  /** Rows by index; undefined where the page has not loaded yet. */
  rows: readonly (T | undefined)[];
  /** The last failure of a page, until `retry`. */
  error: unknown;
  status: ListStatus;
  /** Makes sure the pages covering rows [start, end] are loaded or loading. */
  ensureRange(start: number, end: number): void;
  /** Asks again for every page that failed. */
  retry(): void;
}

/** What a grid (SampleList) shows of a paged list: its rows, where it stands, how to ask for more. */
export function gridOfList<T>(list: PagedList<T>) {
  const { total, rows, error, status, retry, ensureRange } = list;
  return { total, rows, error, status, onRetry: retry, ensureRange };
}

/** Largest page the gateway serves, so 100k rows need as few requests as possible. */
export const PAGE_SIZE = 100;

/**
 * A page that has not answered after this long is given up and shown as failed with a retry: a
 * page of 100 rows answers in milliseconds, and the HTTP client's own limit (300 s) would leave the
 * progress bar running for minutes.
 */
export const PAGE_DEADLINE_MS = 20_000;

/** How often a page whose request was aborted by someone else is asked again before it fails. */
export const ABORT_RETRIES = 3;

interface ListState<T> {
  key: string;
  rows: (T | undefined)[];
  total: number | null;
  /** The total is an estimate; false once the gateway's count is exact or the end was seen. */
  estimated: boolean;
  /** The list's real end, once a page of an estimated list came back short. */
  end: number | null;
  error: unknown;
}

const empty = <T>(key: string): ListState<T> => ({
  key,
  rows: [],
  total: null,
  estimated: false,
  end: null,
  error: null,
});

/**
 * The total after a page of `records` at `offset` answered. An estimated total
 * (docs/api/catalogue.md, "Totals") gives way to the truth: a short page marks the end, and a
 * full page at or past the estimate keeps one more row so the grid asks for the next page.
 */
export function nextTotal(
  previous: { end: number | null },
  answer: { total: number; totalEstimated?: boolean },
  offset: number,
  received: number,
  pageSize: number,
): { total: number; estimated: boolean; end: number | null } {
  if (previous.end !== null) return { total: previous.end, estimated: false, end: previous.end };
  if (!answer.totalEstimated) return { total: answer.total, estimated: false, end: null };
  if (received < pageSize && (received > 0 || offset > 0))
    return { total: offset + received, estimated: false, end: offset + received };
  return { total: Math.max(answer.total, offset + received + 1), estimated: true, end: null };
}

/** One query's requests: ended (aborted) when the list's key changes or the list unmounts. */
interface Session {
  key: string;
  controller: AbortController;
  /** Pages asked for and not failed: a page in here is answered or being answered. */
  requested: Set<number>;
  /** Pages that failed, asked again by `retry`. */
  failed: Set<number>;
}

const isAbort = (reason: unknown) =>
  reason instanceof Error &&
  (reason.name === 'AbortError' || (reason.cause as Error | undefined)?.name === 'AbortError');

/**
 * Pages a list from the gateway on demand. A new `key` (query, or a version bumped after a delete)
 * drops everything and starts over; requests of the old query are aborted so late answers never
 * mix into the new list.
 *
 * Every page the list asks for is answered, asked again, or shown as failed: a page is asked on
 * the live session only (never on one already aborted), a request aborted while its list is still
 * shown (not by this hook) is asked again, and one that takes longer than `PAGE_DEADLINE_MS` is
 * given up and reported, so the page never waits on a request that will not answer.
 * docs/SOUNDS.md, "List loading", tells the story.
 */
export function usePagedList<T>(key: string, fetchPage: PageFetcher<T>): PagedList<T> {
  const [state, setState] = useState<ListState<T>>(() => empty(key));
  const current = state.key === key ? state : empty<T>(key);
  if (state.key !== key) setState(current);

  const session = useRef<Session | null>(null);
  const fetcher = useRef(fetchPage);
  useLayoutEffect(() => {
    fetcher.current = fetchPage;
  });

  const request = useCallback(function ask(active: Session, page: number, attempt: number) {
    const live = () => session.current === active && !active.controller.signal.aborted;
    const own = new AbortController();
    const deadline = setTimeout(
      () => own.abort(new PageTimeoutError(page, PAGE_DEADLINE_MS)),
      PAGE_DEADLINE_MS,
    );
    const signal = AbortSignal.any([active.controller.signal, own.signal]);
    const fail = (reason: unknown) => {
      active.requested.delete(page);
      active.failed.add(page);
      setState((previous) =>
        previous.key === active.key ? { ...previous, error: reason } : previous,
      );
    };
    fetcher
      .current(page, PAGE_SIZE, signal)
      .then((answer) => {
        if (!live()) return;
        setState((previous) => {
          if (previous.key !== active.key) return previous;
          const rows = [...previous.rows];
          const offset = (page - 1) * PAGE_SIZE;
          const next = nextTotal(previous, answer, offset, answer.records.length, PAGE_SIZE);
          rows.length = Math.min(Math.max(rows.length, offset + answer.records.length), next.total);
          answer.records.forEach((record, i) => {
            if (offset + i < next.total) rows[offset + i] = record;
          });
          return { ...previous, rows, ...next };
        });
      })
      .catch((reason: unknown) => {
        if (!live()) return;
        if (own.signal.aborted) return fail(own.signal.reason);
        // Aborted, but not by this list (it is still shown): the page still needs its rows.
        if (isAbort(reason) && attempt < ABORT_RETRIES) return ask(active, page, attempt + 1);
        fail(reason);
      })
      .finally(() => clearTimeout(deadline));
  }, []);

  const load = useCallback(
    (page: number) => {
      const active = session.current;
      // Between a key change's cleanup and its new session there is no live session: the new
      // session asks for page 1 itself, and the grid asks for the rest once it knows the total.
      if (!active || active.controller.signal.aborted || active.requested.has(page)) return;
      active.requested.add(page);
      request(active, page, 0);
    },
    [request],
  );

  useEffect(() => {
    const controller = new AbortController();
    session.current = { key, controller, requested: new Set(), failed: new Set() };
    load(1);
    return () => controller.abort();
  }, [key, load]);

  const ensureRange = useCallback(
    (start: number, end: number) => {
      const first = Math.floor(Math.max(0, start) / PAGE_SIZE) + 1;
      const last = Math.floor(Math.max(0, end) / PAGE_SIZE) + 1;
      for (let page = first; page <= last; page++) load(page);
    },
    [load],
  );

  const retry = useCallback(() => {
    const active = session.current;
    if (!active) return;
    const pages = active.failed.size > 0 ? [...active.failed] : [1];
    active.failed.clear();
    setState((previous) => (previous.key === active.key ? { ...previous, error: null } : previous));
    for (const page of pages) load(page);
  }, [load]);

  const status: ListStatus = current.total !== null ? 'ready' : current.error ? 'error' : 'loading';
  return {
    total: current.total,
    totalEstimated: current.estimated,
    rows: current.rows,
    error: current.error,
    status,
    ensureRange,
    retry,
  };
}
