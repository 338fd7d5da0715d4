import { describe, expect, it } from 'vitest';
import { MUSICAL_KEYS } from './catalogue.types.ts';
import { camelot } from './musical-keys.ts';
import { keywordWithout, otherReadings, readSearchQuery } from './search-query.ts';

const keyOf = (text: string) => readSearchQuery(text).key;
const bpmOf = (text: string) => readSearchQuery(text).bpm;

describe('readSearchQuery', () => {
  it('reads a tempo with ±3 BPM and keeps the other words', () => {
    const reading = readSearchQuery('trap 140');
    expect(reading.words).toBe('trap');
    expect(reading.bpm).toEqual({ min: 137, max: 143 });
    expect(reading.terms).toEqual([
      { kind: 'word', text: 'trap' },
      { kind: 'bpm', text: '140', min: 137, max: 143 },
    ]);
  });

  it('reads typed ranges as they are, in order', () => {
    for (const text of ['120-130', '120–130', '120~130', '120 - 130', '120 to 130', '130-120']) {
      expect(bpmOf(`house ${text}`), text).toEqual({ min: 120, max: 130 });
      expect(readSearchQuery(`house ${text}`).words).toBe('house');
    }
    expect(bpmOf('120-130bpm')).toEqual({ min: 120, max: 130 });
    expect(readSearchQuery('120 to 130 bpm kick').words).toBe('kick');
  });

  it('reads a tempo with bpm written beside it', () => {
    for (const text of ['140bpm', '140 bpm', 'bpm 140', '140BPM'])
      expect(readSearchQuery(`drums ${text}`), text).toMatchObject({
        words: 'drums',
        bpm: { min: 137, max: 143 },
      });
  });

  it('keeps numbers outside 40–240 and names as words: 808 is a word', () => {
    expect(readSearchQuery('snare 808')).toEqual({
      terms: [
        { kind: 'word', text: 'snare' },
        { kind: 'word', text: '808' },
      ],
      words: 'snare 808',
      bpm: null,
      key: null,
    });
    for (const text of ['909', '30', '241', '1000', '5', '101', '106', '202', '60'])
      expect(bpmOf(text), text).toBeNull();
    // A named number is a tempo when bpm is typed with it.
    expect(bpmOf('101bpm')).toEqual({ min: 98, max: 104 });
    expect(bpmOf('40')).toEqual({ min: 37, max: 43 });
    expect(bpmOf('240')).toEqual({ min: 237, max: 243 });
  });

  it('reads minor keys in every common spelling', () => {
    const spellings = [
      'Am',
      'am',
      'A minor',
      'a minor',
      'a min',
      'Amin',
      'A-minor',
      'A小调',
      'a小调',
      'A 小调',
      '8A',
      '8a',
    ];
    for (const text of spellings) expect(keyOf(`piano ${text}`), text).toBe('Am');
    for (const text of ['F#m', 'f#m', 'F# minor', 'F♯m', 'Gbm', '升F小调', 'F#小调', '11A'])
      expect(keyOf(text), text).toBe('F#m');
    expect(keyOf('降B小调')).toBe('A#m');
    expect(keyOf('Bbm')).toBe('A#m');
    expect(keyOf('Ebmin')).toBe('D#m');
  });

  it('reads major keys in every common spelling', () => {
    for (const text of ['C', 'C major', 'c major', 'Cmaj', 'C maj', 'C大调', 'C调', '8B', '8b'])
      expect(keyOf(`pad ${text}`), text).toBe('C');
    expect(keyOf('Bb')).toBe('A#');
    expect(keyOf('降E大调')).toBe('D#');
    expect(keyOf('F# major')).toBe('F#');
  });

  it('reads every Camelot code as its key', () => {
    for (const key of MUSICAL_KEYS) expect(keyOf(camelot(key))).toBe(key);
  });

  it('keeps lower-case letters and other words as words', () => {
    for (const text of ['a', 'bb', 'ab', 'kick', 'minor', '小调', 'm'])
      expect(readSearchQuery(text), text).toMatchObject({ key: null, words: text });
  });

  it('finds a Chinese key inside a run of Chinese text', () => {
    const reading = readSearchQuery('钢琴 A小调');
    expect(reading).toMatchObject({ words: '钢琴', key: 'Am' });
    expect(readSearchQuery('钢琴A小调')).toMatchObject({ words: '钢琴', key: 'Am' });
    expect(readSearchQuery('古筝升F小调 90')).toMatchObject({
      words: '古筝',
      key: 'F#m',
      bpm: { min: 87, max: 93 },
    });
  });

  it('reads only the first tempo and key; later ones stay words', () => {
    expect(readSearchQuery('120 130 Am C')).toMatchObject({
      words: '130 C',
      bpm: { min: 117, max: 123 },
      key: 'Am',
    });
  });

  it('keeps anything in quotes as words', () => {
    expect(readSearchQuery('kick "120"')).toMatchObject({ words: 'kick "120"', bpm: null });
    expect(readSearchQuery('"A minor" pad')).toMatchObject({ words: '"A minor" pad', key: null });
  });

  it('answers no words when every term was read', () => {
    expect(readSearchQuery('Am 90')).toMatchObject({ words: '', key: 'Am', bpm: { min: 87 } });
  });
});

describe('keywordWithout and otherReadings', () => {
  it('removes one term, spelled as typed', () => {
    const reading = readSearchQuery('trap 120 to 130 A minor');
    expect(reading.terms.map((term) => term.kind)).toEqual(['word', 'bpm', 'key']);
    expect(keywordWithout(reading, 1)).toBe('trap A minor');
    expect(keywordWithout(reading, 2)).toBe('trap 120 to 130');
  });

  it('offers each read term as a word, and a named number as a tempo', () => {
    expect(otherReadings(readSearchQuery('kick 120 Am'))).toEqual([
      { kind: 'word', text: '120', keyword: 'kick "120" Am' },
      { kind: 'word', text: 'Am', keyword: 'kick 120 "Am"' },
    ]);
    expect(otherReadings(readSearchQuery('synth 101'))).toEqual([
      { kind: 'bpm', text: '101', keyword: 'synth 101bpm' },
    ]);
    expect(otherReadings(readSearchQuery('snare 808'))).toEqual([]);
    // Every offered keyword reads as it says.
    expect(readSearchQuery('kick "120" Am')).toMatchObject({ bpm: null, key: 'Am' });
    expect(readSearchQuery('synth 101bpm').bpm).toEqual({ min: 98, max: 104 });
  });
});
