import { describe, expect, it } from 'vitest';
import { concatBytes } from './bytes.ts';

describe('concatBytes', () => {
  it('joins parts in order into a new array, bytes from signed parts included', () => {
    const a = Uint8Array.of(1, 2);
    const out = concatBytes([a, Int8Array.of(-1), [], Uint8Array.of(3)]);
    expect(Array.from(out)).toEqual([1, 2, 255, 3]);
    out[0] = 9;
    expect(a[0]).toBe(1);
    expect(concatBytes([])).toHaveLength(0);
  });
});
