import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.ts';

describe('LruCache', () => {
  it('is bounded by total size, dropping the least recently used first', () => {
    const cache = new LruCache<string, Uint8Array>(100, { sizeOf: (v) => v.byteLength });
    cache.set('a', new Uint8Array(40));
    cache.set('b', new Uint8Array(40));
    cache.get('a'); // a is now the most recent
    cache.set('c', new Uint8Array(40));
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.has('c')).toBe(true);
    expect(cache.size).toBe(80);
    expect(cache.count).toBe(2);
  });

  it('never keeps an entry larger than the whole bound, and replacing a key re-counts it', () => {
    const cache = new LruCache<string, Uint8Array>(100, { sizeOf: (v) => v.byteLength });
    cache.set('big', new Uint8Array(101));
    expect(cache.has('big')).toBe(false);
    cache.set('a', new Uint8Array(60));
    cache.set('a', new Uint8Array(10));
    expect(cache.size).toBe(10);
    cache.delete('a');
    expect(cache.size).toBe(0);
  });

  it('counts entries by default: 500 spectra keep the newest 500', () => {
    const cache = new LruCache<number, number>(500);
    for (let id = 1; id <= 501; id++) cache.set(id, id);
    expect(cache.count).toBe(500);
    expect(cache.has(1)).toBe(false);
    expect(cache.get(501)).toBe(501);
    cache.clear();
    expect(cache.count).toBe(0);
  });

  it('drops the least recently used entry when full', () => {
    const cache = new LruCache<number, string>(2);
    cache.set(1, 'a');
    cache.set(2, 'b');
    cache.get(1);
    cache.set(3, 'c');
    expect(cache.has(1)).toBe(true);
    expect(cache.has(2)).toBe(false);
    expect(cache.size).toBe(2);
  });

  it('tells onEvict about each entry dropped for room, not about replaced ones', () => {
    const evicted: [string, number][] = [];
    const cache = new LruCache<number, string>(2, {
      onEvict: (value, key) => evicted.push([value, key]),
    });
    cache.set(1, 'a');
    cache.set(1, 'a2');
    cache.set(2, 'b');
    expect(evicted).toEqual([]);
    cache.set(3, 'c');
    expect(evicted).toEqual([['a2', 1]]);
  });

  it('refuses a limit below one', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
