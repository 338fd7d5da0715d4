import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import type { CatalogueRepository, TreeCell } from '../../../catalogue/catalogue.repository.ts';
import type { Category } from '../../../../src/shared/api/catalogue.types.ts';
import type { Database } from '../database.ts';
import { packScopeCondition, sampleConditions, scopeCondition, where } from './query.ts';

type Row = Record<string, SQLOutputValue>;
type TreeOptions = Parameters<CatalogueRepository['treeCells']>[0];

const text = (value: SQLOutputValue | undefined): string => String(value ?? '');
const num = (value: SQLOutputValue | undefined): number => Number(value ?? 0);

/**
 * The repository's treeCells: counted cells of the category tree. The catalogue's own tree
 * (no user scope) counts every sample, 94 ms at 1M rows, and only changes with the library: it
 * is kept until this connection writes anything (total_changes) or another one commits
 * (data_version, e.g. `npm run import`).
 */
export function cachedTreeCells(db: Database): CachedTreeCells {
  const dataVersion = db.prepare('PRAGMA data_version');
  const totalChanges = db.prepare('SELECT total_changes() AS n');
  const cache = new Map<string, TreeCell[]>();
  let stamp = '';
  const fresh = () => {
    const now = `${num(dataVersion.get()?.data_version)}:${num(totalChanges.get()?.n)}`;
    if (now !== stamp) {
      cache.clear();
      stamp = now;
    }
  };
  const keyOf = (category: Category | undefined, range: TreeOptions['range']) =>
    `${category ?? ''}:${range}`;
  const cells: CachedTreeCells = async (options) => {
    if (options.scope) return countCells(db, options);
    fresh();
    const key = keyOf(options.category, options.range);
    const found = cache.get(key) ?? countCells(db, options);
    cache.set(key, found);
    return found.map((cell) => ({ ...cell, packCodes: cell.packCodes && [...cell.packCodes] }));
  };
  cells.cached = ({ category, range }) => {
    fresh();
    const found = cache.get(keyOf(category, range));
    if (found || category === undefined) return found;
    return cache.get(keyOf(undefined, range))?.filter((cell) => cell.category === category);
  };
  return cells;
}

/** The repository's treeCells, and a look at its cache that counts nothing. */
type CachedTreeCells = CatalogueRepository['treeCells'] & {
  /** The catalogue's own cells (no user scope) if they are cached and still true, else undefined. */
  cached(options: Pick<TreeOptions, 'category' | 'range'>): TreeCell[] | undefined;
};

/** Counts the tree's cells now: samples per cell, or distinct packs per cell with their codes. */
function countCells(db: Database, { category, scope, range }: TreeOptions): TreeCell[] {
  const params: SQLInputValue[] = [];
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
    return db
      .prepare(
        `SELECT s.category, s.primary_name, s.secondary_name, COUNT(*) AS n FROM samples s
         ${where(conditions)} GROUP BY 1, 2, 3`,
      )
      .all(...params)
      .map((row) => ({ ...cell(row), count: num(row.n) }));
  }
  const cells = new Map<string, TreeCell>();
  const rows = db
    .prepare(
      `SELECT DISTINCT s.category, s.primary_name, s.secondary_name, s.pack_code FROM samples s
       ${where(conditions)}`,
    )
    .all(...params);
  for (const row of rows) {
    const key = `${text(row.category)}\u0000${text(row.primary_name)}\u0000${text(row.secondary_name)}`;
    const entry = cells.get(key) ?? { ...cell(row), count: 0, packCodes: [] };
    entry.packCodes!.push(text(row.pack_code));
    entry.count = entry.packCodes!.length;
    cells.set(key, entry);
  }
  return [...cells.values()];
}
