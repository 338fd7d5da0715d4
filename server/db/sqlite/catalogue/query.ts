import type { SQLInputValue } from 'node:sqlite';
import { hasCjk } from '../../../catalogue/cjk-text.ts';
import { ftsMatch, toPhrase, type PrefixExpander } from './search-text.ts';
import type {
  KeywordSearch,
  ListRequest,
  RelationScope,
  SampleFilter,
} from '../../../catalogue/catalogue.repository.ts';
import * as filters from '../../rows/filters.ts';

// SQL fragments of the catalogue queries: every user value goes into `params`, never the text.

export { shuffleKey } from '../../random-order.ts';
export { where } from '../../rows/filters.ts';

/** `params` as the shared fragments bind to it: each value is the next `?`. */
export const bindTo =
  (params: SQLInputValue[]): filters.Bind =>
  (value) => {
    params.push(value as SQLInputValue);
    return '?';
  };

/**
 * The search key of a sample (migration 032): the rowid of its `samples_fts` row. Ascending keys
 * are popularity descending, then id ascending, so an FTS match read in rowid order is in
 * popularity order and `ORDER BY rowid LIMIT n` stops after n rows. Arguments are SQL
 * expressions (columns or `?`).
 */
export const searchKey = (popularity: string, id: string): string =>
  `((2147483647 - ${popularity}) << 32) | ${id}`;

/** The sample id of a `samples_fts` row: the low 32 bits of its search key. */
export const FTS_SAMPLE_ID = '(samples_fts.rowid & 4294967295)';

/**
 * The join of `samples_fts` and `samples s`, written both ways so that the planner may read either
 * first: the FTS match, looking each sample up by id, or the samples a filter's index gives,
 * seeking each one's FTS row by key.
 */
export const FTS_JOIN = `s.id = ${FTS_SAMPLE_ID} AND samples_fts.rowid = ${searchKey('s.popularity', 's.id')}`;

/** The condition of a keyword, style or tag match that is not joined to the FTS table. */
export const FTS_MATCH_IN = `s.id IN (SELECT ${FTS_SAMPLE_ID} FROM samples_fts WHERE samples_fts MATCH ?)`;

/** A keyword match tested on each row in turn: one seek in the FTS index per row and word. */
export const FTS_MATCH_ROW = `EXISTS (SELECT 1 FROM samples_fts WHERE samples_fts MATCH ? AND rowid = ${searchKey('s.popularity', 's.id')})`;

/** The FTS5 MATCH expression of a keyword search (`""`, matching nothing, when it has no words). */
export const keywordMatch = (search: KeywordSearch, expand?: PrefixExpander): string =>
  ftsMatch(search, expand) ?? '""';

/** Whether a keyword search needs every word: not the any-word mode. */
const everyWord = (search: KeywordSearch): boolean =>
  search.mode === 'all' || search.words.length === 1;

/**
 * Whether testing one row against a keyword search is a seek per word: every word required, each
 * a Latin prefix of 1–2 letters or digits (the prefix indexes of migration 013) or a CJK phrase
 * (exact words). FTS5 answers a longer prefix by merging the doclists of every word it starts,
 * again for each row tested.
 */
export const seeksPerRow = (search: KeywordSearch): boolean =>
  everyWord(search) &&
  search.words.every((word) => hasCjk(word) || /^[\p{L}\p{N}]{1,2}$/u.test(word));

/**
 * The FTS5 MATCH expressions of a filter's full-text parts: its keyword (first), styles and tags.
 * `expand` spells typed prefixes out as index words (sqlite/catalogue/prefixes.ts).
 */
export function ftsMatches(filter: SampleFilter, expand?: PrefixExpander): string[] {
  const matches: string[] = [];
  if (filter.search !== undefined) matches.push(keywordMatch(filter.search, expand));
  const phrases = (values: string[]) => values.map(toPhrase).filter((p) => p !== null);
  if (filter.styles?.length)
    matches.push(`{tags type grp} : (${phrases(filter.styles).join(' OR ') || '""'})`);
  if (filter.tags?.length) matches.push(`{tags} : (${phrases(filter.tags).join(' AND ') || '""'})`);
  return matches;
}

/** SQL conditions (and their parameters, in order) over `samples s`. */
export function sampleConditions(
  filter: SampleFilter,
  params: SQLInputValue[],
  options: { packLevel?: boolean; withoutFts?: boolean } = {},
): string[] {
  const conditions = filters.columnConditions(filter, bindTo(params), options.packLevel);
  // The keyword, styles and tags are words in the FTS index (one doclist lookup, not a JSON scan
  // per row); with `withoutFts` the caller matches them itself (sqlite/catalogue/list.ts).
  if (!options.withoutFts)
    for (const match of ftsMatches(filter)) {
      conditions.push(FTS_MATCH_IN);
      params.push(match);
    }
  return conditions;
}

/** The condition limiting `samples s` to one of a user's lists. */
export const scopeCondition = (
  scope: RelationScope | undefined,
  params: SQLInputValue[],
): string[] => filters.scopeCondition(scope, bindTo(params));

/** The condition limiting packs (by their code `column`) to one of a user's lists. */
export const packScopeCondition = (
  scope: RelationScope | undefined,
  params: SQLInputValue[],
  column?: string,
): string[] => filters.packScopeCondition(scope, bindTo(params), column);

/**
 * The sorts as SQLite spells them. RANDOM's sample order is the stored key's: its pages start
 * where the seed says (sqlite/accelerators/random-walk.ts).
 */
const spelling = (request: ListRequest, params: SQLInputValue[]): filters.OrderSpelling => ({
  nocase: (column) => `${column} COLLATE NOCASE`,
  randomSamples: () => 's.shuffle_key, s.id',
  randomPacks: () => `yinku_shuffle(p.rowid, ${bindTo(params)(request.seed)}), p.code`,
});

/** The ORDER BY of a sample list (RELEVANCE's two tiers are read apart: list.ts). */
export const sampleOrder = (request: ListRequest): string =>
  filters.sampleOrder(request, spelling(request, []));

/** The index of `samples` in each order `sampleOrder` writes but RANDOM's (migrations 001–013). */
const ORDER_INDEXES = new Map([
  ['s.popularity DESC, s.id', 'samples_popularity'],
  ['s.created_at DESC, s.id', 'samples_created'],
  ['s.name_en COLLATE NOCASE, s.id', 'samples_name_en'],
  ['s.name_zh, s.id', 'samples_name_zh'],
  ['s.bpm IS NULL, s.bpm, s.id', 'samples_bpm_sort'],
  ['s.duration, s.id', 'samples_duration'],
]);

/** The index that lists samples in `order` (an ORDER BY of `sampleOrder`), if there is one. */
export const orderIndex = (order: string): string | undefined => ORDER_INDEXES.get(order);

/** The ORDER BY of a pack list. */
export const packOrder = (request: ListRequest, params: SQLInputValue[]): string =>
  filters.packOrder(request, spelling(request, params));
