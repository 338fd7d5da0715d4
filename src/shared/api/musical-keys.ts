import type { MusicalKey } from './catalogue.types.ts';

/** The twelve tonics, sharps only (the library's spelling: `C#`, never `Db`). */
export const TONICS = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

/** A tonic of a key. */
type Tonic = (typeof TONICS)[number];

/** Major or minor. */
type KeyMode = 'major' | 'minor';

/**
 * How far a key filter reaches: the key alone, with its relative key (same notes, other mode),
 * or with every harmonically compatible key: the relative key and the Camelot-wheel neighbours
 * (a fifth up and down in the same mode), the four moves DJs and producers mix by.
 */
export const KEY_MATCHES = ['exact', 'relative', 'compatible'] as const;

/** A key filter's reach. */
export type KeyMatch = (typeof KEY_MATCHES)[number];

/** Splits a key into tonic and mode (`C#m` → C#, minor). */
export function splitKey(key: MusicalKey): { tonic: Tonic; mode: KeyMode } {
  const minor = key.endsWith('m');
  return { tonic: (minor ? key.slice(0, -1) : key) as Tonic, mode: minor ? 'minor' : 'major' };
}

/** The key of a tonic and mode (C#, minor → `C#m`). */
export function joinKey(tonic: Tonic, mode: KeyMode): MusicalKey {
  return `${tonic}${mode === 'minor' ? 'm' : ''}` as MusicalKey;
}

const transpose = (tonic: Tonic, semitones: number): Tonic =>
  TONICS[(((TONICS.indexOf(tonic) + semitones) % 12) + 12) % 12]!;

/** The relative key: same notes, other mode (C ↔ Am, F#m ↔ A). */
export function relativeKey(key: MusicalKey): MusicalKey {
  const { tonic, mode } = splitKey(key);
  return mode === 'major'
    ? joinKey(transpose(tonic, -3), 'minor')
    : joinKey(transpose(tonic, 3), 'major');
}

/**
 * The keys a filter on `key` with `match` lists, `key` first: exact → [key]; relative → + its
 * relative; compatible → + a fifth up and a fifth down in the same mode (Camelot ±1).
 */
export function expandKey(key: MusicalKey, match: KeyMatch = 'exact'): MusicalKey[] {
  if (match === 'exact') return [key];
  const keys = [key, relativeKey(key)];
  if (match === 'compatible') {
    const { tonic, mode } = splitKey(key);
    keys.push(joinKey(transpose(tonic, 7), mode), joinKey(transpose(tonic, -7), mode));
  }
  return keys;
}

/** The Camelot code of a key (`C` → 8B, `Am` → 8A), as shown beside keys in pickers. */
export function camelot(key: MusicalKey): string {
  const { tonic, mode } = splitKey(key);
  const major = mode === 'major' ? tonic : transpose(tonic, 3);
  const number = ((7 * TONICS.indexOf(major) + 7) % 12) + 1;
  return `${number}${mode === 'major' ? 'B' : 'A'}`;
}
