/** A least-recently-used cache bounded by a total size (bytes for PCM, 1 per entry for counts). */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; size: number }>();
  private total = 0;

  /** Largest total size kept; the oldest entries go first. */
  readonly limit: number;
  private readonly sizeOf: (value: V) => number;

  constructor(limit: number, sizeOf: (value: V) => number = () => 1) {
    this.limit = limit;
    this.sizeOf = sizeOf;
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
    }
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** Total size held. */
  get size(): number {
    return this.total;
  }

  /** Number of entries. */
  get count(): number {
    return this.entries.size;
  }
}
