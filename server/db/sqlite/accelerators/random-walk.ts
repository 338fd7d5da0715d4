import type { SQLInputValue } from 'node:sqlite';
import type { Database } from '../database.ts';
import { FTS_MATCH_IN, where } from '../catalogue/query.ts';
import { randomStart } from '../../random-order.ts';
import { num } from '../../rows/values.ts';

/**
 * How many index entries a walk along the key index may read per match of the filter before
 * sorting the matches by their hashed ids is cheaper. Measured at 1M rows on the shared 2-core
 * machine: hashing an id in the sort ~1 µs; a walked entry tested against a list of FTS matches
 * ~0.2 µs (ROW_FREE), one whose row must be read for a column (a cold row of the wide table)
 * ~35 µs (ROW_READ).
 */
const WALK_PER_MATCH = { ROW_FREE: 5, ROW_READ: 1 / 30 };

/**
 * The ids of one page of a RANDOM list (docs/api/catalogue.md, "Sorts"): samples in stored-key
 * order from the seed's start to the top of the key range, then from the bottom up to the start.
 * Each lap is an index range, so a page is a seek, not a sort of every sample by a hash.
 *
 * `conditions` (over `samples s`, parameters in `params`) match `total` of the `library`'s rows.
 * Walking the key index and testing each entry is chosen while the entries it reads for a page,
 * about (offset + page) × library / total, cost less than sorting the matches (WALK_PER_MATCH);
 * otherwise
 * the matches are read through their filter's index and sorted by the key computed from their
 * ids (the stored key is that hash, so both give one order, without reading each matching row).
 */
export function randomPageIds(
  db: Database,
  conditions: string[],
  params: SQLInputValue[],
  page: { seed: number; offset: number; pageSize: number; total: number; library: number },
): number[] {
  const { offset, pageSize, total, library } = page;
  const start = randomStart(page.seed);
  const rowFree = conditions.every((condition) => condition === FTS_MATCH_IN);
  const perMatch = rowFree ? WALK_PER_MATCH.ROW_FREE : WALK_PER_MATCH.ROW_READ;
  const walk = (offset + pageSize) * library <= total * total * perMatch;
  const from = `samples s${walk ? ' INDEXED BY samples_shuffle' : ''}`;
  const key = walk ? 's.shuffle_key' : 'yinku_shuffle(s.id, 0)';
  const lap = (bound: string) => where([...conditions, `${key} ${bound} ?`]);
  const firstLap = (limit: number, skip: number): number[] =>
    db
      .prepare(`SELECT s.id FROM ${from} ${lap('>=')} ORDER BY ${key}, s.id LIMIT ? OFFSET ?`)
      .all(...params, start, limit, skip)
      .map((row) => num(row.id));
  const secondLap = (limit: number, skip: number): number[] =>
    db
      .prepare(`SELECT s.id FROM ${from} ${lap('<')} ORDER BY ${key}, s.id LIMIT ? OFFSET ?`)
      .all(...params, start, limit, skip)
      .map((row) => num(row.id));
  const ids = firstLap(pageSize, offset);
  if (ids.length === pageSize) return ids;
  // The page reaches past the top of the key range: the rest comes from the second lap, after
  // the first lap's rows (counted only when this page starts beyond them).
  const firstLapRows =
    ids.length > 0
      ? offset + ids.length
      : num(db.prepare(`SELECT COUNT(*) AS n FROM ${from} ${lap('>=')}`).get(...params, start)?.n);
  return [...ids, ...secondLap(pageSize - ids.length, Math.max(0, offset - firstLapRows))];
}
