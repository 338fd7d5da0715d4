import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingCache } from '../model/lru-cache.ts';
import { gridScrollSpeed } from '../model/scroll-speed.ts';
import { useSettledLoad } from './use-settled-load.ts';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A loading cache whose loads are counted and answer `value-{key}`. */
function countingCache() {
  const asked: number[] = [];
  const cache = createLoadingCache<number, string>(async (key) => {
    asked.push(key);
    if (key < 0) throw new Error('no such row');
    return `value-${key}`;
  }, 10);
  return { cache, asked };
}

const settle = () => act(() => vi.advanceTimersByTimeAsync(130));

describe('useSettledLoad', () => {
  it('loads once the row has stayed, and answers a cached value on the first render', async () => {
    const { cache, asked } = countingCache();
    const first = renderHook(({ key }) => useSettledLoad(cache, key), { initialProps: { key: 1 } });
    expect(first.result.current).toBeUndefined();
    expect(asked).toEqual([]);
    await settle();
    expect(first.result.current).toBe('value-1');
    const again = renderHook(() => useSettledLoad(cache, 1));
    expect(again.result.current).toBe('value-1');
    expect(asked).toEqual([1]);
  });

  it('asks nothing for a row that scrolls past, and waits while the grid flies', async () => {
    const { cache, asked } = countingCache();
    const row = renderHook(({ key }) => useSettledLoad(cache, key), { initialProps: { key: 1 } });
    row.rerender({ key: 2 }); // scrolled past before it settled
    // The grid flies for 300 ms: a scroll event every 50 ms, 1000 px apart.
    for (let i = 0; i < 6; i++) {
      gridScrollSpeed.note(i * 1000, performance.now());
      await act(() => vi.advanceTimersByTimeAsync(50));
    }
    expect(asked).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(250)); // quiet again
    expect(asked).toEqual([2]);
    expect(row.result.current).toBe('value-2');
  });

  it('a failed load leaves the value undefined', async () => {
    const { cache } = countingCache();
    const row = renderHook(() => useSettledLoad(cache, -1));
    await settle();
    expect(row.result.current).toBeUndefined();
  });
});
