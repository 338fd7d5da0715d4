/** A least-recently-used map with a fixed number of entries; the oldest is dropped first. */
export class LruCache<K, V> {
  readonly limit: number;
  readonly #map = new Map<K, V>();
  readonly #onEvict: ((value: V, key: K) => void) | undefined;

  /** `onEvict` hears about each entry dropped for room (e.g. to revoke an object URL). */
  constructor(limit: number, onEvict?: (value: V, key: K) => void) {
    if (!(limit >= 1)) throw new RangeError('LRU limit must be at least 1');
    this.limit = limit;
    this.#onEvict = onEvict;
  }

  /** The value, marked as most recently used. */
  get(key: K): V | undefined {
    if (!this.#map.has(key)) return undefined;
    const value = this.#map.get(key) as V;
    this.#map.delete(key);
    this.#map.set(key, value);
    return value;
  }

  /** Stores a value, dropping the least recently used entry when full. */
  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size <= this.limit) return;
    const [oldKey, oldValue] = this.#map.entries().next().value as [K, V];
    this.#map.delete(oldKey);
    this.#onEvict?.(oldValue, oldKey);
  }

  /** Whether the key is cached (does not touch its recency). */
  has(key: K): boolean {
    return this.#map.has(key);
  }

  /** Number of entries. */
  get size(): number {
    return this.#map.size;
  }
}

/**
 * Values loaded by key: an LRU of finished answers plus the requests in flight, so a row scrolled
 * past twice asks once. A failed load is not cached; `onEvict` hears about dropped values.
 */
export function createLoadingCache<K, V>(
  loadValue: (key: K) => Promise<V>,
  limit: number,
  onEvict?: (value: V, key: K) => void,
) {
  const done = new LruCache<K, V>(limit, onEvict);
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

/** Peaks by sample id (500 entries, SPEC §9). */
export function createPeaksCache(fetchPeaks: (id: number) => Promise<number[]>, limit: number) {
  return createLoadingCache<number, number[]>(fetchPeaks, limit);
}
