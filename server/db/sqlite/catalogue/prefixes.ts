import type { VocabularyTerm } from '../../../catalogue/search-vocabulary.ts';
import type { PrefixExpander } from './search-text.ts';
import { expandablePrefix, MAX_PREFIX_EXPANSION, prefixExpansion } from '../../prefix-expansion.ts';

/**
 * The index words a typed Latin prefix stands for, from the FTS vocabulary that search help
 * already keeps (sqlite/catalogue/search.ts, read again when the library changes). FTS5 answers
 * a prefix of 3 or more characters, which its prefix indexes do not hold, by reading and merging
 * the whole doclist of every word it starts before the first row (`guzheng`* at 1M rows: 44,448
 * rows; 17 ms to count a four-word name against 3 ms with exact words), where an exact word is
 * read lazily and stops with the page (the rule is shared with PostgreSQL: prefix-expansion.ts).
 * Null when the prefix starts more than MAX_PREFIX_EXPANSION words or none, is shorter than 3
 * characters or is not plain ASCII letters and digits, or while the vocabulary is out of date
 * (`vocabulary` answers null): the prefix query stays (the same matches, only slower).
 */
export function prefixExpander(vocabulary: () => VocabularyTerm[] | null): PrefixExpander {
  let source: VocabularyTerm[] | null = null;
  let terms: string[] = [];
  return (word) => {
    // 1–2 characters are read from FTS5's prefix indexes (migration 013) as fast as a word.
    const prefix = expandablePrefix(word, 3);
    if (prefix === null) return null;
    const current = vocabulary();
    if (current === null) return null;
    if (current !== source) {
      source = current;
      terms = current.map((entry) => entry.term).filter((term) => /^[0-9a-z]/.test(term));
      terms.sort();
    }
    let [low, high] = [0, terms.length];
    while (low < high) {
      const mid = (low + high) >> 1;
      if (terms[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let i = low; i < terms.length && terms[i]!.startsWith(prefix); i++) {
      if (found.length > MAX_PREFIX_EXPANSION) break;
      found.push(terms[i]!);
    }
    return prefixExpansion(found);
  };
}
