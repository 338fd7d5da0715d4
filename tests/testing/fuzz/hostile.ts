import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import {
  BOUNDARY_NUMBERS,
  FTS_SQL_STRINGS,
  HOSTILE_FAMILIES,
} from '../../../src/testing/hostile-strings.ts';

/** A hostile string: a family at random, then one of it, alone or spliced into a plain word. */
export function hostileString(): fc.Arbitrary<string> {
  // NUL and other control characters first: they broke FTS5 (a NUL ends its C-string parse).
  const { control, surrogates, invisible, paths, sizes } = HOSTILE_FAMILIES;
  const families: [number, readonly string[]][] = [
    [4, control!],
    [2, surrogates!],
    [2, invisible!],
    [2, FTS_SQL_STRINGS],
    [1, BOUNDARY_NUMBERS],
    [1, paths!],
    [1, sizes!],
  ];
  const fixed = fc.oneof(
    ...families.map(([weight, family]) => ({ weight, arbitrary: fc.constantFrom(...family) })),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fixed },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 6 }), fixed, fc.string({ maxLength: 6 }))
        .map((parts) => parts.join('')),
    },
  );
}

/**
 * The seed of a fuzz run: FUZZ_SEED when set (to replay a failure), else a fresh one. It is
 * printed with the number of cases so every CI log says how to replay it.
 */
export function fuzzSeed(name: string, cases: number): number {
  const fromEnv = process.env.FUZZ_SEED;
  const seed = fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) : randomInt(2 ** 31 - 1);
  console.log(`[fuzz:${name}] ${cases} cases, seed ${seed} (replay: FUZZ_SEED=${seed})`);
  return seed;
}
