import { describe, expect, it } from 'vitest';
import { tapTempo } from './tap-tempo.ts';

describe('tapTempo', () => {
  it('needs two taps', () => {
    expect(tapTempo([])).toBeNull();
    expect(tapTempo([1000])).toBeNull();
  });

  it('reads the tempo from the mean interval', () => {
    expect(tapTempo([0, 500])).toBe(120);
    expect(tapTempo([0, 500, 1010, 1500, 2000])).toBe(120);
    expect(tapTempo([0, 645, 1290])).toBe(93);
  });

  it('follows the last few taps only', () => {
    expect(tapTempo([0, 1000, 2000, 2500, 3000, 3500, 4000])).toBe(120);
  });

  it('starts again after a pause', () => {
    expect(tapTempo([0, 1000, 5000])).toBeNull();
    expect(tapTempo([0, 1000, 5000, 5500])).toBe(120);
  });

  it('keeps to 40–240 BPM', () => {
    expect(tapTempo([0, 100])).toBe(240);
    expect(tapTempo([0, 1900])).toBe(40);
  });
});
