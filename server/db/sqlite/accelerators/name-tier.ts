// RELEVANCE's first tier (docs/api/catalogue.md) decided in code for a few rows already found by
// their full-text match, so a search with few matches reads FTS5's intersection once
// (sqlite/accelerators/few-matches.ts) instead of again as `name : (…)`.
//
// The words are those of `samples_fts`'s tokenizer, `unicode61 remove_diacritics 2`, which
// `searchWords` (search-words.ts) follows for both databases: lower case, accents removed,
// every non-letter non-digit a break, every CJK character a word. The two agree exactly on
// printable ASCII and on the CJK ideographs of SQLite's Unicode tables (6.1: U+3400–U+4DB5,
// U+4E00–U+9FCC), so a test answers only for text of those characters and null for any other,
// where the caller asks FTS5 itself (kana, Hangul, accented letters: unicode61 folds and splits
// them by its own tables).
import { hasCjk } from '../../../catalogue/cjk-text.ts';
import type { KeywordSearch } from '../../../catalogue/catalogue.repository.ts';
import { searchWords } from '../../search-words.ts';
import { spaceCjk, type PrefixExpander } from '../catalogue/search-text.ts';

/** Text whose words both tokenizers read alike: printable ASCII and the ideographs SQLite knows. */
const PLAIN = /^[ -~\u3400-\u4db5\u4e00-\u9fcc]*$/u;

/** One typed word as `ftsMatch` asks it: a phrase whose last word may be a prefix, or exact words. */
type WordTest = { phrase: string[]; prefix: boolean } | { exact: Set<string> };

/** Whether `words` hold `test` (a phrase: its words in a row, the last as a prefix if it is one). */
const holds = (words: string[], test: WordTest): boolean => {
  if ('exact' in test) return words.some((word) => test.exact.has(word));
  const { phrase, prefix } = test;
  const last = phrase.length - 1;
  for (let start = 0; start + last < words.length; start++) {
    let i = 0;
    while (i < last && words[start + i] === phrase[i]) i++;
    const end = words[start + last]!;
    if (i === last && (prefix ? end.startsWith(phrase[last]!) : end === phrase[last])) return true;
  }
  return false;
};

/**
 * A test of whether a stored FTS `name` holds a keyword search, answering as the MATCH
 * `name : (ftsMatch(search, expand))` does (the same words, the same prefixes spelled out), or
 * null for a name outside the plain characters. Null itself when a word is outside them or has
 * no letter or digit: FTS5 must answer for that search.
 */
export function nameTierTest(
  search: KeywordSearch,
  expand?: PrefixExpander,
): ((name: string) => boolean | null) | null {
  const typed = search.words.filter((word) => word.trim() !== '');
  if (typed.length === 0) return null;
  const tests: WordTest[] = [];
  for (const word of typed) {
    if (hasCjk(word)) {
      // A CJK word is the exact phrase of its characters (and any other words in it).
      const text = spaceCjk(word);
      const phrase = searchWords(text);
      if (!PLAIN.test(text) || phrase.length === 0) return null;
      tests.push({ phrase, prefix: false });
      continue;
    }
    const exact = expand?.(word);
    if (exact) {
      if (!exact.every((term) => PLAIN.test(term))) return null;
      tests.push({ exact: new Set(exact) });
      continue;
    }
    const phrase = searchWords(word);
    if (!PLAIN.test(word) || phrase.length === 0) return null;
    tests.push({ phrase, prefix: true });
  }
  const every = search.mode === 'all';
  return (name) => {
    if (!PLAIN.test(name)) return null;
    const words = searchWords(name);
    return every
      ? tests.every((test) => holds(words, test))
      : tests.some((test) => holds(words, test));
  };
}
