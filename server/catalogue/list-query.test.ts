import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import { parseListQuery, type RawListQuery } from './list-query.ts';

const base: RawListQuery = { page: 1, pageSize: 30 };
const fieldOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.field;
    throw error;
  }
  return undefined;
};

describe('parseListQuery', () => {
  it('defaults to samples sorted by popularity, and search to relevance', () => {
    const list = parseListQuery(base, 'list');
    expect(list.range).toBe('samples');
    expect(list.request.sort).toBe('MOST_POPULAR');
    const search = parseListQuery({ ...base, keyword: ' 古筝 808 ' }, 'search');
    expect(search.request.sort).toBe('RELEVANCE');
    expect(search.request.filter.search).toEqual({ words: ['古筝', '808'], mode: 'all' });
    expect(search.keyword).toBe('古筝 808');
  });

  it('reads kind=packs as the range on the user lists, keeping kind=loop a filter', () => {
    const packs = parseListQuery({ ...base, kind: 'packs' }, 'user');
    expect(packs.range).toBe('packs');
    expect(packs.request.filter.kind).toBeUndefined();
    const loops = parseListQuery({ ...base, kind: 'loop' }, 'user');
    expect([loops.range, loops.request.filter.kind]).toEqual(['samples', 'loop']);
    expect(
      fieldOf(() => parseListQuery({ ...base, kind: 'packs', range: 'samples' }, 'user')),
    ).toBe('kind');
  });

  it('splits styles and tags into distinct lower-case words', () => {
    const parsed = parseListQuery({ ...base, styles: 'Hip-Hop, trap，TRAP', tags: 'Dark' }, 'list');
    expect(parsed.request.filter.styles).toEqual(['hip-hop', 'trap']);
    expect(parsed.request.filter.tags).toEqual(['dark']);
    expect(fieldOf(() => parseListQuery({ ...base, tags: ',,' }, 'list'))).toBe('tags');
    const many = Array.from({ length: 21 }, (_, i) => `s${i}`).join(',');
    expect(fieldOf(() => parseListQuery({ ...base, styles: many }, 'list'))).toBe('styles');
  });

  it('names the field of what a schema cannot check', () => {
    expect(fieldOf(() => parseListQuery({ ...base, bpmMin: 130, bpmMax: 120 }, 'list'))).toBe(
      'bpmMin',
    );
    expect(fieldOf(() => parseListQuery({ ...base, keyword: '"*"' }, 'search'))).toBe('keyword');
    expect(fieldOf(() => parseListQuery({ ...base, sort: 'RELEVANCE' }, 'list'))).toBe('sort');
    expect(fieldOf(() => parseListQuery({ ...base, bpmMin: 120, bpmMax: 120 }, 'list'))).toBe(
      undefined,
    );
  });

  it('keeps a given RANDOM seed and draws one otherwise', () => {
    expect(parseListQuery({ ...base, sort: 'RANDOM', seed: 7 }, 'list').request.seed).toBe(7);
    const drawn = parseListQuery({ ...base, sort: 'RANDOM' }, 'list').request.seed;
    expect(Number.isInteger(drawn) && drawn >= 0).toBe(true);
  });
});
