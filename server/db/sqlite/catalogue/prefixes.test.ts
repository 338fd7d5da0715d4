import { describe, expect, it } from 'vitest';
import { prefixExpander } from './prefixes.ts';
import { ftsMatch } from './search-text.ts';

const vocabulary = (terms: string[]) => {
  const entries = terms.map((term) => ({ term, docs: 1 }));
  return () => entries;
};

describe('prefixExpander', () => {
  const expand = prefixExpander(
    vocabulary([
      'kick',
      'kicks',
      'kit',
      'guzheng',
      '古',
      ...Array.from({ length: 20 }, (_, i) => `loop${i}`),
    ]),
  );

  it('spells a prefix of 3 or more ASCII characters out as the index words it starts', () => {
    expect(expand('Kick')).toEqual(['kick', 'kicks']);
    expect(expand('guz')).toEqual(['guzheng']);
  });

  it('keeps the prefix when it is short, starts too many words or none, or is not plain ASCII', () => {
    expect(expand('ki')).toBeNull();
    expect(expand('loop')).toBeNull();
    expect(expand('zzz')).toBeNull();
    expect(expand('kïck')).toBeNull();
    expect(expand('hip-hop')).toBeNull();
  });

  it('keeps the prefix while the vocabulary is out of date', () => {
    expect(prefixExpander(() => null)('kick')).toBeNull();
  });

  it('reads the vocabulary again when it changes', () => {
    let terms = vocabulary(['bass']);
    const follow = prefixExpander(() => terms());
    expect(follow('bas')).toEqual(['bass']);
    terms = vocabulary(['bass', 'bassline']);
    expect(follow('bas')).toEqual(['bass', 'bassline']);
  });
});

describe('ftsMatch with an expander', () => {
  const expand = prefixExpander(vocabulary(['kick', 'kicks', 'dark']));
  it('matches expanded words exactly and leaves the others as prefixes or phrases', () => {
    expect(ftsMatch({ words: ['kick', 'dar', '古筝', '80'], mode: 'all' }, expand)).toBe(
      '("kick" OR "kicks") AND "dark" AND "古 筝" AND "80"*',
    );
    expect(ftsMatch({ words: ['kick'], mode: 'any' })).toBe('"kick"*');
  });
});
