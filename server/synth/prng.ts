// The one seeded PRNG of the generator (mulberry32): every generated sound, cover and song is
// reproducible from its seed. Samples use the `Rng` class, songs the bare function.

/** A source of uniform floats in [0, 1). */
export type RandomSource = () => number;

/** mulberry32 from `state` (taken as is): same state, same stream. */
function mulberry32(state: number): RandomSource {
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A deterministic random source from a 32-bit seed (seed 0 included, as songs use it). */
export function createRng(seed: number): RandomSource {
  return mulberry32(seed >>> 0);
}

/** One element of a non-empty list, chosen by `rng`. */
export function pick<T>(rng: RandomSource, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

/** A seeded PRNG with the helpers the sample voices use (seed 0 maps to a fixed non-zero state). */
export class Rng {
  /** Uniform in [0, 1). */
  readonly next: RandomSource;

  constructor(seed: number) {
    this.next = mulberry32(seed >>> 0 || 0x9e3779b9);
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return pick(this.next, items);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** White noise sample in [-1, 1). */
  noise(): number {
    return this.next() * 2 - 1;
  }
}

/** A stable 32-bit hash of a string, to derive seeds from names. */
export function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
