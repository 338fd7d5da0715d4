// The RANDOM sort's keys, the same in every adapter (docs/api/catalogue.md, "Sorts"): each
// sample's key is shuffleKey(id, 0), and a seed picks where on the circle of keys its order starts.

/** A deterministic 32-bit mix of (id, seed): the RANDOM sort's key, stable for one seed. */
export function shuffleKey(id: number, seed: number): number {
  let h = (Math.imul(id, 0x9e3779b1) ^ seed) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Where a seed's RANDOM order starts on the circle of 32-bit sample keys. */
export const randomStart = (seed: number): number => shuffleKey(0, seed);
