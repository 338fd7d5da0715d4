import type { Database } from '../database.ts';
import { num } from '../../rows/values.ts';

/** A list's number of matches: exact, or an estimate when `estimated`. */
export interface ListCount {
  total: number;
  estimated: boolean;
}

/**
 * How many of the least popular matches give the second density of an estimate: fewer than the
 * cap, because reading them is what an estimated total costs beyond the exact count (`kick` at
 * 1M rows: 0.8 ms for 10,001) and a thousand place the tail's density well enough.
 */
const TAIL_SAMPLE = 1_000;

/** How long the popularity histogram serves estimates before it is read again. */
const HISTOGRAM_MAX_AGE_MS = 5 * 60_000;

/**
 * The samples per popularity value, read through the popularity index and kept until a sample is
 * added or five minutes have passed: it places a search key (migration 032) among all samples.
 * Downloads lift popularity by one, which moves an estimate by nothing that shows.
 */
function popularityHistogram(db: Database) {
  const version = db.prepare('SELECT coalesce(max(id), 0) AS v FROM samples');
  const read = db.prepare(
    'SELECT popularity, count(*) AS n FROM samples GROUP BY popularity ORDER BY popularity DESC',
  );
  const ties = db.prepare('SELECT count(*) AS n FROM samples WHERE popularity = ? AND id <= ?');
  let state: {
    version: number;
    at: number;
    values: number[];
    above: number[];
    size: number;
  } | null = null;
  const current = () => {
    const now = num(version.get()?.v);
    if (!state || state.version !== now || Date.now() - state.at > HISTOGRAM_MAX_AGE_MS) {
      const values: number[] = [];
      const above: number[] = [];
      let size = 0;
      for (const row of read.all()) {
        values.push(num(row.popularity));
        above.push(size);
        size += num(row.n);
      }
      state = { version: now, at: Date.now(), values, above, size };
    }
    return state;
  };
  return {
    /** The number of samples. */
    size: (): number => current().size,
    /** How many samples come up to and including (popularity, id) in search-key order. */
    position(popularity: number, id: number): number {
      const { values, above } = current();
      // values descend: find the first value ≤ popularity.
      let [low, high] = [0, values.length];
      while (low < high) {
        const mid = (low + high) >> 1;
        if (values[mid]! > popularity) low = mid + 1;
        else high = mid;
      }
      const before = low < values.length ? above[low]! : current().size;
      return before + num(ties.get(popularity, id)?.n);
    },
  };
}

/**
 * Counts an FTS match alone (docs/api/catalogue.md, "Totals"): exactly when it has at most `cap`
 * rows. Otherwise the first cap + 1 and the last TAIL_SAMPLE + 1 matches in search-key order
 * (FTS5 reads a match's rows in rowid order, either way, and stops) give the matches' density
 * among the most and the least popular samples, placed by the popularity histogram, and the
 * total is their mean density over the library. Matches spread evenly over popularity estimate within a few per cent; a word
 * that gathers in the middle is misjudged, which the client corrects when it reaches the list's
 * end. The exact count read every match: 94 ms for `v` at 1M rows.
 */
export function ftsCounter(db: Database, cap: number): (match: string) => ListCount {
  const end = (direction: 'ASC' | 'DESC') => {
    // The key read furthest in, split in SQL: node:sqlite reads integers past 2^53 inexactly.
    const key = direction === 'ASC' ? 'max(rowid)' : 'min(rowid)';
    return db.prepare(
      `SELECT COUNT(*) AS n, 2147483647 - (${key} >> 32) AS popularity, ${key} & 4294967295 AS id
       FROM (SELECT rowid FROM samples_fts WHERE samples_fts MATCH ? ORDER BY rowid ${direction} LIMIT ?)`,
    );
  };
  const [front, back] = [end('ASC'), end('DESC')];
  const histogram = popularityHistogram(db);
  const placed = (end: Record<string, unknown>): number =>
    histogram.position(num(end.popularity), num(end.id));
  return (match) => {
    const first = front.get(match, cap + 1)!;
    if (num(first.n) <= cap) return { total: num(first.n), estimated: false };
    const tail = Math.min(cap, TAIL_SAMPLE) + 1;
    const last = back.get(match, tail)!;
    const size = histogram.size();
    const frontDensity = (cap + 1) / Math.max(cap + 1, placed(first));
    const backDensity = tail / Math.max(tail, size - placed(last) + 1);
    const total = Math.round(((frontDensity + backDensity) / 2) * size);
    return { total: Math.max(cap + 1, Math.min(size, total)), estimated: true };
  };
}
