import { describe, expect, it } from 'vitest';
import { TAG_ZH, tagNames } from './tag-names.ts';
import { canonicalTags, TAG_SYNONYMS, tagSearchText } from './tag-vocabulary.ts';

describe('the tag vocabulary (one tag per meaning)', () => {
  it('gives every tag a name of its own in each language', () => {
    const tags = Object.keys(TAG_ZH);
    for (const language of ['zh', 'en'] as const) {
      const byName = new Map<string, string[]>();
      for (const tag of tags) {
        const name = tagNames(tag)[language].toLowerCase();
        byName.set(name, [...(byName.get(name) ?? []), tag]);
      }
      expect([...byName.values()].filter((same) => same.length > 1)).toEqual([]);
    }
  });

  it('maps every alias onto a named tag, never onto another alias', () => {
    for (const [alias, tag] of Object.entries(TAG_SYNONYMS)) {
      expect(TAG_ZH[tag], tag).toBeDefined();
      expect(TAG_ZH[alias], alias).toBeUndefined();
      expect(TAG_SYNONYMS[tag]).toBeUndefined();
    }
  });

  it('merges a list: aliases become their tag, each once, in first-seen order', () => {
    expect(
      canonicalTags(['hihat', 'Hi-Hat', 'hat', ' drums ', '', 'guofeng', 'chinese style']),
    ).toEqual(['hi-hat', 'drums', 'chinese style']);
    // An imported library's own word stays (lower-cased), named as stored.
    expect(canonicalTags(['Field Recording'])).toEqual(['field recording']);
    expect(tagNames('field recording')).toEqual({ zh: 'field recording', en: 'field recording' });
  });

  it('names English tags in the case of the genre names', () => {
    expect(tagNames('edm').en).toBe('EDM');
    expect(tagNames('r&b').en).toBe('R&B');
    expect(tagNames('hip-hop').en).toBe('Hip-Hop');
    expect(tagNames('gongs & percussion').en).toBe('Gongs & Percussion');
    expect(tagNames('808').en).toBe('808');
    // An alias (a row not yet migrated) is named as its tag.
    expect(tagNames('hihat')).toEqual(tagNames('hi-hat'));
  });

  it('keeps the aliases findable in the search text', () => {
    expect(tagSearchText(['hi-hat', 'kick']).split(' ').sort()).toEqual([
      'hat',
      'hi-hat',
      'hihat',
      'kick',
    ]);
  });
});
