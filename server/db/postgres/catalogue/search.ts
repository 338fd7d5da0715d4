import type {
  CatalogueRepository,
  TagCountRow,
  TreeCell,
} from '../../../catalogue/catalogue.repository.ts';
import type { SuggestionEntry } from '../../../catalogue/search-suggestions.ts';
import type { Category } from '../../../../src/shared/api/catalogue.types.ts';
import type { PgPool } from '../database.ts';
import { correctionCandidates, readVocabulary } from '../accelerators/trigram-vocabulary.ts';
import { packScopeCondition, Params, sampleConditions, scopeCondition, where } from './query.ts';

type Row = Record<string, unknown>;
type HelpMethods = Pick<
  CatalogueRepository,
  'searchVocabulary' | 'correctionCandidates' | 'suggestionEntries' | 'treeCells' | 'tagCounts'
>;

const text = (value: unknown): string => String(value ?? '');
const num = (value: unknown): number => Number(value ?? 0);

/** Most distinct tags a tag-count answer holds (the most used first), as on SQLite. */
const TAG_VOCABULARY_LIMIT = 200;

/**
 * The catalogue's derived answers on PostgreSQL: the index's words (search_vocabulary), autocomplete names,
 * tree cells and tag counts. Answers without a user scope are kept until the library changes,
 * which the catalogue's version (a row its triggers bump, migration 031) tells; unlike SQLite,
 * another process's commits are seen by the same query.
 */
export function postgresCatalogueHelp(pool: PgPool): HelpMethods {
  const version = async (): Promise<string> =>
    text((await pool.query('SELECT version FROM catalogue_version WHERE id = 1')).rows[0]?.version);
  const cache = new Map<string, unknown>();
  let stamp = '';
  const cached = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const now = await version();
    if (now !== stamp) {
      cache.clear();
      stamp = now;
    }
    if (!cache.has(key)) cache.set(key, await load());
    return structuredClone(cache.get(key)) as T;
  };

  const entries = async (): Promise<SuggestionEntry[]> => {
    const out: SuggestionEntry[] = [];
    const primaries = new Map<string, string>();
    const taxonomy = await pool.query(
      `SELECT category, primary_name, secondary_name, name_zh FROM taxonomy
       ORDER BY category COLLATE "C", primary_name COLLATE "C", secondary_name <> '', position`,
    );
    for (const row of taxonomy.rows as Row[]) {
      const primaryName = text(row.primary_name);
      const secondaryName = text(row.secondary_name);
      const zh = text(row.name_zh);
      if (!secondaryName) primaries.set(`${text(row.category)}:${primaryName}`, zh);
      // A genre's second level repeats under every genre: genres offer themselves only.
      if (row.category === 'genres') {
        if (!secondaryName) out.push({ kind: 'genre', en: primaryName, zh, weight: 3 });
        continue;
      }
      out.push({
        kind: 'instrument',
        en: secondaryName || primaryName,
        zh,
        weight: secondaryName ? 2 : 3,
        primaryName,
        ...(secondaryName
          ? {
              secondaryName,
              parent: {
                en: primaryName,
                zh: primaries.get(`${text(row.category)}:${primaryName}`) ?? primaryName,
              },
            }
          : {}),
      });
    }
    for (const row of (await pool.query('SELECT name, name_zh FROM brands ORDER BY id'))
      .rows as Row[])
      out.push({ kind: 'brand', en: text(row.name), zh: text(row.name_zh), weight: 1 });
    const tags = new Map<string, number>();
    const packTags = await pool.query(
      `SELECT j.value AS tag FROM packs p, jsonb_array_elements_text(p.tags::jsonb) AS j(value)
       ORDER BY p.position`,
    );
    for (const row of packTags.rows as Row[]) {
      const tag = text(row.tag).toLowerCase();
      tags.set(tag, (tags.get(tag) ?? 0) + 1);
    }
    for (const [tag, count] of tags)
      out.push({ kind: 'tag', en: tag, zh: null, weight: 1 + count / 1000 });
    const packs = await pool.query(
      'SELECT code, name_en, name_zh, popularity FROM packs ORDER BY popularity DESC, position',
    );
    for (const row of packs.rows as Row[])
      out.push({
        kind: 'pack',
        en: text(row.name_en),
        zh: text(row.name_zh),
        weight: num(row.popularity),
        packCode: text(row.code),
      });
    return out;
  };

  const countCells = async ({
    category,
    scope,
    range,
  }: Parameters<CatalogueRepository['treeCells']>[0]): Promise<TreeCell[]> => {
    const params = new Params();
    const conditions = sampleConditions({ category }, params);
    conditions.push(
      ...(range === 'packs'
        ? packScopeCondition(scope, params, 's.pack_code')
        : scopeCondition(scope, params)),
    );
    const cell = (row: Row) => ({
      category: text(row.category) as Category,
      primaryName: text(row.primary_name),
      secondaryName: text(row.secondary_name),
    });
    if (range === 'samples') {
      const { rows } = await pool.query(
        `SELECT s.category, s.primary_name, s.secondary_name, COUNT(*) AS n FROM samples s
         ${where(conditions)} GROUP BY 1, 2, 3
         ORDER BY s.category COLLATE "C", s.primary_name COLLATE "C", s.secondary_name COLLATE "C"`,
        params.values,
      );
      return rows.map((row: Row) => ({ ...cell(row), count: num(row.n) }));
    }
    const cells = new Map<string, TreeCell>();
    const { rows } = await pool.query(
      `SELECT s.category, s.primary_name, s.secondary_name, s.pack_code FROM samples s
       ${where(conditions)} GROUP BY 1, 2, 3, 4
       ORDER BY s.category COLLATE "C", s.primary_name COLLATE "C", s.secondary_name COLLATE "C",
         s.pack_code`,
      params.values,
    );
    for (const row of rows as Row[]) {
      const key = `${text(row.category)}\u0000${text(row.primary_name)}\u0000${text(row.secondary_name)}`;
      const entry = cells.get(key) ?? { ...cell(row), count: 0, packCodes: [] };
      entry.packCodes!.push(text(row.pack_code));
      entry.count = entry.packCodes!.length;
      cells.set(key, entry);
    }
    return [...cells.values()];
  };

  const countTags = async (
    filter: Parameters<CatalogueRepository['tagCounts']>[0],
    scope?: Parameters<CatalogueRepository['tagCounts']>[1],
  ): Promise<TagCountRow[]> => {
    const params = new Params();
    const conditions = [...sampleConditions(filter, params), ...scopeCondition(scope, params)];
    // Grouped by the whole tag list first: a library has few distinct lists (see the SQLite side).
    const { rows } = await pool.query(
      `SELECT s.tags, COUNT(*) AS n FROM samples s ${where(conditions)} GROUP BY s.tags`,
      params.values,
    );
    const counts = new Map<string, number>();
    for (const row of rows as Row[]) {
      const tags: unknown = JSON.parse(text(row.tags) || '[]');
      if (!Array.isArray(tags)) continue;
      for (const tag of new Set(tags.map(String)))
        counts.set(tag, (counts.get(tag) ?? 0) + num(row.n));
    }
    return [...counts]
      .map(([tag, count]) => ({ tag, count }))
      .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
      .slice(0, TAG_VOCABULARY_LIMIT);
  };

  return {
    async searchVocabulary() {
      return cached('vocabulary', () => readVocabulary(pool));
    },
    async correctionCandidates(word) {
      return correctionCandidates(pool, word);
    },
    async suggestionEntries() {
      return cached('suggestions', entries);
    },
    async treeCells(options) {
      if (options.scope) return countCells(options);
      return cached(`tree:${options.category ?? ''}:${options.range}`, () => countCells(options));
    },
    async tagCounts(filter, scope) {
      if (scope) return countTags(filter, scope);
      return cached(`tags:${JSON.stringify(filter)}`, () => countTags(filter));
    },
  };
}
