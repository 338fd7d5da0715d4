import type { Database } from './database.ts';

const counts = new WeakMap<Database, number>();

/**
 * Rows this connection changed in tables no catalogue cache reads (the insight counts, written
 * every few seconds): the category tree's cache subtracts them from total_changes, so a flush of
 * counts does not make it count the whole library again.
 */
export const sideChanges = (db: Database): number => counts.get(db) ?? 0;

/** Notes `n` more side changes on this connection. */
export const addSideChanges = (db: Database, n: number): void => {
  counts.set(db, sideChanges(db) + n);
};
