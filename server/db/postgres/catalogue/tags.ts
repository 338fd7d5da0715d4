import type { CatalogueRepository, TagCountRow } from '../../../catalogue/catalogue.repository.ts';
import type { PgPool } from '../database.ts';
import { Params, sampleConditions, scopeCondition, where } from './query.ts';
import { toTagCounts } from '../../rows/catalogue.ts';

/** Counts the tags of a scope now, grouped by whole tag lists first; search.ts keeps the answers. */
export async function countTags(
  pool: PgPool,
  filter: Parameters<CatalogueRepository['tagCounts']>[0],
  scope?: Parameters<CatalogueRepository['tagCounts']>[1],
): Promise<TagCountRow[]> {
  const params = new Params();
  const conditions = [...sampleConditions(filter, params), ...scopeCondition(scope, params)];
  const { rows } = await pool.query(
    `SELECT s.tags, COUNT(*) AS n FROM samples s ${where(conditions)} GROUP BY s.tags`,
    params.values,
  );
  return toTagCounts(rows);
}
