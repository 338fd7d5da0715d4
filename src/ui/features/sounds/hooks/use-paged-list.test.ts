import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListPage } from '../../../../shared/index.ts';
import { ApiRequestError } from '../../../api/http-error.ts';
import { PageTimeoutError } from '../model/list-error.ts';
import {
  ABORT_RETRIES,
  PAGE_DEADLINE_MS,
  PAGE_SIZE,
  usePagedList,
  type PageFetcher,
} from './use-paged-list.ts';

afterEach(() => void vi.useRealTimers());

/** One call of the fetcher, answered or failed by the test in any order it likes. */
interface Call {
  page: number;
  signal: AbortSignal;
  answer(records: string[], total: number, totalEstimated?: boolean): Promise<void>;
  fail(reason: unknown): Promise<void>;
}

/**
 * A fetcher whose promises the test settles by hand. Like the app's HTTP client, a call rejects
 * with an AbortError as soon as its signal aborts.
 */
function controlledFetcher() {
  const calls: Call[] = [];
  const fetchPage: PageFetcher<string> = (page, _size, signal) =>
    new Promise<ListPage<string>>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(abortedByOthers()));
      calls.push({
        page,
        signal,
        answer: (records, total, totalEstimated) =>
          act(async () =>
            resolve({ records, total, page, pageSize: 100, totalEstimated } as ListPage<string>),
          ),
        fail: (reason) => act(async () => reject(reason)),
      });
    });
  return { calls, fetchPage };
}

const abortCause = () => new DOMException('The operation was aborted.', 'AbortError');

/** An AbortError the way fetch reports it, wrapped by the HTTP client. */
const abortedByOthers = () => new ApiRequestError('aborted', { status: 0, cause: abortCause() });

describe('usePagedList: a page never waits on an aborted request', () => {
  it('asks again for a page whose request was aborted while its list is still shown', async () => {
    const { calls, fetchPage } = controlledFetcher();
    const list = renderHook(({ key }) => usePagedList(key, fetchPage), {
      initialProps: { key: 'drums' },
    });
    expect(calls.map((c) => c.page)).toEqual([1]);
    // The request dies on the way (not by this list: it is still the one shown).
    await calls[0]!.fail(abortedByOthers());
    expect(calls).toHaveLength(2);
    expect(calls[1]!.page).toBe(1);
    expect(list.result.current.status).toBe('loading');
    await calls[1]!.answer(['kick', 'snare'], 2);
    expect(list.result.current.status).toBe('ready');
    expect(list.result.current.rows).toEqual(['kick', 'snare']);
  });

  it('shows a failure (never an endless wait) once aborts keep coming', async () => {
    const { calls, fetchPage } = controlledFetcher();
    const list = renderHook(() => usePagedList('drums', fetchPage));
    for (let i = 0; i <= ABORT_RETRIES; i++) await calls[i]!.fail(abortedByOthers());
    expect(calls).toHaveLength(ABORT_RETRIES + 1);
    expect(list.result.current.status).toBe('error');
  });

  it('the old list aborted by a key change, answering late, never fills the new list', async () => {
    const { calls, fetchPage } = controlledFetcher();
    const list = renderHook(({ key }) => usePagedList(key, fetchPage), {
      initialProps: { key: 'instruments' },
    });
    const old = calls[0]!;
    list.rerender({ key: 'drums' });
    expect(old.signal.aborted).toBe(true);
    const fresh = calls[1]!;
    expect(fresh.signal.aborted).toBe(false);
    await old.answer(['piano'], 1);
    expect(list.result.current.status).toBe('loading');
    await fresh.answer(['kick'], 1);
    expect(list.result.current.rows).toEqual(['kick']);
    // The aborted request is not asked again: it belongs to a list that is gone.
    expect(calls).toHaveLength(2);
  });

  it('gives up a page that does not answer within the deadline, and retry loads it', async () => {
    vi.useFakeTimers();
    const { calls, fetchPage } = controlledFetcher();
    const list = renderHook(() => usePagedList('drums', fetchPage));
    await act(() => vi.advanceTimersByTimeAsync(PAGE_DEADLINE_MS - 1));
    expect(list.result.current.status).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(list.result.current.status).toBe('error');
    expect(list.result.current.error).toBeInstanceOf(PageTimeoutError);
    act(() => list.result.current.retry());
    expect(list.result.current.status).toBe('loading');
    expect(calls).toHaveLength(2);
    await calls[1]!.answer(['kick'], 1);
    expect(list.result.current.status).toBe('ready');
    expect(list.result.current.error).toBeNull();
  });

  it('a failed page shows an error; retry asks again for the failed page only', async () => {
    const { calls, fetchPage } = controlledFetcher();
    const list = renderHook(() => usePagedList('all', fetchPage));
    await calls[0]!.answer(
      Array.from({ length: 100 }, (_, i) => `s${i}`),
      250,
    );
    act(() => list.result.current.ensureRange(0, 150));
    expect(calls.map((c) => c.page)).toEqual([1, 2]);
    await calls[1]!.fail(new ApiRequestError('服务器内部错误', { status: 500 }));
    expect(list.result.current.status).toBe('ready');
    expect(list.result.current.error).toBeInstanceOf(ApiRequestError);
    act(() => list.result.current.retry());
    expect(calls.map((c) => c.page)).toEqual([1, 2, 2]);
    expect(list.result.current.error).toBeNull();
    await calls[2]!.answer(['x'], 250);
    expect(list.result.current.rows[100]).toBe('x');
  });
});

describe('usePagedList: an estimated total gives way to the real end of the list', () => {
  const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `row ${from + i}`);

  it('shows the estimate, then the end a short page marks, which later answers keep', async () => {
    const { calls, fetchPage } = controlledFetcher();
    const list = renderHook(() => usePagedList('v', fetchPage));
    await calls[0]!.answer(rows(PAGE_SIZE), 350, true);
    expect(list.result.current.total).toBe(350);
    expect(list.result.current.totalEstimated).toBe(true);
    act(() => list.result.current.ensureRange(0, 349));
    expect(calls.map((c) => c.page)).toEqual([1, 2, 3, 4]);
    // The estimate was high: page 3 is short and page 4 empty; the end is row 250.
    await calls[2]!.answer(rows(50, 200), 350, true);
    expect(list.result.current.total).toBe(250);
    expect(list.result.current.totalEstimated).toBe(false);
    await calls[3]!.answer([], 350, true);
    await calls[1]!.answer(rows(PAGE_SIZE, 100), 350, true);
    expect(list.result.current.total).toBe(250);
    expect(list.result.current.rows).toEqual(rows(250));
  });

  it('keeps asking past an estimate that was low, until a page comes back short', async () => {
    const { calls, fetchPage } = controlledFetcher();
    const list = renderHook(() => usePagedList('v', fetchPage));
    await calls[0]!.answer(rows(PAGE_SIZE), 150, true);
    act(() => list.result.current.ensureRange(0, 149));
    await calls[1]!.answer(rows(PAGE_SIZE, 100), 150, true);
    // A full page 2 reaches past the estimate: one more row makes the grid ask for page 3.
    expect(list.result.current.total).toBe(201);
    expect(list.result.current.totalEstimated).toBe(true);
    act(() => list.result.current.ensureRange(0, 200));
    await calls[2]!.answer(rows(30, 200), 150, true);
    expect(list.result.current.total).toBe(230);
    expect(list.result.current.rows).toEqual(rows(230));
  });

  it('takes an exact total as it is', async () => {
    const { calls, fetchPage } = controlledFetcher();
    const list = renderHook(() => usePagedList('kick', fetchPage));
    await calls[0]!.answer(rows(PAGE_SIZE), 5000);
    expect(list.result.current).toMatchObject({ total: 5000, totalEstimated: false });
  });
});
