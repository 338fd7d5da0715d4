import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import type { CatalogueRepository, TagCountRow } from '../../catalogue/catalogue.repository.ts';
import type { Database } from '../database.ts';
import { sampleConditions, scopeCondition, where } from './catalogue-query.sqlite.ts';

/** Most distinct tags a vocabulary answer holds (the most used first). */
export const TAG_VOCABULARY_LIMIT = 200;

/** Scopes whose counts are kept; the oldest goes first. */
const CACHED_SCOPES = 64;

/**
 * The repository's tagCounts: how many samples of a scope carry each tag. Counting reads every
 * sample of the scope's tags (a JSON array each), so the answer of a catalogue scope (no user
 * list) is kept until the library changes, the way the category tree is (`cachedTreeCells`):
 * until this connection writes anything or another one commits.
 */
export function cachedTagCounts(db: Database): CatalogueRepository['tagCounts'] {
  const dataVersion = db.prepare('PRAGMA data_version');
  const totalChanges = db.prepare('SELECT total_changes() AS n');
  const cache = new Map<string, TagCountRow[]>();
  let stamp = '';
  return async (filter, scope) => {
    if (scope) return countTags(db, filter, scope);
    const now = `${num(dataVersion.get()?.data_version)}:${num(totalChanges.get()?.n)}`;
    if (now !== stamp) {
      cache.clear();
      stamp = now;
    }
    const key = JSON.stringify(filter);
    const counts = cache.get(key) ?? countTags(db, filter);
    cache.delete(key);
    cache.set(key, counts);
    if (cache.size > CACHED_SCOPES) cache.delete(cache.keys().next().value!);
    return counts.map((row) => ({ ...row }));
  };
}

const num = (value: SQLOutputValue | undefined): number => Number(value ?? 0);

function countTags(
  db: Database,
  filter: Parameters<CatalogueRepository['tagCounts']>[0],
  scope?: Parameters<CatalogueRepository['tagCounts']>[1],
): TagCountRow[] {
  const params: SQLInputValue[] = [];
  const conditions = [...sampleConditions(filter, params), ...scopeCondition(scope, params)];
  params.push(TAG_VOCABULARY_LIMIT);
  return db
    .prepare(
      `SELECT t.value AS tag, COUNT(*) AS n FROM samples s, json_each(s.tags) t
       ${where(conditions)} GROUP BY t.value ORDER BY n DESC, t.value LIMIT ?`,
    )
    .all(...params)
    .map((row) => ({ tag: String(row.tag), count: num(row.n) }));
}
