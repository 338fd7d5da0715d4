import { describe, expect, it } from 'vitest';
import {
  assetPath,
  effectiveSort,
  parseAsset,
  parseCategory,
  parseSearch,
  readFilters,
  searchPath,
  searchQuery,
  writeFilters,
} from './list-query.ts';

describe('filters in the URL', () => {
  it('reads valid sort and filters', () => {
    const params = new URLSearchParams(
      'sort=NEWEST&kind=loop&key=Am&bpmMin=90&bpmMax=120&tags=dark,%20warm',
    );
    expect(readFilters(params)).toEqual({
      sort: 'NEWEST',
      kind: 'loop',
      key: 'Am',
      bpmMin: 90,
      bpmMax: 120,
      tags: 'dark,warm',
    });
  });

  it('drops values the gateway would reject and orders a reversed BPM range', () => {
    const params = new URLSearchParams('sort=LOUDEST&kind=pad&key=H&bpmMin=140&bpmMax=80&tags=,,');
    expect(readFilters(params)).toEqual({ bpmMin: 80, bpmMax: 140 });
    expect(readFilters(new URLSearchParams('bpmMin=-3&bpmMax=1e9'))).toEqual({});
  });

  it('writes a patch and keeps other parameters, removing cleared ones', () => {
    const next = writeFilters(new URLSearchParams('sort=NAME&q=x&kind=loop'), {
      sort: 'BPM',
      kind: undefined,
    });
    expect(next.toString()).toBe('sort=BPM&q=x');
  });

  it('sorts by the URL first, then the setting, then MOST_POPULAR', () => {
    expect(effectiveSort({ sort: 'NAME' }, 'NEWEST')).toBe('NAME');
    expect(effectiveSort({}, 'NEWEST')).toBe('NEWEST');
    expect(effectiveSort({}, 'bogus')).toBe('MOST_POPULAR');
    expect(effectiveSort({})).toBe('MOST_POPULAR');
  });
});

describe('route segments', () => {
  it('knows the four categories only', () => {
    expect(parseCategory('cinematicFx')).toBe('cinematicFx');
    expect(parseCategory('stockroom')).toBeUndefined();
  });

  it('parses asset segments and builds asset paths', () => {
    expect(parseAsset('Samples:Drums')).toEqual({ kind: 'Samples', primaryName: 'Drums' });
    expect(parseAsset('All:古筝')).toEqual({ kind: 'All', primaryName: '古筝' });
    expect(parseAsset('Loops:Drums')).toBeUndefined();
    expect(parseAsset('Samples:')).toBeUndefined();
    expect(assetPath('instruments', 'Samples', 'Drums', 'Kick')).toBe(
      '/sounds/instruments/asset/Samples:Drums/:Kick',
    );
    expect(assetPath('genres', 'Packs', 'Hip Hop')).toBe('/sounds/genres/asset/Packs:Hip%20Hop');
  });

  it('round-trips the three search routes', () => {
    const keyword = searchPath({ type: 'keyword', keyword: ' 808 ' });
    expect(keyword).toBe('/sounds/search/track/808/samples');
    expect(parseSearch('808')).toEqual({ type: 'keyword', keyword: '808' });
    expect(searchPath({ type: 'styles', styles: ['trap', 'pop'] })).toBe(
      '/sounds/search/track/styles%3Atrap%2Cpop/samples',
    );
    expect(parseSearch('styles:trap,pop')).toEqual({ type: 'styles', styles: ['trap', 'pop'] });
    expect(searchPath({ type: 'names', primaryName: 'Drums', secondaryName: 'Kick' })).toBe(
      '/sounds/search/track/:Drums/:Kick/samples',
    );
    expect(parseSearch(':Drums', ':Kick')).toEqual({
      type: 'names',
      primaryName: 'Drums',
      secondaryName: 'Kick',
    });
    expect(parseSearch('  ')).toBeUndefined();
    expect(parseSearch('styles:')).toBeUndefined();
  });

  it('turns a search target into the gateway query with the filters', () => {
    expect(searchQuery({ type: 'styles', styles: ['trap'] }, { kind: 'loop' }, 'NEWEST')).toEqual({
      kind: 'loop',
      sort: 'NEWEST',
      styles: 'trap',
    });
  });
});
