// The SQLite FTS5 side of search: the text stored in `samples_fts` and the MATCH expressions run
// against it. Nothing outside server/db/ sees FTS5 syntax (docs/ARCHITECTURE.md#storage).
//
// SQLite's unicode61 tokenizer keeps a run of CJK characters, and any digits or Latin letters
// touching it, as ONE token, so "古筝" would not match "古筝拨弦" (docs/STACK-NOTES.md#sqlite-fts5-and-chinese) and "版" not "第5版".
// Indexing and querying with a space around every CJK character makes each one a token; a query
// for a CJK word then runs as a phrase of its characters.
import { CJK_RANGES, hasCjk } from '../../../catalogue/cjk-text.ts';
import type { KeywordSearch } from '../../../catalogue/catalogue.repository.ts';

const CJK_EACH = new RegExp(`([${CJK_RANGES}])`, 'gu');

/** Text as stored in the FTS index: every CJK character a word of its own. */
export function spaceCjk(text: string): string {
  return text.normalize('NFKC').replace(CJK_EACH, ' $1 ').replace(/ {2,}/g, ' ').trim();
}

/** A word quoted for FTS5 (a `"` doubled), so operators and SQL-looking input are plain text. */
const quoted = (word: string): string => `"${word.replaceAll('"', '""')}"`;

/** The index words a Latin prefix stands for, or null to match it as a prefix. */
export type PrefixExpander = (word: string) => string[] | null;

/**
 * The FTS5 MATCH expression of a keyword search: every word must match (mode `all`) or any word
 * (`any`); Latin words match as prefixes (`"808"*`), or as the OR of the index words the prefix
 * starts when `expand` knows them (the same rows, read lazily: sqlite/catalogue/prefixes.ts), CJK words
 * as a phrase of their characters. Null when there are no words.
 */
export function ftsMatch(search: KeywordSearch, expand?: PrefixExpander): string | null {
  const words = ftsWordMatches(search, expand);
  return words.length === 0 ? null : words.join(search.mode === 'any' ? ' OR ' : ' AND ');
}

/** The MATCH expression of each typed word of a keyword search (blank words left out). */
export function ftsWordMatches(search: KeywordSearch, expand?: PrefixExpander): string[] {
  const latin = (word: string): string => {
    const exact = expand?.(word);
    if (!exact) return `${quoted(word)}*`;
    return exact.length === 1 ? quoted(exact[0]!) : `(${exact.map(quoted).join(' OR ')})`;
  };
  return search.words
    .filter((word) => word.trim() !== '')
    .map((word) => (hasCjk(word) ? quoted(spaceCjk(word)) : latin(word)));
}

/**
 * An FTS5 phrase matching `text` word for word (CJK characters one by one, punctuation as word
 * breaks: `hip-hop` is "hip hop"), or null when it has no letters or digits.
 */
export function toPhrase(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return words ? `"${spaceCjk(words)}"` : null;
}
