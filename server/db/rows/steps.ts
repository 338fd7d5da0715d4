import type { Row } from './values.ts';

/**
 * One storage step of a program written once for both engines: a statement (`?` placeholders;
 * PostgreSQL's runner numbers them) read as rows or run for its change count, or the ending of
 * every session of a user (each engine's own session machinery, docs/api/accounts.md#sessions),
 * or the rewrite of a sample's search text after its name or tags changed (each engine's index).
 */
export type Step =
  | { kind: 'all'; sql: string; params: readonly unknown[] }
  | { kind: 'run'; sql: string; params: readonly unknown[] }
  | { kind: 'endSessions'; userId: number; now: number }
  | { kind: 'sampleChanged'; sampleId: number }
  | { kind: 'packChanged'; packCode: string };

/**
 * A program of steps with result T: a generator that yields each step and gets its answer back.
 * The SQLite runner drives it synchronously inside one transaction, the PostgreSQL runner with
 * awaits inside one; so the rules of the admin port (docs/ADMIN.md) exist once.
 */
export type Program<T> = Generator<Step, T, unknown>;

/** The rows of a statement (`yield* all(...)`). */
export function* all(sql: string, params: readonly unknown[] = []): Program<Row[]> {
  return (yield { kind: 'all', sql, params }) as Row[];
}

/** The first row of a statement, or null. */
export function* get(sql: string, params: readonly unknown[] = []): Program<Row | null> {
  return (yield* all(sql, params))[0] ?? null;
}

/** Runs a statement; the number of rows it changed. */
export function* run(sql: string, params: readonly unknown[] = []): Program<number> {
  return (yield { kind: 'run', sql, params }) as number;
}

/** Ends every session of a user at `now` (its refresh tokens revoked, its access tokens refused). */
export function* endSessions(userId: number, now: number): Program<void> {
  yield { kind: 'endSessions', userId, now };
}

/** Rewrites a sample's search text (name, tags) from its row, and drops the caches built on it. */
export function* sampleChanged(sampleId: number): Program<void> {
  yield { kind: 'sampleChanged', sampleId };
}

/**
 * Rewrites the search rows (brand, pack, category names) of pack `packCode`'s samples and moves
 * the catalogue's versions, so every cache built on the catalogue (counts, trees) is dropped.
 */
export function* packChanged(packCode: string): Program<void> {
  yield { kind: 'packChanged', packCode };
}

/** `?` placeholders numbered for PostgreSQL (`$1`, `$2`, …); our statements hold no `?` literal. */
export const numberPlaceholders = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** Runs a program synchronously, each step answered by `answer` (SQLite, inside its transaction). */
export function runSteps<T>(program: Program<T>, answer: (step: Step) => unknown): T {
  let step = program.next();
  while (!step.done) step = program.next(answer(step.value));
  return step.value;
}

/** Runs a program with awaits, each step answered by `answer` (PostgreSQL, inside its transaction). */
export async function runStepsAsync<T>(
  program: Program<T>,
  answer: (step: Step) => Promise<unknown>,
): Promise<T> {
  let step = program.next();
  while (!step.done) step = program.next(await answer(step.value));
  return step.value;
}
