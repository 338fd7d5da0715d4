/** A seeded pseudo-random source returning floats in [0, 1) (mulberry32): same seed, same song. */
export type Rng = () => number;

/** Creates a deterministic random source from a 32-bit seed. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One element of a non-empty list, chosen by `rng`. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

/** Frequency (Hz) of a MIDI note number. */
export function midiToHz(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}
