/** What an LruCache is told at construction; both optional. */
interface LruCacheOptions<K, V> {
  /** Weight of one value (bytes for PCM); 1 per entry when absent, so the limit counts entries. */
  sizeOf?: (value: V) => number;
  /** Hears about each entry dropped for room (e.g. to revoke an object URL); not replacements. */
  onEvict?: (value: V, key: K) => void;
}

/**
 * The one least-recently-used cache of the client: bounded by a total size (bytes for the PCM
 * cache, entries for the spectrum, peaks and cover caches); the oldest entries go first.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; size: number }>();
  private total = 0;

  /** Largest total size kept; the oldest entries go first. */
  readonly limit: number;
  private readonly sizeOf: (value: V) => number;
  private readonly onEvict: ((value: V, key: K) => void) | undefined;

  constructor(limit: number, options: LruCacheOptions<K, V> = {}) {
    if (!(limit >= 1)) throw new RangeError('LRU limit must be at least 1');
    this.limit = limit;
    this.sizeOf = options.sizeOf ?? (() => 1);
    this.onEvict = options.onEvict;
  }

  /** The value, marked as most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores a value; one larger than the whole limit is not kept at all. */
  set(key: K, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.limit) return;
    this.entries.set(key, { value, size });
    this.total += size;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.limit) break;
      this.entries.delete(oldest);
      this.total -= entry.size;
      this.onEvict?.(entry.value, oldest);
    }
  }

  /** Whether the key is cached (does not touch its recency). */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Forgets one entry (no onEvict: the caller knows). */
  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** Total size held (bytes for PCM; equal to `count` when values weigh 1). */
  get size(): number {
    return this.total;
  }

  /** Number of entries. */
  get count(): number {
    return this.entries.size;
  }
}
