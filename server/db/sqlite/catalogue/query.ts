import type { SQLInputValue } from 'node:sqlite';
import { hasCjk } from '../../../catalogue/cjk-text.ts';
import { ftsMatch, toPhrase, type PrefixExpander } from './search-text.ts';
import type {
  KeywordSearch,
  ListRequest,
  RelationScope,
  SampleFilter,
} from '../../../catalogue/catalogue.repository.ts';

// SQL fragments of the catalogue queries: every user value goes into `params`, never the text.

export { shuffleKey } from '../../random-order.ts';

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
  const conditions: string[] = [];
  const equal = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    conditions.push(`s.${column} = ?`);
    params.push(value);
  };
  // On a pack list, category, primary name and pack code are the pack's own columns.
  if (!options.packLevel) {
    equal('category', filter.category);
    equal('primary_name', filter.primaryName);
    equal('pack_code', filter.packCode);
  }
  equal('secondary_name', filter.secondaryName);
  equal('kind', filter.kind);
  if (filter.keys?.length === 1) equal('audio_key', filter.keys[0]);
  else if (filter.keys?.length) {
    conditions.push(`s.audio_key IN (${filter.keys.map(() => '?').join(', ')})`);
    params.push(...filter.keys);
  }
  if (filter.bpmMin !== undefined) {
    conditions.push('s.bpm >= ?');
    params.push(filter.bpmMin);
  }
  if (filter.bpmMax !== undefined) {
    conditions.push('s.bpm <= ?');
    params.push(filter.bpmMax);
  }
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
export function scopeCondition(
  scope: RelationScope | undefined,
  params: SQLInputValue[],
): string[] {
  if (!scope) return [];
  params.push(scope.userId);
  return scope.relation === 'stockroom'
    ? ['s.id IN (SELECT sample_id FROM acquisitions WHERE user_id = ?)']
    : ['s.id IN (SELECT sample_id FROM sample_likes WHERE user_id = ?)'];
}

/** The condition limiting packs (by their code `column`) to one of a user's lists. */
export function packScopeCondition(
  scope: RelationScope | undefined,
  params: SQLInputValue[],
  column = 'p.code',
): string[] {
  if (!scope) return [];
  params.push(scope.userId);
  return scope.relation === 'stockroom'
    ? [
        `${column} IN (SELECT s2.pack_code FROM acquisitions a JOIN samples s2 ON s2.id = a.sample_id WHERE a.user_id = ?)`,
      ]
    : [`${column} IN (SELECT pack_code FROM pack_likes WHERE user_id = ?)`];
}

/** A WHERE clause joining `conditions` with AND (empty when there are none). */
export const where = (conditions: string[]): string =>
  conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';

/**
 * The ORDER BY of a sample list. RANDOM's is the stored key's: its pages start where the seed
 * says (sqlite/accelerators/random-walk.ts).
 */
export function sampleOrder(request: ListRequest): string {
  switch (request.sort) {
    case 'NEWEST':
      return 's.created_at DESC, s.id';
    case 'NAME':
      return request.language === 'en' ? 's.name_en COLLATE NOCASE, s.id' : 's.name_zh, s.id';
    case 'BPM':
      return 's.bpm IS NULL, s.bpm, s.id';
    case 'DURATION':
      return 's.duration, s.id';
    case 'RANDOM':
      return 's.shuffle_key, s.id';
    default:
      // RELEVANCE is popularity order within its two tiers (sqlite/catalogue/list.ts).
      return 's.popularity DESC, s.id';
  }
}

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
export function packOrder(request: ListRequest, params: SQLInputValue[]): string {
  switch (request.sort) {
    case 'NEWEST':
      return 'p.created_at DESC, p.code';
    case 'NAME':
      return request.language === 'en' ? 'p.name_en COLLATE NOCASE, p.code' : 'p.name_zh, p.code';
    case 'RANDOM':
      params.push(request.seed);
      return 'yinku_shuffle(p.rowid, ?), p.code';
    default:
      // BPM, DURATION and RELEVANCE have no pack-level meaning: packs keep popularity order.
      return 'p.popularity DESC, p.code';
  }
}
