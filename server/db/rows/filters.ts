import type {
  CatalogueRepository,
  ListRequest,
  RelationScope,
  SampleFilter,
} from '../../catalogue/catalogue.repository.ts';

// The catalogue's filters, scopes and sorts in SQL both engines read alike. Full-text parts (a
// keyword, styles, tags) are each engine's own (its catalogue/query.ts).

/**
 * Keeps `value` as the statement's next parameter and answers its placeholder: `?` on SQLite
 * (parameters in the order the text names them), `$n` on PostgreSQL.
 */
export type Bind = (value: unknown) => string;

/**
 * The samples of unpublished packs, out (docs/ADMIN.md "Packs"): a small set read once per
 * statement by the partial index of migration 054, tested by id, which every index of `samples`
 * holds, so a covering index stays covering. Only written while some pack is unpublished.
 */
export const PUBLISHED_ONLY = `s.id NOT IN (SELECT u.id FROM samples u WHERE u.pack_code IN (SELECT code FROM packs WHERE published = 0))`;

/** The conditions over `samples s` of a filter's columns: taxonomy, pack, kind, keys and BPM. */
export function columnConditions(filter: SampleFilter, bind: Bind, packLevel = false): string[] {
  const conditions: string[] = [];
  // On a pack list the pack's own flag says it (the adapters' listPacks).
  if (filter.publishedOnly && !packLevel) conditions.push(PUBLISHED_ONLY);
  const equal = (column: string, value: string | undefined) => {
    if (value !== undefined) conditions.push(`s.${column} = ${bind(value)}`);
  };
  // On a pack list, category, primary name and pack code are the pack's own columns.
  if (!packLevel) {
    equal('category', filter.category);
    equal('primary_name', filter.primaryName);
    equal('pack_code', filter.packCode);
  }
  equal('secondary_name', filter.secondaryName);
  equal('kind', filter.kind);
  if (filter.keys?.length === 1) equal('audio_key', filter.keys[0]);
  else if (filter.keys?.length)
    conditions.push(`s.audio_key IN (${filter.keys.map(bind).join(', ')})`);
  if (filter.bpmMin !== undefined) conditions.push(`s.bpm >= ${bind(filter.bpmMin)}`);
  if (filter.bpmMax !== undefined) conditions.push(`s.bpm <= ${bind(filter.bpmMax)}`);
  return conditions;
}

/** The condition limiting `samples s` to one of a user's lists. */
export function scopeCondition(scope: RelationScope | undefined, bind: Bind): string[] {
  if (!scope) return [];
  const user = bind(scope.userId);
  return scope.relation === 'stockroom'
    ? [`s.id IN (SELECT sample_id FROM acquisitions WHERE user_id = ${user})`]
    : [`s.id IN (SELECT sample_id FROM sample_likes WHERE user_id = ${user})`];
}

/** The condition limiting packs (by their code `column`) to one of a user's lists. */
export function packScopeCondition(
  scope: RelationScope | undefined,
  bind: Bind,
  column = 'p.code',
): string[] {
  if (!scope) return [];
  const user = bind(scope.userId);
  return scope.relation === 'stockroom'
    ? [
        `${column} IN (SELECT s2.pack_code FROM acquisitions a JOIN samples s2 ON s2.id = a.sample_id WHERE a.user_id = ${user})`,
      ]
    : [`${column} IN (SELECT pack_code FROM pack_likes WHERE user_id = ${user})`];
}

/** A WHERE clause joining `conditions` with AND (empty when there are none). */
export const where = (conditions: string[]): string =>
  conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';

/** How an engine spells what the sorts need beyond plain SQL. */
export interface OrderSpelling {
  /** An English name compared as SQLite's NOCASE does (ASCII folded, byte order). */
  nocase(column: string): string;
  /** The ORDER BY of a RANDOM sample list (docs/api/catalogue.md, "Sorts"). */
  randomSamples(): string;
  /** The ORDER BY of a RANDOM pack list. */
  randomPacks(): string;
}

/**
 * The ORDER BY of a sample list: NULL BPMs last, ties broken by id. RELEVANCE is popularity order
 * within its two tiers, which each engine reads tier by tier.
 */
export function sampleOrder(request: ListRequest, spell: OrderSpelling): string {
  switch (request.sort) {
    case 'NEWEST':
      return 's.created_at DESC, s.id';
    case 'NAME':
      return request.language === 'en' ? `${spell.nocase('s.name_en')}, s.id` : 's.name_zh, s.id';
    case 'BPM':
      return 's.bpm IS NULL, s.bpm, s.id';
    case 'DURATION':
      return 's.duration, s.id';
    case 'RANDOM':
      return spell.randomSamples();
    default:
      return 's.popularity DESC, s.id';
  }
}

/** The ORDER BY of a pack list. */
export function packOrder(request: ListRequest, spell: OrderSpelling): string {
  switch (request.sort) {
    case 'NEWEST':
      return 'p.created_at DESC, p.code';
    case 'NAME':
      return request.language === 'en'
        ? `${spell.nocase('p.name_en')}, p.code`
        : 'p.name_zh, p.code';
    case 'RANDOM':
      return spell.randomPacks();
    default:
      // BPM, DURATION and RELEVANCE have no pack-level meaning: packs keep popularity order.
      return 'p.popularity DESC, p.code';
  }
}

/** The conditions of a tree-cell count: its category, and a user's samples or packs. */
export function treeConditions(
  { category, scope, range, publishedOnly }: Parameters<CatalogueRepository['treeCells']>[0],
  bind: Bind,
): string[] {
  return [
    ...columnConditions({ category, publishedOnly }, bind),
    ...(range === 'packs'
      ? packScopeCondition(scope, bind, 's.pack_code')
      : scopeCondition(scope, bind)),
  ];
}
