import type {
  CatalogueRepository,
  ListRequest,
  SampleFilter,
} from '../../../catalogue/catalogue.repository.ts';
import type { PgPool } from '../database.ts';
import { Params, sampleConditions, scopeCondition, where } from './query.ts';
import { num } from '../../rows/values.ts';
import { EXACT_COUNT_CAP } from '../../rows/catalogue.ts';

/** Rows whose documents are tested to estimate a full-text filter's share of the library. */
const SAMPLED_ROWS = 4000;

/** A list's number of matches: exact, or an estimate when `estimated`. */
export interface ListCount {
  total: number;
  estimated: boolean;
}

/** How the sampled rows answered: their number and the filter's matches. */
interface Sampled {
  top: number;
  percent: number;
  rows: number;
  hits: number;
}

/** How the PostgreSQL catalogue counts a sample list (docs/DATABASE.md "What `total` is"). */
export function postgresSampleCount(
  pool: PgPool,
  treeCells: CatalogueRepository['treeCells'],
  {
    exactCountCap = EXACT_COUNT_CAP,
    sampledRows = SAMPLED_ROWS,
  }: { exactCountCap?: number; sampledRows?: number } = {},
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
   * The matches of a full-text filter alone (`filter` holds nothing else). An estimate comes
   * first: the share of matching documents in a sample of ~SAMPLED_ROWS rows (whole pages,
   * `TABLESAMPLE SYSTEM`, the same pages for the same library) times the highest id. Past the
   * cap it is the total, within cap + 1 and the highest id. Under it the matches are counted,
   * exactly up to the cap (the count stops after cap + 1 rows). Counting was the cost at
   * 1,000,000 rows: every match's document is read again from the table (~4–9 µs a row), 40–90
   * ms for the first 10,001 matches of `trap` or `kick`. The planner's own estimate was tried
   * first and put `v`, in 999,107 samples, at 273,951: a prefix's share is not in its statistics.
   */
  const cappedCount = async (filter: SampleFilter): Promise<ListCount> => {
    const params = new Params();
    const matches = where(sampleConditions(filter, params, { searchJoined: true }));
    const { top, percent, rows, hits } = await sample(matches, params.values);
    const share = hits / Math.max(1, rows);
    const estimate = () => ({
      total: Math.min(top, Math.max(exactCountCap + 1, Math.round(share * top))),
      estimated: true,
    });
    if (share * top > exactCountCap && percent < 100) return estimate();
    const counted = await pool.query(
      `SELECT COUNT(*) AS n FROM (SELECT 1 FROM sample_search q ${matches}
       LIMIT ${exactCountCap + 1}) AS capped`,
      params.values,
    );
    const exact = num(counted.rows[0]?.n);
    return exact <= exactCountCap ? { total: exact, estimated: false } : estimate();
  };

  /**
   * Tests the documents of a fixed sample of ~SAMPLED_ROWS rows (whole pages, `TABLESAMPLE
   * SYSTEM`, the same pages for the same library) against `matches` (a WHERE over
   * `sample_search q`, its parameters `values`).
   */
  const sample = async (matches: string, values: unknown[]): Promise<Sampled> => {
    const top = num((await pool.query('SELECT coalesce(max(id), 0) AS n FROM samples')).rows[0]?.n);
    // A number computed here, written into the statement (TABLESAMPLE's argument).
    const percent = Math.min(100, (100 * sampledRows) / Math.max(1, top));
    const sampled = await pool.query(
      `SELECT COUNT(*) AS n, COUNT(*) FILTER (${matches}) AS hits
       FROM sample_search q TABLESAMPLE SYSTEM (${percent.toFixed(6)}) REPEATABLE (0)`,
      values,
    );
    const row = sampled.rows[0] as Record<string, unknown> | undefined;
    return {
      top,
      percent,
      rows: num(row?.n),
      hits: num(row?.hits),
    };
  };

  /** Whether a request's only filter is full-text (a keyword, the styles or the tags). */
  const fullTextAlone = ({ filter, scope }: ListRequest): boolean => {
    const { search, styles, tags, ...others } = filter;
    const fullText = [search !== undefined, Boolean(styles?.length), Boolean(tags?.length)];
    return (
      !scope &&
      fullText.filter(Boolean).length === 1 &&
      Object.values(others).every((value) => value === undefined)
    );
  };

  let bpmCells: { version: string; cells: [bpm: number, count: number][] } | null = null;
  /**
   * The exact total of a list filtered by a BPM range only, summed from the samples per BPM
   * value, kept until the catalogue's version moves (migration 034 moves it when a BPM changes):
   * counting the range (~100,000 rows at 1,000,000) took 18 ms, 2.2× its 100k time. Null for
   * any other list.
   */
  const bpmTotal = async (request: ListRequest): Promise<number | null> => {
    const { bpmMin, bpmMax, ...others } = request.filter;
    if (request.scope || (bpmMin === undefined && bpmMax === undefined)) return null;
    if (Object.values(others).some((value) => value !== undefined)) return null;
    const version = String(
      (await pool.query('SELECT version FROM catalogue_version WHERE id = 1')).rows[0]?.version,
    );
    if (bpmCells?.version !== version) {
      const { rows } = await pool.query(
        'SELECT bpm, COUNT(*) AS n FROM samples WHERE bpm IS NOT NULL GROUP BY bpm',
      );
      bpmCells = { version, cells: rows.map((row) => [num(row.bpm), num(row.n)]) };
    }
    return bpmCells.cells
      .filter(([bpm]) => bpm >= (bpmMin ?? -Infinity) && bpm <= (bpmMax ?? Infinity))
      .reduce((sum, [, count]) => sum + count, 0);
  };

  return {
    /** The number of samples a list request matches (estimated past the cap, full-text only). */
    async count(request: ListRequest): Promise<ListCount> {
      const fromCache = (await treeTotal(request)) ?? (await bpmTotal(request));
      if (fromCache !== null) return { total: fromCache, estimated: false };
      // As on SQLite, only a full-text filter alone is estimated; every other list is counted.
      if (fullTextAlone(request)) return cappedCount(request.filter);
      const params = new Params();
      const conditions = [
        ...sampleConditions(request.filter, params),
        ...scopeCondition(request.scope, params),
      ];
      const { rows } = await pool.query(
        `SELECT COUNT(*) AS n FROM samples s ${where(conditions)}`,
        params.values,
      );
      return { total: num(rows[0]?.n), estimated: false };
    },
  };
}
