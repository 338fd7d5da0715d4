import { describe, expect, it } from 'vitest';
import { correctKeyword, editDistance, Vocabulary } from './search-vocabulary.ts';
import { matchScore } from './search-suggestions.ts';

const vocabulary = new Vocabulary(
  [
    ['kick', 40],
    ['kit', 90],
    ['snare', 30],
    ['guzheng', 12],
    ['pluck', 20],
    ['dark', 25],
    ['808', 10],
    ['鼓', 50],
    ['ab', 5],
  ].map(([term, docs]) => ({ term: String(term), docs: Number(docs) })),
);

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and swaps, and gives up past the limit', () => {
    expect(editDistance('kik', 'kick', 2)).toBe(1);
    expect(editDistance('snaer', 'snare', 2)).toBe(1);
    expect(editDistance('kick', 'kick', 2)).toBe(0);
    expect(editDistance('guzheng', 'pluck', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('vocabulary', () => {
  it('keeps Latin words of 3+ letters only and looks prefixes up', () => {
    expect(vocabulary.size).toBe(6);
    expect(vocabulary.hasPrefix('gu')).toBe(true);
    expect(vocabulary.hasPrefix('kic')).toBe(true);
    expect(vocabulary.hasPrefix('kik')).toBe(false);
  });

  it('prefers the word the typo drops a letter of, then the commoner word', () => {
    expect(vocabulary.closest('kik')).toBe('kick');
    expect(vocabulary.closest('kiy')).toBe('kit');
    expect(vocabulary.closest('zzqqxxyy')).toBeNull();
  });

  it('corrects only words that match nothing, keeping CJK words and numbers', () => {
    expect(correctKeyword('kik', vocabulary)).toBe('kick');
    expect(correctKeyword('dark kik', vocabulary)).toBe('dark kick');
    expect(correctKeyword('Guzhneg 古筝 808', vocabulary)).toBe('guzheng 古筝 808');
    expect(correctKeyword('dark kick', vocabulary)).toBeNull();
    expect(correctKeyword('ki', vocabulary)).toBeNull();
  });
});

describe('suggestion matching', () => {
  it('scores whole names, name starts, word starts and Chinese substrings', () => {
    expect(matchScore('Kick', 'KICK')).toBe(4);
    expect(matchScore('Kick', 'ki')).toBe(3);
    expect(matchScore('Street Kit Essentials', 'kit ess')).toBe(2);
    expect(matchScore('古筝流水', '流水')).toBe(1);
    expect(matchScore('Snare', 'kick')).toBe(0);
    expect(matchScore('Snare', '')).toBe(0);
  });
});
