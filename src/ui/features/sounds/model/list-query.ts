import {
  CATEGORIES,
  DEFAULTS,
  expandKey,
  KEY_MATCHES,
  MUSICAL_KEYS,
  SAMPLE_KINDS,
  SORTS,
  type AudioListQuery,
  type Category,
  type KeyMatch,
  type MusicalKey,
  type SampleKind,
  type Sort,
} from '../../../../shared/index.ts';

/** The list filters and sort that live in the URL's query string. */
export interface ListFilters {
  sort?: Sort;
  kind?: SampleKind;
  key?: MusicalKey;
  /** How far the key filter reaches (absent: the key alone); see `expandKey`. */
  keyMatch?: Exclude<KeyMatch, 'exact'>;
  bpmMin?: number;
  bpmMax?: number;
  /** Comma-separated tags. */
  tags?: string;
}

/** The filters as the gateway's list query takes them: the key expanded to its key list. */
export function filterQuery(filters: ListFilters): Omit<AudioListQuery, 'sort'> & { sort?: Sort } {
  const { keyMatch, key, ...rest } = filters;
  return key ? { ...rest, key: expandKey(key, keyMatch).join(',') } : rest;
}

/** The asset-list ranges of docs/PRODUCT.md §2 route segments (`All:`, `Samples:`, `Packs:`). */
export const ASSET_KINDS = ['All', 'Samples', 'Packs'] as const;

/** Which items an asset page shows. */
type AssetKind = (typeof ASSET_KINDS)[number];

/** Highest BPM accepted from a URL (anything above is a typo, not a tempo). */
const MAX_BPM = 999;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function bpm(value: string | null): number | undefined {
  if (value === null || !/^\d{1,3}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= MAX_BPM ? n : undefined;
}

/**
 * Reads sort and filters from a URL query. Values a shared or hand-edited link got wrong are
 * dropped (the gateway would answer 400 on them); a reversed BPM range is put in order.
 */
export function readFilters(params: URLSearchParams): ListFilters {
  let bpmMin = bpm(params.get('bpmMin'));
  let bpmMax = bpm(params.get('bpmMax'));
  if (bpmMin !== undefined && bpmMax !== undefined && bpmMin > bpmMax)
    [bpmMin, bpmMax] = [bpmMax, bpmMin];
  const tags = (params.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
    .slice(0, 10)
    .join(',');
  const filters: ListFilters = {
    sort: oneOf(SORTS, params.get('sort')),
    kind: oneOf(SAMPLE_KINDS, params.get('kind')),
    key: oneOf(MUSICAL_KEYS, params.get('key')),
    keyMatch: oneOf(
      KEY_MATCHES.filter((match) => match !== 'exact'),
      params.get('key') === null ? null : params.get('keyMatch'),
    ),
    bpmMin,
    bpmMax,
    tags: tags || undefined,
  };
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as ListFilters;
}

/** Writes filters into a URL query, keeping unrelated parameters; undefined removes one. */
export function writeFilters(
  params: URLSearchParams,
  patch: Partial<ListFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(patch)) {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}

/** The sort to use: the URL's, else the user's asset-sort setting, else MOST_POPULAR. */
export function effectiveSort(filters: ListFilters, settingSort?: string): Sort {
  return filters.sort ?? oneOf(SORTS, settingSort ?? null) ?? (DEFAULTS.assetSort as Sort);
}

/** A category from a route segment, or undefined when it is not one of the four. */
export function parseCategory(segment: string | undefined): Category | undefined {
  return oneOf(CATEGORIES, segment ?? null);
}

/** Strips the leading colon names carry in URLs (docs/PRODUCT.md §2). */
export function stripColon(segment: string): string {
  return segment.startsWith(':') ? segment.slice(1) : segment;
}

/** Parses an asset segment `Samples:Drums` into its kind and primary name. */
export function parseAsset(
  segment: string | undefined,
): { kind: AssetKind; primaryName: string } | undefined {
  if (!segment) return undefined;
  const colon = segment.indexOf(':');
  if (colon < 0) return undefined;
  const kind = oneOf(ASSET_KINDS, segment.slice(0, colon));
  const primaryName = segment.slice(colon + 1);
  return kind && primaryName ? { kind, primaryName } : undefined;
}

/** The path of an asset page: `/sounds/{category}/asset/{Kind}:{primary}[/:{secondary}]`. */
export function assetPath(
  category: Category,
  kind: AssetKind,
  primaryName: string,
  secondaryName?: string,
): string {
  const base = `/sounds/${category}/asset/${kind}:${encodeURIComponent(primaryName)}`;
  return secondaryName ? `${base}/:${encodeURIComponent(secondaryName)}` : base;
}

/** A search target: what the three search routes of docs/PRODUCT.md §2 encode. */
export type SearchTarget =
  | { type: 'keyword'; keyword: string }
  | { type: 'styles'; styles: string[] }
  | { type: 'names'; primaryName: string; secondaryName: string };

/** Prefix of the single search segment that carries styles rather than a keyword. */
const STYLES_PREFIX = 'styles:';

/** The path of a search (keyword, styles or primary/secondary names). */
export function searchPath(target: SearchTarget): string {
  switch (target.type) {
    case 'keyword':
      return `/sounds/search/track/${encodeURIComponent(target.keyword.trim())}/samples`;
    case 'styles':
      return `/sounds/search/track/${encodeURIComponent(STYLES_PREFIX + target.styles.join(','))}/samples`;
    case 'names':
      return `/sounds/search/track/:${encodeURIComponent(target.primaryName)}/:${encodeURIComponent(target.secondaryName)}/samples`;
  }
}

/** Reads a search route's segments back into its target. */
export function parseSearch(
  term: string | undefined,
  secondary?: string,
): SearchTarget | undefined {
  if (term === undefined || term.trim() === '') return undefined;
  if (secondary !== undefined)
    return { type: 'names', primaryName: stripColon(term), secondaryName: stripColon(secondary) };
  if (term.startsWith(STYLES_PREFIX)) {
    const styles = term
      .slice(STYLES_PREFIX.length)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return styles.length ? { type: 'styles', styles } : undefined;
  }
  return { type: 'keyword', keyword: term.trim() };
}

/** The gateway query of a search target plus the URL's filters. */
export function searchQuery(
  target: SearchTarget,
  filters: ListFilters,
  sort: Sort,
): AudioListQuery {
  const base = { ...filterQuery(filters), sort };
  switch (target.type) {
    case 'keyword':
      return { ...base, keyword: target.keyword };
    case 'styles':
      return { ...base, styles: target.styles.join(',') };
    case 'names':
      return { ...base, primaryName: target.primaryName, secondaryName: target.secondaryName };
  }
}
