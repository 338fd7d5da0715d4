import { describe, expect, it, vi } from 'vitest';
import { createLoadingCache, createPeaksCache } from './lru-cache.ts';

describe('peaks cache', () => {
  it('asks once for concurrent loads, keeps 500 entries, and retries failures', async () => {
    const fetchPeaks = vi.fn(async (id: number) => {
      if (id === -1) throw new Error('offline');
      return [id / 1000];
    });
    const cache = createPeaksCache(fetchPeaks, 500);
    const [a, b] = await Promise.all([cache.load(1), cache.load(1)]);
    expect(a).toBe(b);
    expect(fetchPeaks).toHaveBeenCalledTimes(1);
    for (let id = 2; id <= 501; id++) await cache.load(id);
    expect(cache.size).toBe(500);
    expect(cache.peek(1)).toBeUndefined();
    expect(cache.peek(501)).toEqual([0.501]);
    await expect(cache.load(-1)).rejects.toThrow('offline');
    await expect(cache.load(-1)).rejects.toThrow('offline');
    expect(fetchPeaks).toHaveBeenCalledTimes(503);
  });
});

describe('loading cache (cover thumbnails)', () => {
  it('releases evicted values, shares loads in flight and does not cache failures', async () => {
    const released: string[] = [];
    const make = vi.fn(async (url: string) => {
      if (url === 'bad') throw new Error('404');
      return `thumb:${url}`;
    });
    const cache = createLoadingCache<string, string>(make, 2, (thumb) => released.push(thumb));
    const [a, b] = await Promise.all([cache.load('x'), cache.load('x')]);
    expect([a, b]).toEqual(['thumb:x', 'thumb:x']);
    expect(make).toHaveBeenCalledTimes(1);
    await cache.load('y');
    await cache.load('z');
    expect(released).toEqual(['thumb:x']);
    expect(cache.peek('x')).toBeUndefined();
    expect(cache.peek('z')).toBe('thumb:z');
    await expect(cache.load('bad')).rejects.toThrow('404');
    await expect(cache.load('bad')).rejects.toThrow('404');
    expect(make).toHaveBeenCalledTimes(5);
  });
});
