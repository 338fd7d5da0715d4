import { describe, expect, it } from 'vitest';
import { flattenQuery } from './query.ts';

describe('flattenQuery', () => {
  it('writes nested keys in dot notation by default and URL-encodes keys and values', () => {
    expect(flattenQuery({ keyword: '古筝 & pipa', filter: { bpm: { min: 90 } }, page: 2 })).toBe(
      'keyword=%E5%8F%A4%E7%AD%9D%20%26%20pipa&filter.bpm.min=90&page=2',
    );
  });

  it('writes nested keys in bracket notation when asked', () => {
    expect(flattenQuery({ filter: { bpm: { min: 90 } } }, 'bracket')).toBe(
      'filter%5Bbpm%5D%5Bmin%5D=90',
    );
  });

  it('repeats keys for arrays, drops null/undefined, keeps false and 0, writes dates as ISO', () => {
    expect(
      flattenQuery({
        tag: ['a', 'b'],
        none: null,
        missing: undefined,
        off: false,
        zero: 0,
        at: new Date('2026-01-02T03:04:05Z'),
      }),
    ).toBe('tag=a&tag=b&off=false&zero=0&at=2026-01-02T03%3A04%3A05.000Z');
  });
});
