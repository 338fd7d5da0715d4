/** A least-recently-used map with a fixed number of entries; the oldest is dropped first. */
export class LruCache<K, V> {
  readonly limit: number;
  readonly #map = new Map<K, V>();

  constructor(limit: number) {
    if (!(limit >= 1)) throw new RangeError('LRU limit must be at least 1');
    this.limit = limit;
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
    if (this.#map.size > this.limit) this.#map.delete(this.#map.keys().next().value as K);
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
 * Peaks by sample id: an LRU of finished answers (500 entries, SPEC §9) plus the requests in
 * flight, so a row scrolled past twice asks the gateway once.
 */
export function createPeaksCache(fetchPeaks: (id: number) => Promise<number[]>, limit: number) {
  const done = new LruCache<number, number[]>(limit);
  const pending = new Map<number, Promise<number[]>>();
  return {
    /** Cached peaks right now, if any (lets a row render its waveform on the first frame). */
    peek: (id: number) => done.get(id),
    /** Peaks from the cache or the gateway; a failed fetch is not cached. */
    load(id: number): Promise<number[]> {
      const hit = done.get(id);
      if (hit) return Promise.resolve(hit);
      let request = pending.get(id);
      if (!request) {
        request = fetchPeaks(id)
          .then((peaks) => {
            done.set(id, peaks);
            return peaks;
          })
          .finally(() => pending.delete(id));
        pending.set(id, request);
      }
      return request;
    },
    /** Entries kept. */
    get size() {
      return done.size;
    },
  };
}
