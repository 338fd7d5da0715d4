import { describe, expect, it } from 'vitest';
import { PRESET_SUGGESTIONS, buildSuggestions, suggestionTarget } from './suggestions.ts';

const types = [
  { name: 'Drums' },
  { name: 'drums ' },
  { name: 'Guzheng' },
  { name: 'Bass' },
  { name: '古筝' },
];

describe('search suggestions', () => {
  it('without text lists the user types once each, then every preset group', () => {
    const groups = buildSuggestions('', types);
    expect(groups.map((g) => g.id)).toEqual(['yours', 'popular', 'styles', 'instruments']);
    expect(groups[0]?.items).toEqual(['Drums', 'Guzheng', 'Bass', '古筝']);
    expect(groups[1]?.items).toEqual([...PRESET_SUGGESTIONS.popular]);
  });

  it('filters user types and presets by case-insensitive name', () => {
    const groups = buildSuggestions('DRU', types);
    expect(groups).toEqual([
      { id: 'yours', items: ['Drums'] },
      { id: 'instruments', items: ['drums'] },
    ]);
    expect(buildSuggestions('r&b', [])).toEqual([{ id: 'styles', items: ['R&B'] }]);
    expect(buildSuggestions('古', types)).toEqual([{ id: 'yours', items: ['古筝'] }]);
  });

  it('leaves out empty groups and handles a user without sample types', () => {
    expect(buildSuggestions('zzz', types)).toEqual([]);
    expect(buildSuggestions('808', [])).toEqual([{ id: 'popular', items: ['808'] }]);
  });

  it('styles go to the styles search, the rest to a keyword search', () => {
    expect(suggestionTarget('styles', 'trap')).toEqual({ type: 'styles', styles: ['trap'] });
    expect(suggestionTarget('popular', 'snare')).toEqual({ type: 'keyword', keyword: 'snare' });
    expect(suggestionTarget('yours', 'Guzheng')).toEqual({ type: 'keyword', keyword: 'Guzheng' });
  });
});
