import { describe, expect, it } from 'vitest';
import { MUSICAL_KEYS } from '../api/catalogue.types.ts';
import { relativeKey } from '../api/musical-keys.ts';
import {
  asHeardFileName,
  isProjectTempo,
  keyShift,
  renderedFrames,
  syncParams,
  tempoRate,
  timePitchOf,
} from './sync-params.ts';

describe('tempoRate', () => {
  // The loop's own tempo is stretched to the project's when nearest; half or double time when
  // nearer: a 70 BPM loop in a 140 project is not stretched.
  it.each([
    [93, 120, 120 / 93],
    [128, 120, 120 / 128],
    [120, 120, 1],
    [70, 140, 1],
    [140, 70, 1],
    [174, 90, 90 / 87],
    [60, 170, 170 / 120],
  ])('stretches a %d BPM loop in a %d project by %f', (bpm, tempo, rate) => {
    expect(tempoRate(bpm, tempo)).toBeCloseTo(rate, 12);
  });

  it('never stretches beyond √2 either way while half or double time reaches the project', () => {
    for (let bpm = 30; bpm <= 300; bpm += 7)
      for (let tempo = 40; tempo <= 240; tempo += 3.5) {
        if (tempo < bpm / 2 / Math.SQRT2 || tempo > bpm * 2 * Math.SQRT2) continue;
        const rate = tempoRate(bpm, tempo);
        expect(rate).toBeGreaterThanOrEqual(Math.SQRT1_2 - 1e-9);
        expect(rate).toBeLessThanOrEqual(Math.SQRT2 + 1e-9);
      }
  });
});

describe('keyShift', () => {
  it('moves by the nearest interval, −6 to +5', () => {
    expect(keyShift('C', 'D')).toBe(2);
    expect(keyShift('C', 'A#')).toBe(-2);
    expect(keyShift('C', 'F')).toBe(5);
    expect(keyShift('C', 'F#')).toBe(-6);
    expect(keyShift('C', 'G')).toBe(-5);
    expect(keyShift('Am', 'Cm')).toBe(3);
    expect(keyShift('Am', 'Em')).toBe(-5);
  });

  it('matches the relative key when the modes differ', () => {
    expect(keyShift('Am', 'C')).toBe(0);
    expect(keyShift('C', 'Am')).toBe(0);
    expect(keyShift('Am', 'D')).toBe(2);
    expect(keyShift('F', 'Dm')).toBe(0);
    expect(keyShift('G', 'Cm')).toBe(-4);
  });

  it('lands on the project key or its relative for every pair', () => {
    for (const from of MUSICAL_KEYS)
      for (const to of MUSICAL_KEYS) {
        const shift = keyShift(from, to);
        expect(shift).toBeGreaterThanOrEqual(-6);
        expect(shift).toBeLessThanOrEqual(5);
        const heard = syncParams({ key: from }, { tempo: null, key: to }).key!;
        expect([to, relativeKey(to)]).toContain(heard);
        expect(heard.endsWith('m')).toBe(from.endsWith('m'));
      }
  });
});

describe('syncParams', () => {
  it('stretches and shifts a loop with a tempo and key', () => {
    const heard = syncParams({ kind: 'loop', bpm: 93, key: 'Am' }, { tempo: 120, key: 'Cm' });
    expect(heard).toEqual({ rate: 120 / 93, semitones: 3, bpm: 120, key: 'Cm' });
  });

  it('shifts a tonal one-shot but never stretches it', () => {
    const heard = syncParams({ kind: 'oneshot', bpm: 100, key: 'E' }, { tempo: 120, key: 'F' });
    expect(heard).toEqual({ rate: 1, semitones: 1, bpm: null, key: 'F' });
  });

  it('leaves what it cannot sync as it is', () => {
    const plain = { rate: 1, semitones: 0, bpm: null, key: null };
    expect(syncParams({ kind: 'oneshot', bpm: null, key: null }, { tempo: 120, key: 'C' })).toEqual(
      plain,
    );
    expect(syncParams({ kind: 'loop', bpm: null, key: null }, { tempo: 120, key: 'C' })).toEqual(
      plain,
    );
    expect(syncParams({ kind: 'loop', bpm: 0, key: 'C' }, { tempo: 120, key: null })).toEqual(
      plain,
    );
    expect(syncParams({ kind: 'loop', bpm: 93, key: 'C' }, { tempo: null, key: null })).toEqual(
      plain,
    );
    // A tempo outside the project range is no project tempo.
    expect(syncParams({ kind: 'loop', bpm: 93 }, { tempo: 20, key: null }).rate).toBe(1);
  });

  it('keeps the tempo when only the key is set and the key when only the tempo is', () => {
    expect(syncParams({ kind: 'loop', bpm: 90, key: 'D' }, { tempo: null, key: 'E' })).toEqual({
      rate: 1,
      semitones: 2,
      bpm: null,
      key: 'E',
    });
    expect(syncParams({ kind: 'loop', bpm: 90, key: 'D' }, { tempo: 100, key: null })).toEqual({
      rate: 100 / 90,
      semitones: 0,
      bpm: 100,
      key: null,
    });
  });
});

describe('helpers', () => {
  it('gives the engine nothing to do for a sample heard as it is', () => {
    expect(timePitchOf({ rate: 1, semitones: 0, bpm: 120, key: 'C' })).toBeNull();
    expect(timePitchOf({ rate: 1.25, semitones: -2, bpm: 120, key: 'C' })).toEqual({
      rate: 1.25,
      semitones: -2,
    });
  });

  it('names the as-heard file after the tempo and key it is heard at', () => {
    const heard = syncParams({ kind: 'loop', bpm: 93, key: 'Am' }, { tempo: 120, key: 'Cm' });
    expect(asHeardFileName('Dusty Keys 03', heard)).toBe('Dusty Keys 03 (120 BPM, Cm).wav');
    expect(
      asHeardFileName('x', syncParams({ kind: 'loop', bpm: 93 }, { tempo: 97.5, key: null })),
    ).toBe('x (97.5 BPM).wav');
    expect(asHeardFileName('x', syncParams({ key: 'E' }, { tempo: 97.5, key: 'F' }))).toBe(
      'x (F).wav',
    );
    expect(asHeardFileName('x', syncParams({}, { tempo: null, key: null }))).toBe('x.wav');
  });

  it('gives the render length the ratio implies', () => {
    expect(renderedFrames(44_100 * 2, 120 / 93)).toBe(Math.round((88_200 * 93) / 120));
    expect(renderedFrames(1000, 0.5, 3)).toBe(6000);
  });

  it('takes project tempos from 40 to 240 BPM, decimals too', () => {
    expect([40, 97.25, 240].every(isProjectTempo)).toBe(true);
    expect([39.9, 240.1, Number.NaN, Infinity, '120', null].some(isProjectTempo)).toBe(false);
  });
});
