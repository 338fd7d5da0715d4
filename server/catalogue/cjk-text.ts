// SQLite's unicode61 tokenizer keeps a run of CJK characters, and any digits or Latin letters
// touching it, as ONE token, so "古筝" would not match "古筝拨弦" (docs/STACK-NOTES.md#sqlite-fts5-and-chinese) and "版" not "第5版".
// Indexing and querying with a space around every CJK character makes each one a token; a query
// for a CJK word then runs as a phrase of its characters.
const CJK_RANGES = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af';
const CJK = new RegExp(`[${CJK_RANGES}]`, 'u');
const CJK_EACH = new RegExp(`([${CJK_RANGES}])`, 'gu');

/** Text as stored in the FTS index: every CJK character a word of its own. */
export function spaceCjk(text: string): string {
  return text.normalize('NFKC').replace(CJK_EACH, ' $1 ').replace(/ {2,}/g, ' ').trim();
}

/** Whether the text contains any CJK character. */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * Control and format characters (NUL included) as spaces: FTS5 reads its expression as a C
 * string, so a NUL inside a quoted word ended it ("unterminated string", a 500). The one rule both
 * the keyword boundary (`cleanKeyword`) and the word splitter below apply.
 */
export function withoutControlChars(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]+/gu, ' ');
}

/**
 * The words of what a user typed, lower-cased, at most 12: separators, FTS5 operator characters
 * and control or format characters all split words, so none reaches a query.
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
 * An FTS5 MATCH expression for what a user typed: every word must match (or, with `'OR'`, any
 * word); Latin words match as prefixes (`808*`), CJK words as a phrase of their characters.
 * Returns null when nothing is left. Every token is quoted, so FTS5 operators and SQL-looking
 * input are plain text.
 */
export function toMatchQuery(input: string, joiner: 'AND' | 'OR' = 'AND'): string | null {
  const words = keywordWords(input);
  if (words.length === 0) return null;
  return words
    .map((word) => (hasCjk(word) ? `"${spaceCjk(word)}"` : `"${word}"*`))
    .join(` ${joiner} `);
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
