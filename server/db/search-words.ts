import { CJK_RANGES } from '../catalogue/cjk-text.ts';

// The words both databases index (docs/DATABASE.md, "Search"): what SQLite's FTS5 tokenizer
// `unicode61 remove_diacritics 2` makes of a text (lower case, accents removed, every non-letter
// non-digit a break) with every CJK character a word of its own. PostgreSQL stores and queries
// these words (postgres/catalogue/search-text.ts); SQLite decides RELEVANCE's name tier with them for a
// few rows already found (sqlite/accelerators/name-tier.ts).

const CJK_EACH = new RegExp(`([${CJK_RANGES}])`, 'gu');

/** Text as a sequence of plain words, the way both full-text indexes split it. */
export function searchWords(text: string): string[] {
  const plain = text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
  return plain.replace(CJK_EACH, ' $1 ').split(/ +/).filter(Boolean);
}
