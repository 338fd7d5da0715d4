import type { CatalogueRepository, ListRequest } from '../../catalogue/catalogue.repository.ts';
import type { PgPool } from './pg-database.ts';
import { Params, sampleConditions, scopeCondition, where } from './catalogue-query.postgres.ts';
import { num } from './catalogue-rows.postgres.ts';

/**
 * Up to how many matches a full-text filter alone is counted exactly, as on SQLite
 * (docs/api/catalogue.md "Totals"); beyond it the planner's estimate is the total.
 */
export const EXACT_COUNT_CAP = 10_000;

/** A list's number of matches: exact, or an estimate when `estimated`. */
export interface ListCount {
  total: number;
  estimated: boolean;
}

/** How the PostgreSQL catalogue counts a sample list (docs/DATABASE.md "What `total` is"). */
export function postgresSampleCount(
  pool: PgPool,
  treeCells: CatalogueRepository['treeCells'],
  { exactCountCap = EXACT_COUNT_CAP }: { exactCountCap?: number } = {},
) {
  /**
   * The total of a list filtered by category, instrument and group only (or not at all), summed
   * from the category tree's cells, which are cached until the catalogue changes: a COUNT(*) of
   * every sample took ~50 ms at 1,000,000 rows, on every first page. Null for any other list.
   */
  const treeTotal = async (request: ListRequest): Promise<number | null> => {
    const { category, primaryName, secondaryName, ...others } = request.filter;
    if (request.scope || Object.values(others).some((value) => value !== undefined)) return null;
    const cells = await treeCells({ category, range: 'samples' });
    return cells
      .filter(
        (cell) =>
          (primaryName === undefined || cell.primaryName === primaryName) &&
          (secondaryName === undefined || cell.secondaryName === secondaryName),
      )
      .reduce((sum, cell) => sum + cell.count, 0);
  };

  /**
   * The matches of `conditions` over `samples s`, a full-text filter alone. The planner's
   * estimate (its statistics of the search documents) comes first: past the cap it is the total,
   * within cap + 1 and the highest id. Under it the matches are counted, exactly up to the cap
   * (the count stops after cap + 1 rows). Counting was the cost at 1,000,000 rows: every match's
   * document is read again from the heap (~4–9 µs a row), 40–90 ms for the first 10,001 matches
   * of `trap` or `kick`, and all of them for an exact count.
   */
  const cappedCount = async (conditions: string[], params: Params): Promise<ListCount> => {
    const sql = `SELECT 1 FROM samples s ${where(conditions)}`;
    const [plan, top] = await Promise.all([
      pool.query(`EXPLAIN (FORMAT JSON) ${sql}`, params.values),
      pool.query('SELECT coalesce(max(id), 0) AS n FROM samples'),
    ]);
    const explained = plan.rows[0]?.['QUERY PLAN'] as
      { Plan?: { 'Plan Rows'?: number } }[] | undefined;
    const planned = Math.round(Number(explained?.[0]?.Plan?.['Plan Rows'] ?? 0)) || 0;
    const estimate = () => ({
      total: Math.min(num(top.rows[0]?.n), Math.max(exactCountCap + 1, planned)),
      estimated: true,
    });
    if (planned > exactCountCap) return estimate();
    const counted = await pool.query(
      `SELECT COUNT(*) AS n FROM (${sql} LIMIT ${exactCountCap + 1}) AS capped`,
      params.values,
    );
    const exact = num(counted.rows[0]?.n);
    return exact <= exactCountCap ? { total: exact, estimated: false } : estimate();
  };

  return {
    /** The number of samples a list request matches (estimated past the cap, full-text only). */
    async count(request: ListRequest): Promise<ListCount> {
      const fromTree = await treeTotal(request);
      if (fromTree !== null) return { total: fromTree, estimated: false };
      const params = new Params();
      const conditions = [
        ...sampleConditions(request.filter, params),
        ...scopeCondition(request.scope, params),
      ];
      // As on SQLite, only a full-text filter alone (a keyword, the styles or the tags) is
      // estimated; every other list is counted exactly.
      const { search, styles, tags, ...others } = request.filter;
      const fullText = [
        search !== undefined,
        Boolean(styles?.length),
        Boolean(tags?.length),
      ].filter(Boolean).length;
      const othersSet = Object.values(others).some((value) => value !== undefined);
      if (!request.scope && !othersSet && fullText === 1) return cappedCount(conditions, params);
      const { rows } = await pool.query(
        `SELECT COUNT(*) AS n FROM samples s ${where(conditions)}`,
        params.values,
      );
      return { total: num(rows[0]?.n), estimated: false };
    },

    /** The matches of a keyword alone (estimated past the cap), for "too broad to rank". */
    async keywordCount(search: ListRequest['filter']['search']): Promise<number> {
      const params = new Params();
      return (await cappedCount(sampleConditions({ search }, params), params)).total;
    },
  };
}
