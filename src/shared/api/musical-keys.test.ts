import { describe, expect, it } from 'vitest';
import { MUSICAL_KEYS, type MusicalKey } from './catalogue.types.ts';
import { camelot, expandKey, joinKey, relativeKey, splitKey } from './musical-keys.ts';

describe('musical keys', () => {
  it('splits and joins every key', () => {
    expect(splitKey('C#m')).toEqual({ tonic: 'C#', mode: 'minor' });
    expect(splitKey('F')).toEqual({ tonic: 'F', mode: 'major' });
    for (const key of MUSICAL_KEYS) {
      const { tonic, mode } = splitKey(key);
      expect(joinKey(tonic, mode)).toBe(key);
    }
  });

  it('finds the relative key both ways', () => {
    expect(relativeKey('C')).toBe('Am');
    expect(relativeKey('Am')).toBe('C');
    expect(relativeKey('F#m')).toBe('A');
    expect(relativeKey('D#')).toBe('Cm');
    for (const key of MUSICAL_KEYS) expect(relativeKey(relativeKey(key))).toBe(key);
  });

  const wheel = { C: '8B', Am: '8A', B: '1B', 'G#m': '1A', E: '12B', 'C#m': '12A' } as const;
  it.each(Object.entries(wheel))('names %s by the Camelot wheel: %s', (key, code) => {
    expect(camelot(key as MusicalKey)).toBe(code);
  });

  it('gives the 24 keys 24 Camelot codes', () => {
    expect(new Set(MUSICAL_KEYS.map(camelot)).size).toBe(24);
  });

  it('expands a key to itself, its relative, and its Camelot neighbours', () => {
    expect(expandKey('Am')).toEqual(['Am']);
    expect(expandKey('Am', 'exact')).toEqual(['Am']);
    expect(expandKey('Am', 'relative')).toEqual(['Am', 'C']);
    expect(expandKey('Am', 'compatible')).toEqual(['Am', 'C', 'Em', 'Dm']);
    expect(expandKey('C', 'compatible')).toEqual(['C', 'Am', 'G', 'F']);
    // Every compatible key is one step on the wheel: same number, or ±1 with the same letter.
    for (const key of MUSICAL_KEYS) {
      const [number, letter] = [Number.parseInt(camelot(key)), camelot(key).slice(-1)];
      const [, relative, up, down] = expandKey(key, 'compatible').map(camelot);
      expect(relative).toBe(`${number}${letter === 'A' ? 'B' : 'A'}`);
      expect(up).toBe(`${(number % 12) + 1}${letter}`);
      expect(down).toBe(`${((number + 10) % 12) + 1}${letter}`);
    }
  });
});
