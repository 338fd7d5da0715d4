import type { SQLInputValue } from 'node:sqlite';
import type { CatalogueRepository, TreeCell } from '../../../catalogue/catalogue.repository.ts';
import type { Category } from '../../../../src/shared/api/catalogue.types.ts';
import type { Database } from '../database.ts';
import { bindTo } from './query.ts';
import { treeConditions, where } from '../../rows/filters.ts';
import { toTreeCells } from '../../rows/catalogue.ts';
import { num } from '../../rows/values.ts';
import { sideChanges } from '../side-writes.ts';

type TreeOptions = Parameters<CatalogueRepository['treeCells']>[0];

/**
 * The repository's treeCells: counted cells of the category tree. The catalogue's own tree
 * (no user scope) counts every sample, 94 ms at 1M rows, and only changes with the library: it
 * is kept until this connection writes anything but insight counts (total_changes less
 * sideChanges) or another one commits (data_version, e.g. `npm run import`).
 */
export function cachedTreeCells(db: Database): CachedTreeCells {
  const dataVersion = db.prepare('PRAGMA data_version');
  const totalChanges = db.prepare('SELECT total_changes() AS n');
  const cache = new Map<string, TreeCell[]>();
  let stamp = '';
  const fresh = () => {
    const changes = num(totalChanges.get()?.n) - sideChanges(db);
    const now = `${num(dataVersion.get()?.data_version)}:${changes}`;
    if (now !== stamp) {
      cache.clear();
      stamp = now;
    }
  };
  const keyOf = (
    category: Category | undefined,
    range: TreeOptions['range'],
    publishedOnly = false,
  ) => `${category ?? ''}:${range}:${publishedOnly}`;
  const cells: CachedTreeCells = async (options) => {
    if (options.scope) return countCells(db, options);
    fresh();
    const key = keyOf(options.category, options.range, options.publishedOnly);
    const found = cache.get(key) ?? countCells(db, options);
    cache.set(key, found);
    return found.map((cell) => ({ ...cell, packCodes: cell.packCodes && [...cell.packCodes] }));
  };
  cells.cached = ({ category, range, publishedOnly }) => {
    fresh();
    const found = cache.get(keyOf(category, range, publishedOnly));
    if (found || category === undefined) return found;
    return cache
      .get(keyOf(undefined, range, publishedOnly))
      ?.filter((cell) => cell.category === category);
  };
  return cells;
}

/** The repository's treeCells, and a look at its cache that counts nothing. */
type CachedTreeCells = CatalogueRepository['treeCells'] & {
  /** The catalogue's own cells (no user scope) if they are cached and still true, else undefined. */
  cached(
    options: Pick<TreeOptions, 'category' | 'range' | 'publishedOnly'>,
  ): TreeCell[] | undefined;
};

/** Counts the tree's cells now: samples per cell, or distinct packs per cell with their codes. */
function countCells(db: Database, options: TreeOptions): TreeCell[] {
  const params: SQLInputValue[] = [];
  const conditions = where(treeConditions(options, bindTo(params)));
  const rows =
    options.range === 'samples'
      ? db.prepare(
          `SELECT s.category, s.primary_name, s.secondary_name, COUNT(*) AS n FROM samples s
           ${conditions} GROUP BY 1, 2, 3`,
        )
      : db.prepare(
          `SELECT DISTINCT s.category, s.primary_name, s.secondary_name, s.pack_code FROM samples s
           ${conditions}`,
        );
  return toTreeCells(rows.all(...params), options.range);
}
