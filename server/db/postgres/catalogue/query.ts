import type {
  KeywordSearch,
  ListRequest,
  RelationScope,
  SampleFilter,
} from '../../../catalogue/catalogue.repository.ts';
import { joinQueries, phraseQuery, wordQuery, type PrefixWords } from './search-text.ts';
import { randomStart } from '../../random-order.ts';
import * as filters from '../../rows/filters.ts';

export { where } from '../../rows/filters.ts';

// SQL fragments of the PostgreSQL catalogue queries: every user value is a $n parameter.

/** The parameters of one statement: `add` returns the placeholder of the value it keeps. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `params` as the shared fragments bind to it. */
export const bindTo =
  (params: Params): filters.Bind =>
  (value) =>
    params.add(value);

/** A keyword as a tsquery, and whether it needs every word (not the any-word fallback). */
export interface KeywordQuery {
  /** Null when the search can match nothing (a required word with no letter or digit). */
  query: string | null;
  everyWord: boolean;
  /** With every word required, each word's own tsquery (`query` is them joined with `&`). */
  words: string[];
}

/**
 * A keyword search whose prefixes were looked up in the vocabulary (withPrefixWords): they are
 * asked as the exact words they start.
 */
export type PgKeywordSearch = KeywordSearch & { prefixWords?: PrefixWords };

/**
 * The tsquery of a filter's keyword search (null without one): against `document` the matches,
 * against `name_document` the matches whose name holds it, RELEVANCE's first tier.
 */
export function keywordQuery(search: PgKeywordSearch | undefined): KeywordQuery | null {
  if (search === undefined) return null;
  const everyWord = search.mode === 'all';
  const words = search.words.map((word) => wordQuery(word, search.prefixWords));
  // A word with no letter or digit left matches nothing, as FTS5's empty phrase does: with
  // every word required, nothing matches; with any word, the others still may.
  if (everyWord && words.includes(null)) return { query: null, everyWord, words: [] };
  const present = words.filter((word): word is string => word !== null);
  return {
    query: joinQueries(words, everyWord ? '&' : '|'),
    everyWord,
    words: everyWord ? present : [],
  };
}

/**
 * `column @@ keyword` in SQL (FALSE when it matches nothing). With every word required, each
 * word is its own `@@` condition, so GIN scans them as separate keys and steps through them in
 * turn, each skipping to the others' next match (docs/DATABASE.md "Search"): one tsquery of
 * several words is one key, and GIN reads the union of the entries of its rarest words, which
 * for a prefix spelled out as many rare words is every name holding any of them.
 */
export function keywordMatch(column: string, keyword: KeywordQuery, params: Params): string {
  if (keyword.query === null) return 'FALSE';
  const parts = keyword.words.length > 1 ? keyword.words : [keyword.query];
  return parts.map((part) => `${column} @@ ${params.add(part)}::tsquery`).join(' AND ');
}

/** SQL conditions over `samples s` (and, with a keyword, `sample_search q` when `searchJoined`). */
export function sampleConditions(
  filter: SampleFilter,
  params: Params,
  options: { packLevel?: boolean; searchJoined?: boolean } = {},
): string[] {
  const conditions = filters.columnConditions(filter, bindTo(params), options.packLevel);
  // A condition on the search document: on the joined row, or through a subquery.
  const inSearch = (match: (document: string) => string) =>
    options.searchJoined
      ? match('q.document')
      : `s.id IN (SELECT sample_id FROM sample_search WHERE ${match('document')})`;
  const search = (query: string | null) =>
    query === null
      ? 'FALSE'
      : inSearch((document) => `${document} @@ ${params.add(query)}::tsquery`);
  const keyword = keywordQuery(filter.search);
  if (keyword) conditions.push(inSearch((document) => keywordMatch(document, keyword, params)));
  // Styles match the tags and both category names (weights B and C), any of them; tags the tags
  // alone (B), every one.
  const phrases = (words: string[], weights: string, joiner: '&' | '|') =>
    search(
      joinQueries(
        words.map((word) => phraseQuery(word, weights)),
        joiner,
      ),
    );
  if (filter.styles?.length) conditions.push(phrases(filter.styles, 'BC', '|'));
  if (filter.tags?.length) conditions.push(phrases(filter.tags, 'B', '&'));
  return conditions;
}

/** The condition limiting `samples s` to one of a user's lists. */
export const scopeCondition = (scope: RelationScope | undefined, params: Params): string[] =>
  filters.scopeCondition(scope, bindTo(params));

/** The condition limiting packs (by their code `column`) to one of a user's lists. */
export const packScopeCondition = (
  scope: RelationScope | undefined,
  params: Params,
  column?: string,
): string[] => filters.packScopeCondition(scope, bindTo(params), column);

/**
 * The sorts as PostgreSQL spells them: names compare as SQLite compares them (byte order, NOCASE
 * folding ASCII only). RANDOM is the order of both adapters (server/db/random-order.ts): keys
 * from the seed's start up, then from the bottom up to the start. Sample pages take the two-lap
 * path (postgres/catalogue/adapter.ts); this order is the same, written as one ORDER BY.
 */
const spelling = (request: ListRequest, params: Params): filters.OrderSpelling => ({
  nocase: (column) => `yinku_nocase(${column})`,
  randomSamples: () =>
    `yinku_shuffle(s.id, 0) < ${params.add(randomStart(request.seed))}, yinku_shuffle(s.id, 0), s.id`,
  randomPacks: () => `yinku_shuffle(p.position, ${params.add(request.seed)}), p.code`,
});

/** The ORDER BY of a sample list (RELEVANCE with a keyword is read tier by tier, adapter.ts). */
export const sampleOrder = (request: ListRequest, params: Params): string =>
  filters.sampleOrder(request, spelling(request, params));

/** The ORDER BY of a pack list. */
export const packOrder = (request: ListRequest, params: Params): string =>
  filters.packOrder(request, spelling(request, params));
