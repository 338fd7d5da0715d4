/**
 * A keyword search as the repository receives it. Each word matches a word of a sample's names,
 * tags, brand, pack or group that starts with it; a word with CJK characters matches them as a
 * run, character by character. `all`: every word must match (the search box); `any`: one is
 * enough. Relevance ranks names above tags above the rest (docs/ARCHITECTURE.md#storage).
 */
export interface KeywordSearch {
  words: string[];
  mode: 'all' | 'any';
}

/**
 * CJK scripts (kana, CJK ideographs, Hangul) as a regex class body. A search matches them
 * character by character: they are written without spaces between words
 * (docs/STACK-NOTES.md#sqlite-fts5-and-chinese).
 */
export const CJK_RANGES =
  '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af';
const CJK = new RegExp(`[${CJK_RANGES}]`, 'u');

/** Whether the text contains any CJK character. */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * Control and format characters (NUL included) as spaces: no storage's search syntax is trusted
 * with them (SQLite's FTS5 read a NUL inside a quoted word as the end of its expression:
 * "unterminated string", a 500). The one rule both the keyword boundary (`cleanKeyword`) and the
 * word splitter below apply.
 */
export function withoutControlChars(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]+/gu, ' ');
}

/**
 * The words of what a user typed, NFKC, lower-cased, at most 12: separators, query-operator
 * characters (quotes, `*`, `^`, brackets, `-`, …) and control or format characters all split
 * words, so none reaches a storage's query.
 */
export function keywordWords(input: string): string[] {
  return withoutControlChars(input.normalize('NFKC').toLowerCase())
    .split(/[\s,，、;；]+/u)
    .map((word) => word.replace(/["'`*^():{}[\]\\+\-!?.<>=|&~@#$%]/gu, ' ').trim())
    .flatMap((word) => word.split(/\s+/u))
    .filter(Boolean)
    .slice(0, 12);
}

/**
 * What a user typed as a keyword search the repository can run: its words (`keywordWords`), every
 * one required. Null when nothing is left. No query syntax: the storage adapter turns the words
 * into its own (docs/ARCHITECTURE.md#storage).
 */
export function keywordSearch(input: string): KeywordSearch | null {
  const words = keywordWords(input);
  return words.length === 0 ? null : { words, mode: 'all' };
}

/** Whether the text has any letter or digit (a style or tag name must). */
export function hasWordChars(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text.normalize('NFKC'));
}
