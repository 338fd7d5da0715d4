import type { ListRequest } from '../../catalogue/catalogue.repository.ts';
import type { VocabularyTerm } from '../../catalogue/search-vocabulary.ts';
import { CJK_RANGES, hasCjk } from '../../catalogue/cjk-text.ts';
import { expandablePrefix, MAX_PREFIX_EXPANSION, prefixExpansion } from '../prefix-expansion.ts';
import type { PgQueryable } from './pg-database.ts';
import type { PgKeywordSearch } from './catalogue-query.postgres.ts';
import { searchWords } from './search-text.postgres.ts';

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

/**
 * The request with its keyword's Latin prefixes looked up (prefix-expansion.ts): each is asked
 * as the exact words it starts, found in one statement on the vocabulary's primary key
 * (`COLLATE "C"`, so a prefix is one range of it). Any length counts, unlike on SQLite: GIN has
 * no prefix index, and `'01':*` or `'v2':*` (61,113 and 119,880 names at 1M) was a bitmap of
 * every name holding them, where exact words are read only where the rarest word leads. The
 * same request when the keyword has no such prefix.
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
  // U+10FFFF is the highest code point: in byte order every word starting with the prefix sorts
  // below the prefix followed by it.
  const { rows } = await db.query<{ prefix: string; words: string[] }>(
    `SELECT p.prefix, ARRAY(
       SELECT v.word FROM search_vocabulary v
       WHERE v.word >= p.prefix COLLATE "C" AND v.word < (p.prefix || chr(1114111)) COLLATE "C"
       ORDER BY v.word LIMIT $2) AS words
     FROM unnest($1::text[]) AS p(prefix)`,
    [[...prefixes], MAX_PREFIX_EXPANSION + 1],
  );
  const found = new Map(rows.map((row) => [row.prefix, prefixExpansion(row.words)]));
  const expanded: PgKeywordSearch = { ...search, prefixWords: (p) => found.get(p) ?? null };
  return { ...request, filter: { ...request.filter, search: expanded } };
}
