import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import { cleanKeyword } from './keyword.ts';
import { parseListQuery } from './list-query.ts';

describe('cleanKeyword', () => {
  it('turns control characters into spaces and trims', () => {
    expect(cleanKeyword('\0')).toBeNull();
    expect(cleanKeyword(' kick\0snare\t')).toBe('kick snare');
    expect(cleanKeyword('\u0007古筝\u007f')).toBe('古筝');
    expect(cleanKeyword(undefined)).toBeNull();
  });

  // Found by the HTTP fuzzer (tests/api/fuzz-http.test.ts): keyword=%00 reached FTS5 as `"\0"*`
  // and the count query failed with "unterminated string" (a 500).
  it('keeps a NUL out of the words of a search', () => {
    expect(() =>
      parseListQuery({ page: 1, pageSize: 30, keyword: '\0', packCode: '0' }, 'search'),
    ).toThrow(ApiError);
    const parsed = parseListQuery({ page: 1, pageSize: 30, keyword: 'a\0b' }, 'search');
    expect(parsed.request.filter.search).toEqual({ words: ['a', 'b'], mode: 'all' });
  });
});
