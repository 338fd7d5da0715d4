import { CJK_RANGES, hasCjk } from '../../../catalogue/cjk-text.ts';
import { searchWords } from '../../search-words.ts';

const CJK_ONE = new RegExp(`^[${CJK_RANGES}]$`, 'u');

/** Whether a word of `searchWords` is one CJK character. */
const isCjkChar = (word: string): boolean => CJK_ONE.test(word);

// The PostgreSQL search (docs/DATABASE.md, "Search"): texts are stored and queried as words that
// PostgreSQL's `simple` configuration keeps as they are. The code does what SQLite's unicode61
// tokenizer does (lower case, accents removed, every non-letter non-digit a break) and spaces
// every CJK character (`searchWords`, server/db/search-words.ts), so both databases see the
// same words.

/** A text column of `sample_search`. */
export const searchText = (text: string): string => searchWords(text).join(' ');

/**
 * The pairs of adjacent one-CJK-character words of a word sequence: `古 筝 刮 奏` gives `古筝 筝刮
 * 刮奏`. PostgreSQL stores them beside the characters (`yinku_cjk_pairs`, migration 033, does
 * the same over the stored texts), so a two-character CJK word is one lexeme, exact in GIN.
 */
export function cjkPairs(words: string[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < words.length; i++)
    if (isCjkChar(words[i]!) && isCjkChar(words[i + 1]!)) pairs.push(words[i]! + words[i + 1]!);
  return pairs;
}

/** A tsquery lexeme: quoted, its quotes and backslashes doubled or escaped. */
const lexeme = (word: string, weights: string): string =>
  `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${weights}`;

/** The exact index words a typed prefix stands for, or null to ask it as a `:*` prefix. */
export type PrefixWords = (prefix: string) => readonly string[] | null;

/**
 * A tsquery for one typed word: a Latin word is a prefix of a stored word (the last of its parts
 * when punctuation split it), a CJK word is the phrase of its characters, matched exactly, as
 * SQLite's FTS5 does. A word of CJK characters alone is asked by its pairs (cjkPairs): two
 * characters are their pair alone, exact in GIN; more are the phrase and every pair (GIN narrows
 * by the pairs, the phrase is rechecked). A one-part Latin prefix that `expand` spells out is
 * the OR of those exact words (the same matches: GIN reads an exact word's postings lazily, a
 * prefix's all at once, docs/DATABASE.md "Search"). Null when the word has no letters or digits.
 */
export function wordQuery(word: string, expand?: PrefixWords): string | null {
  const parts = searchWords(word);
  if (parts.length === 0) return null;
  const prefix = !hasCjk(word);
  if (prefix && parts.length === 1) {
    const exact = expand?.(parts[0]!);
    if (exact?.length === 1) return lexeme(exact[0]!, '');
    if (exact) return `(${exact.map((w) => lexeme(w, '')).join(' | ')})`;
  }
  const last = parts.length - 1;
  const terms = parts.map((part, i) => lexeme(part, prefix && i === last ? ':*' : ''));
  if (parts.length === 1) return terms[0]!;
  const phrase = `(${terms.join(' <-> ')})`;
  if (!parts.every(isCjkChar)) return phrase;
  const pairs = cjkPairs(parts).map((pair) => lexeme(pair, ''));
  return parts.length === 2 ? pairs[0]! : `(${[phrase, ...pairs].join(' & ')})`;
}

/** A tsquery for a whole phrase, word for word without prefixes (style and tag filters). */
export function phraseQuery(text: string, weights: string): string | null {
  const parts = searchWords(text);
  if (parts.length === 0) return null;
  const terms = parts.map((part) => lexeme(part, weights && `:${weights}`));
  return parts.length === 1 ? terms[0]! : `(${terms.join(' <-> ')})`;
}

/** Joins tsqueries with AND (`&`) or OR (`|`); null when there are none. */
export function joinQueries(queries: (string | null)[], joiner: '&' | '|'): string | null {
  const present = queries.filter((q): q is string => q !== null);
  return present.length === 0 ? null : present.join(` ${joiner} `);
}
