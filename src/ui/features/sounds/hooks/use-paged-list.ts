import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ListPage } from '../../../../shared/index.ts';

/** Loads one page (1-based) of a list. */
export type PageFetcher<T> = (
  page: number,
  pageSize: number,
  signal: AbortSignal,
) => Promise<ListPage<T>>;

/** A list loaded page by page as the user scrolls: sparse rows by absolute index. */
export interface PagedList<T> {
  /** Total rows on the gateway; null until the first page answered. */
  total: number | null;
  /** Rows by index; undefined where the page has not loaded yet. */
  rows: readonly (T | undefined)[];
  error: unknown;
  /** Makes sure the pages covering rows [start, end] are loaded or loading. */
  ensureRange(start: number, end: number): void;
}

/** Largest page the gateway serves, so 100k rows need as few requests as possible. */
export const PAGE_SIZE = 100;

interface ListState<T> {
  key: string;
  rows: (T | undefined)[];
  total: number | null;
  error: unknown;
}

const empty = <T>(key: string): ListState<T> => ({ key, rows: [], total: null, error: null });

/**
 * Pages a list from the gateway on demand. A new `key` (query, or a version bumped after a delete)
 * drops everything and starts over; requests of the old query are aborted so late answers never
 * mix into the new list.
 */
export function usePagedList<T>(key: string, fetchPage: PageFetcher<T>): PagedList<T> {
  const [state, setState] = useState<ListState<T>>(() => empty(key));
  const current = state.key === key ? state : empty<T>(key);
  if (state.key !== key) setState(current);

  const session = useRef<{ key: string; signal: AbortSignal; requested: Set<number> } | null>(null);
  const fetcher = useRef(fetchPage);
  useLayoutEffect(() => {
    fetcher.current = fetchPage;
  });

  const load = useCallback((page: number) => {
    const active = session.current;
    if (!active || active.requested.has(page)) return;
    active.requested.add(page);
    const { signal } = active;
    fetcher
      .current(page, PAGE_SIZE, signal)
      .then((answer) => {
        if (signal.aborted) return;
        setState((previous) => {
          if (previous.key !== active.key) return previous;
          const rows = [...previous.rows];
          const offset = (page - 1) * PAGE_SIZE;
          rows.length = Math.max(
            rows.length,
            Math.min(answer.total, offset + answer.records.length),
          );
          answer.records.forEach((record, i) => {
            rows[offset + i] = record;
          });
          return { ...previous, rows, total: answer.total };
        });
      })
      .catch((reason: unknown) => {
        if (signal.aborted) return;
        active.requested.delete(page);
        setState((previous) =>
          previous.key === active.key ? { ...previous, error: reason } : previous,
        );
      });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    session.current = { key, signal: controller.signal, requested: new Set() };
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

  return { total: current.total, rows: current.rows, error: current.error, ensureRange };
}
