import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range.ts';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-0', { kind: 'partial', start: 0, end: 0 }],
    ['bytes=10-19', { kind: 'partial', start: 10, end: 19 }],
    ['BYTES = 10-19', { kind: 'partial', start: 10, end: 19 }],
    ['bytes=90-', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=90-500', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-10', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-1000', { kind: 'partial', start: 0, end: 99 }],
    ['items=0-5', { kind: 'full' }],
    ['bytes=0-1, 5-6', { kind: 'full' }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-2', { kind: 'unsatisfiable' }],
    ['bytes=a-b', { kind: 'unsatisfiable' }],
    ['bytes=', { kind: 'unsatisfiable' }],
    ['bytes=0-1,x', { kind: 'unsatisfiable' }],
    ['0-5', { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999-', { kind: 'unsatisfiable' }],
  ])('%s of 100 bytes → %o', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
