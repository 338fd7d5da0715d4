import type { CatalogueRepository, TreeCell } from '../../../catalogue/catalogue.repository.ts';
import type { PgPool } from '../database.ts';
import { bindTo, Params } from './query.ts';
import { treeConditions, where } from '../../rows/filters.ts';
import { toTreeCells } from '../../rows/catalogue.ts';

/**
 * Counts the tree's cells now: samples per cell, or distinct packs per cell with their codes.
 * Cells come in SQLite's order (byte order); search.ts keeps the catalogue's own tree.
 */
export async function countCells(
  pool: PgPool,
  options: Parameters<CatalogueRepository['treeCells']>[0],
): Promise<TreeCell[]> {
  const params = new Params();
  const conditions = where(treeConditions(options, bindTo(params)));
  const order = 's.category COLLATE "C", s.primary_name COLLATE "C", s.secondary_name COLLATE "C"';
  const { rows } = await pool.query(
    options.range === 'samples'
      ? `SELECT s.category, s.primary_name, s.secondary_name, COUNT(*) AS n FROM samples s
         ${conditions} GROUP BY 1, 2, 3 ORDER BY ${order}`
      : `SELECT s.category, s.primary_name, s.secondary_name, s.pack_code FROM samples s
         ${conditions} GROUP BY 1, 2, 3, 4 ORDER BY ${order}, s.pack_code`,
    params.values,
  );
  return toTreeCells(rows, options.range);
}
