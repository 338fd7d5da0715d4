import { LruCache } from '../../../lib/lru-cache.ts';

/**
 * Values loaded by key: an LRU of finished answers plus the requests in flight, so a row scrolled
 * past twice asks once. A failed load is not cached; `onEvict` hears about dropped values.
 */
export function createLoadingCache<K, V>(
  loadValue: (key: K) => Promise<V>,
  limit: number,
  onEvict?: (value: V, key: K) => void,
) {
  const done = new LruCache<K, V>(limit, { onEvict });
  const pending = new Map<K, Promise<V>>();
  return {
    /** The cached value right now, if any (lets a row render it on its first frame). */
    peek: (key: K) => done.get(key),
    /** The value from the cache or from `loadValue`. */
    load(key: K): Promise<V> {
      if (done.has(key)) return Promise.resolve(done.get(key) as V);
      let request = pending.get(key);
      if (!request) {
        request = loadValue(key)
          .then((value) => {
            done.set(key, value);
            return value;
          })
          .finally(() => pending.delete(key));
        pending.set(key, request);
      }
      return request;
    },
    /** Entries kept. */
    get size() {
      return done.size;
    },
  };
}

/** Peaks by sample id (500 entries, docs/PRODUCT.md §9). */
export function createPeaksCache(fetchPeaks: (id: number) => Promise<number[]>, limit: number) {
  return createLoadingCache<number, number[]>(fetchPeaks, limit);
}
