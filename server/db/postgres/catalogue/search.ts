import type { CatalogueRepository } from '../../../catalogue/catalogue.repository.ts';
import type { SuggestionEntry } from '../../../catalogue/search-suggestions.ts';
import { suggestionEntries } from '../../rows/suggestions.ts';
import type { PgPool } from '../database.ts';
import { correctionCandidates, readVocabulary } from '../accelerators/trigram-vocabulary.ts';
import { countCells } from './tree.ts';
import { countTags } from './tags.ts';
import { text, type Row } from '../../rows/values.ts';

type HelpMethods = Pick<
  CatalogueRepository,
  'searchVocabulary' | 'correctionCandidates' | 'suggestionEntries' | 'treeCells' | 'tagCounts'
>;

/**
 * The catalogue's derived answers on PostgreSQL: the index's words (search_vocabulary),
 * autocomplete names, tree cells (tree.ts) and tag counts (tags.ts). Answers without a user
 * scope are kept until the library changes, which the catalogue's version (a row its triggers
 * bump, migration 031) tells; unlike SQLite, another process's commits are seen by the same query.
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

  const rows = async (sql: string): Promise<Row[]> => (await pool.query(sql)).rows as Row[];
  const entries = async (): Promise<SuggestionEntry[]> =>
    suggestionEntries({
      taxonomy: await rows(
        `SELECT category, primary_name, secondary_name, name_zh FROM taxonomy
         ORDER BY category COLLATE "C", primary_name COLLATE "C", secondary_name <> '', position`,
      ),
      brands: await rows('SELECT name, name_zh FROM brands ORDER BY id'),
      packTags: await rows(
        `SELECT j.value AS tag FROM packs p, jsonb_array_elements_text(p.tags::jsonb) AS j(value)
         WHERE p.published = 1 ORDER BY p.position`,
      ),
      packs: await rows(
        `SELECT code, name_en, name_zh, popularity FROM packs WHERE published = 1
         ORDER BY popularity DESC, position`,
      ),
    });

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
      if (options.scope) return countCells(pool, options);
      return cached(
        `tree:${options.category ?? ''}:${options.range}:${options.publishedOnly}`,
        () => countCells(pool, options),
      );
    },
    async tagCounts(filter, scope) {
      if (scope) return countTags(pool, filter, scope);
      return cached(`tags:${JSON.stringify(filter)}`, () => countTags(pool, filter));
    },
  };
}
