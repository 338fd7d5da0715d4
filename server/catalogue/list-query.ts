import { randomInt } from 'node:crypto';
import {
  CATEGORIES,
  MUSICAL_KEYS,
  RANGES,
  SAMPLE_KINDS,
  SEARCH_SORTS,
  USER_RELATIONS,
  type AudioListQuery,
  type MusicalKey,
  type Range,
  type SampleKind,
  type SearchSort,
  type UserRelation,
} from '../../src/shared/api/catalogue.types.ts';
import { readSearchQuery } from '../../src/shared/api/search-query.ts';
import { badRequest } from '../http/api-error.ts';
import { pagingProperties } from '../http/validation.ts';
import type { ListRequest, SampleFilter } from './catalogue.repository.ts';
import { hasWordChars, keywordSearch } from './cjk-text.ts';
import { cleanKeyword } from './keyword.ts';
import { PACK_CODE_PATTERN } from './catalogue.schemas.ts';

/** Which call a list query belongs to: its required fields and accepted values differ. */
export type ListMode = 'list' | 'search' | 'user';

/** A query string as the list, search and user-list schemas let it through. */
export interface RawListQuery extends Omit<AudioListQuery, 'kind' | 'sort' | 'page' | 'pageSize'> {
  relation?: UserRelation;
  /** A sample kind, or (on the user lists) the older spelling of `range`. */
  kind?: SampleKind | Range;
  sort?: SearchSort;
  page: number;
  pageSize: number;
}

const name = { type: 'string', minLength: 1, maxLength: 100 } as const;
const list = { type: 'string', minLength: 1, maxLength: 500 } as const;

// The properties every list query has; the three calls differ in what they require and in `kind`.
const listProperties = {
  range: { type: 'string', enum: RANGES },
  category: { type: 'string', enum: CATEGORIES },
  primaryName: name,
  secondaryName: name,
  packCode: { type: 'string', pattern: PACK_CODE_PATTERN },
  keyword: { type: 'string', minLength: 1, maxLength: 200 },
  styles: list,
  kind: { type: 'string', enum: SAMPLE_KINDS },
  // One key or several, comma-separated (a key and its relative or compatible keys).
  key: { type: 'string', minLength: 1, maxLength: 200 },
  bpmMin: { type: 'integer', minimum: 1, maximum: 999 },
  bpmMax: { type: 'integer', minimum: 1, maximum: 999 },
  tags: list,
  sort: { type: 'string', enum: SEARCH_SORTS },
  seed: { type: 'integer', minimum: 0, maximum: 2147483647 },
  ...pagingProperties,
} as const;

const { range, ...afterRange } = listProperties;

/** The querystring schemas of the list calls (unknown parameters are a 400 naming them). */
export const LIST_QUERY_SCHEMAS = {
  list: { type: 'object', additionalProperties: false, properties: listProperties },
  search: {
    type: 'object',
    additionalProperties: false,
    required: ['keyword'],
    properties: listProperties,
  },
  user: {
    type: 'object',
    additionalProperties: false,
    required: ['relation'],
    properties: {
      // In the order the checks ran before: range, relation, then the rest.
      range,
      relation: { type: 'string', enum: USER_RELATIONS },
      ...afterRange,
      // On the /user calls `kind` may also name the range (an older spelling, still accepted).
      kind: { type: 'string', enum: [...SAMPLE_KINDS, ...RANGES] },
    },
  },
} as const satisfies Record<ListMode, object>;

/** Splits a comma-separated list into distinct lower-case words (a 400 naming `field` if empty). */
function words(field: string, value: string): string[] {
  const items = [
    ...new Set(
      value
        .split(/[,，]/u)
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (items.length === 0) throw badRequest(field, '不能为空', 'must name at least one value');
  if (items.some((item) => !hasWordChars(item)))
    throw badRequest(field, '每项需要包含文字或数字', 'every value must contain letters or digits');
  if (items.length > 20) throw badRequest(field, '最多 20 项', 'at most 20 values');
  return items;
}

/** Splits a comma-separated key list into distinct keys (a 400 naming `key` for any other value). */
function parseKeys(value: string): MusicalKey[] {
  const keys = [...new Set(value.split(',').map((item) => item.trim()))];
  if (keys.some((key) => !(MUSICAL_KEYS as readonly string[]).includes(key)))
    throw badRequest(
      'key',
      '须为 C … B 或 Cm … Bm，多个以逗号分隔',
      'must be C … B or Cm … Bm, several separated by commas',
    );
  return keys as MusicalKey[];
}

/** A validated list query: the range, the repository request (sans viewer) and the keyword. */
interface ParsedListQuery {
  range: Range;
  keyword: string | null;
  request: Omit<ListRequest, 'viewerId' | 'language' | 'scope'>;
}

/** Checks what a schema cannot (bpm order, kind/range alias, sort by relevance) and builds the filter. */
export function parseListQuery(query: RawListQuery, mode: ListMode): ParsedListQuery {
  let range: Range = query.range ?? 'samples';
  let kind: SampleKind | undefined;
  if (query.kind === 'samples' || query.kind === 'packs') {
    if (query.range !== undefined && query.range !== query.kind)
      throw badRequest('kind', '与 range 矛盾', 'contradicts range');
    range = query.kind;
  } else {
    kind = query.kind;
  }
  if (query.bpmMin !== undefined && query.bpmMax !== undefined && query.bpmMin > query.bpmMax)
    throw badRequest('bpmMin', '不能大于 bpmMax', 'must not be greater than bpmMax');
  const typed = cleanKeyword(query.keyword);
  // The keyword's tempo and key become filters (docs/api/catalogue.md "Reading the keyword"); a
  // filter given as a parameter wins over the reading of the same kind.
  const reading = typed ? readSearchQuery(typed) : null;
  const readBpm = query.bpmMin === undefined && query.bpmMax === undefined ? reading?.bpm : null;
  const readKey = query.key === undefined ? reading?.key : null;
  const keyword = reading ? reading.words || null : null;
  const filter: SampleFilter = {
    category: query.category,
    primaryName: query.primaryName,
    secondaryName: query.secondaryName,
    packCode: query.packCode,
    kind,
    keys: query.key === undefined ? (readKey ? [readKey] : undefined) : parseKeys(query.key),
    bpmMin: readBpm ? readBpm.min : query.bpmMin,
    bpmMax: readBpm ? readBpm.max : query.bpmMax,
  };
  if (query.keyword !== undefined) {
    const search = keyword ? keywordSearch(keyword) : null;
    // A keyword read whole as a tempo or key has no words left: it filters, it does not search.
    const readWhole = !keyword && reading?.terms.some((term) => term.kind !== 'word');
    if (!search && !readWhole)
      throw badRequest('keyword', '需要包含文字或数字', 'must contain letters or digits');
    if (search) filter.search = search;
  }
  if (query.styles !== undefined) filter.styles = words('styles', query.styles);
  if (query.tags !== undefined) filter.tags = words('tags', query.tags);
  let sort = query.sort ?? (mode === 'search' ? 'RELEVANCE' : 'MOST_POPULAR');
  if (sort === 'RELEVANCE' && filter.search === undefined) {
    if (query.keyword === undefined)
      throw badRequest('sort', 'RELEVANCE 需要 keyword', 'RELEVANCE needs a keyword');
    // No words to rank by: relevance's tiers are popularity order.
    sort = 'MOST_POPULAR';
  }
  return {
    range,
    keyword,
    request: {
      filter,
      sort,
      // Without a seed a RANDOM list is shuffled afresh; clients pass one to page through it.
      seed: query.seed ?? randomInt(0, 2147483647),
      page: query.page,
      pageSize: query.pageSize,
    },
  };
}
