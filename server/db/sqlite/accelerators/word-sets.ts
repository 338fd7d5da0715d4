// The sample ids each searched word matches, kept as bit sets for intersections (as Lucene's
// query cache keeps a clause's documents): FTS5 answers an AND of common words by walking their
// doclists, a cost linear in the library (a full name at 1M rows: 1–14 ms, 5–10× its 100k
// time), while AND-ing bit sets of one bit a sample is ~0.1 ms at 1M (docs/DATABASE.md, "Word
// sets"). A set is read from FTS5 itself, so it holds exactly what MATCH answers.
import type { Database } from '../database.ts';

/** SQL that marks the samples' search text changed: every cached word set is dropped. */
export const BUMP_SEARCH_VERSION = `INSERT INTO meta (key, value) VALUES ('search_version', '1')
  ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`;

/** Bytes of sets kept (at 1M samples a set is 125 KB, so 256 sets). */
const BUDGET_BYTES = 32 * 1024 * 1024;
/**
 * A word's set is read at its second use in an intersection: a word searched once costs FTS5's
 * walk as before, not the read of its whole doclist (`guzheng` at 1M: ~5 ms).
 */
const ADMIT_AT_USE = 2;
/**
 * A word matching more than this share of the samples is left to FTS5: reading its set would
 * stall the gateway (`v`* at 1M, every row: ~100 ms), and as one side of an AND it narrows little.
 */
const BROAD_SHARE = 1 / 4;
/** Words whose uses are counted before the count starts again (it only decides admission). */
const USES_KEPT = 10_000;

/** Options of `wordSets` (tests shrink them). */
export interface WordSetOptions {
  budgetBytes?: number;
  admitAtUse?: number;
}

/**
 * The word sets of `db`'s full-text index. `matchAll` answers the ids matching every one of some
 * MATCH expressions, or null when one has no set yet or is too broad to keep one (the caller
 * asks FTS5). Sets are dropped when `meta.search_version` or the largest sample id changes: every
 * write of search text bumps the one (BUMP_SEARCH_VERSION: the library writer, a deleted
 * sample's trigger, a migration) and every new sample raises the other, in any instance.
 */
export function wordSets(
  db: Database,
  { budgetBytes = BUDGET_BYTES, admitAtUse = ADMIT_AT_USE }: WordSetOptions = {},
) {
  const version = db.prepare(
    `SELECT (SELECT value FROM meta WHERE key = 'search_version') AS v,
            (SELECT coalesce(max(id), 0) FROM samples) AS top`,
  );
  // One string of ids: ~3× faster to read than a row per id (44,448 ids at 1M: ~4 ms).
  const members = db.prepare(
    `SELECT count(*) AS n, group_concat(id) AS ids FROM (
       SELECT rowid & 4294967295 AS id FROM samples_fts WHERE samples_fts MATCH ? LIMIT ?)`,
  );
  let current = '';
  // 32-bit slots of a set: one bit per sample id up to the largest.
  let slots = 0;
  let broadAt = 0;
  const sets = new Map<string, Uint32Array | 'broad'>();
  const uses = new Map<string, number>();

  const refresh = (): void => {
    const row = version.get();
    const now = `${row?.v ?? 0}:${row?.top ?? 0}`;
    if (now === current) return;
    current = now;
    const top = Number(row?.top ?? 0);
    slots = (top >>> 5) + 1;
    broadAt = Math.max(1, Math.floor(top * BROAD_SHARE));
    sets.clear();
    uses.clear();
  };

  const read = (expression: string): Uint32Array | 'broad' => {
    const row = members.get(expression, broadAt + 1);
    if (Number(row?.n ?? 0) > broadAt) return 'broad';
    const set = new Uint32Array(slots);
    const text = String(row?.ids ?? '');
    let id = 0;
    for (let i = 0; i <= text.length; i++) {
      const digit = i < text.length ? text.charCodeAt(i) - 48 : -1;
      if (digit >= 0 && digit <= 9) {
        id = id * 10 + digit;
        continue;
      }
      if (i > 0) set[id >>> 5]! |= 1 << (id & 31);
      id = 0;
    }
    return set;
  };

  const keep = (expression: string, set: Uint32Array | 'broad'): void => {
    sets.set(expression, set);
    // Least recently used first: a Map iterates in insertion order and a use re-inserts.
    const limit = Math.max(1, Math.floor(budgetBytes / (slots * 4)));
    for (const key of sets.keys()) {
      if (sets.size <= limit) break;
      sets.delete(key);
    }
  };

  /** The cached set of `expression`, reading it at its admitting use; null before that. */
  const setOf = (expression: string): Uint32Array | 'broad' | null => {
    const cached = sets.get(expression);
    if (cached !== undefined) {
      sets.delete(expression);
      sets.set(expression, cached);
      return cached;
    }
    if (uses.size >= USES_KEPT) uses.clear();
    const used = (uses.get(expression) ?? 0) + 1;
    uses.set(expression, used);
    if (used < admitAtUse) return null;
    const set = read(expression);
    keep(expression, set);
    return set;
  };

  return {
    /**
     * The ids (ascending) of the samples matching every expression, at most `limit + 1` of them
     * (more than `limit` tells the caller there are more), or null when FTS5 must answer.
     */
    matchAll(expressions: string[], limit: number): number[] | null {
      refresh();
      // Every expression is looked at, so each use counts toward its admission.
      const found = expressions.map(setOf);
      if (found.length === 0 || found.some((set) => set === null || set === 'broad')) return null;
      const bits = found as Uint32Array[];
      const ids: number[] = [];
      for (let slot = 0; slot < slots; slot++) {
        let both = bits[0]![slot]!;
        for (let k = 1; k < bits.length && both !== 0; k++) both &= bits[k]![slot]!;
        while (both !== 0) {
          const low = both & -both;
          ids.push(slot * 32 + 31 - Math.clz32(low));
          if (ids.length > limit) return ids;
          both ^= low;
        }
      }
      return ids;
    },
  };
}

/** The word sets of one database. */
export type WordSets = ReturnType<typeof wordSets>;
