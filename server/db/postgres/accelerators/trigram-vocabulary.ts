import type { ListRequest } from '../../../catalogue/catalogue.repository.ts';
import {
  allowedDistance,
  editDistance,
  type VocabularyTerm,
} from '../../../catalogue/search-vocabulary.ts';
import { CJK_RANGES, hasCjk } from '../../../catalogue/cjk-text.ts';
import { expandablePrefix, MAX_PREFIX_EXPANSION, prefixExpansion } from '../../prefix-expansion.ts';
import type { PgQueryable } from '../database.ts';
import type { PgKeywordSearch } from '../catalogue/query.ts';
import { searchWords } from '../../search-words.ts';

// The index's words as PostgreSQL keeps them: `search_vocabulary` (migration 035), one row per
// lexeme of `sample_search.document` with the number of documents holding it, kept by statement
// triggers on sample_search (docs/DATABASE.md "Search").

const CJK_PAIR = new RegExp(`^[${CJK_RANGES}]{2}$`, 'u');

/**
 * The words of the full-text index with their sample counts, for typo correction. The
 * documents' CJK pairs (migration 033) are no words of the library: no stored word is two CJK
 * characters, every one is a word of its own.
 */
export async function readVocabulary(db: PgQueryable): Promise<VocabularyTerm[]> {
  const { rows } = await db.query<{ word: string; docs: number }>(
    'SELECT word, docs FROM search_vocabulary',
  );
  return rows
    .map((row) => ({ term: String(row.word), docs: Number(row.docs) }))
    .filter(({ term }) => !CJK_PAIR.test(term));
}

/** The lowest trigram similarity asked (pg_trgm.similarity_threshold, set by postgres/open-database.ts). */
export const TRIGRAM_THRESHOLD = 0.01;

/**
 * The vocabulary's words that share a trigram with `word` (pg_trgm's `%`, on the trigram index of
 * migration 035), or null when they may miss a word correctKeyword would choose, and the whole
 * vocabulary is read. pg_trgm pads a word to `  word ` and takes its n + 1 trigrams; an edit
 * changes at most 4 of them (a swap of two neighbours; a substitution, deletion or insertion at
 * most 3), so a word sharing none is at least ⌈(n + 1) / 4⌉ edits away. The candidates are
 * complete when that is beyond the allowed distance (4 letters; 8 or more) or beyond the
 * closest candidate's distance (a word of 5–7 letters one slip away): every word as close is
 * among them. A word the typed one starts is among them too (it shares n trigrams). One shared
 * trigram is a similarity of at least 1 / (2n + 4), above TRIGRAM_THRESHOLD up to 47 letters.
 * ASCII only: pg_trgm's letters are the locale's.
 */
export async function correctionCandidates(
  db: PgQueryable,
  word: string,
): Promise<VocabularyTerm[] | null> {
  const n = word.length;
  if (!/^[a-z]+$/.test(word) || n > 47) return null;
  const limit = allowedDistance(n);
  const unshared = Math.ceil((n + 1) / 4);
  // 3 letters: a word sharing no trigram may be one slip away, as close as any candidate.
  if (unshared <= 1) return null;
  const { rows } = await db.query<{ word: string; docs: number }>(
    'SELECT word, docs FROM search_vocabulary WHERE word % $1',
    [word],
  );
  const terms = rows.map((row) => ({ term: String(row.word), docs: Number(row.docs) }));
  if (unshared > limit) return terms;
  const closest = Math.min(limit + 1, ...terms.map((t) => editDistance(word, t.term, limit)));
  return closest < unshared ? terms : null;
}

/**
 * Up to how many words a prefix is spelled out as in a keyword of several required words. Each
 * word is its own GIN key there (keywordMatch), stepped through in turn, and a key of many rare
 * words costs little: `Guzheng Gliss 01 V2` at 1M rows, `v2` being 111 words, reads its name
 * tier in ~2 ms against ~20 ms with prefixes. A word alone keeps MAX_PREFIX_EXPANSION: its key
 * is read whole, and testing 111 words on each entry of a walk in popularity order is slower
 * than one prefix (`v2`: ~4 ms against ~1 ms).
 */
export const MAX_PREFIX_EXPANSION_AMONG_WORDS = 128;

/**
 * The request with its keyword's Latin prefixes looked up (prefix-expansion.ts): each is asked
 * as the exact words it starts, found in one statement on the vocabulary's primary key
 * (`COLLATE "C"`, so a prefix is one range of it). Any length counts, unlike on SQLite: GIN has
 * no prefix index, and `'01':*` or `'v2':*` (61,113 and 119,880 names at 1M) was a bitmap of
 * every name holding them before anything was intersected, where exact words are read lazily,
 * skipping to the other words' matches. The same request when the keyword has no such prefix.
 */
export async function withPrefixWords<T extends Pick<ListRequest, 'filter'>>(
  db: PgQueryable,
  request: T,
): Promise<T> {
  const search = request.filter.search;
  const prefixes = new Set<string>();
  for (const word of search?.words ?? []) {
    const parts = hasCjk(word) ? [] : searchWords(word);
    const prefix = parts.length === 1 ? expandablePrefix(parts[0]!, 1) : null;
    if (prefix !== null) prefixes.add(prefix);
  }
  if (search === undefined || prefixes.size === 0) return request;
  const max =
    search.mode === 'all' && search.words.length > 1
      ? MAX_PREFIX_EXPANSION_AMONG_WORDS
      : MAX_PREFIX_EXPANSION;
  // U+10FFFF is the highest code point: in byte order every word starting with the prefix sorts
  // below the prefix followed by it.
  const { rows } = await db.query<{ prefix: string; words: string[] }>(
    `SELECT p.prefix, ARRAY(
       SELECT v.word FROM search_vocabulary v
       WHERE v.word >= p.prefix COLLATE "C" AND v.word < (p.prefix || chr(1114111)) COLLATE "C"
       ORDER BY v.word LIMIT $2) AS words
     FROM unnest($1::text[]) AS p(prefix)`,
    [[...prefixes], max + 1],
  );
  const found = new Map(rows.map((row) => [row.prefix, prefixExpansion(row.words, max)]));
  const expanded: PgKeywordSearch = { ...search, prefixWords: (p) => found.get(p) ?? null };
  return { ...request, filter: { ...request.filter, search: expanded } };
}
