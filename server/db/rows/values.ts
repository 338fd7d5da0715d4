/** A row as either driver returns it (node:sqlite or pg): column name → value. */
export type Row = Record<string, unknown>;

/** A column as text ('' for null). */
export const text = (value: unknown): string => String(value ?? '');

/** A column as a number (0 for null): counts, ids, sums. */
export const num = (value: unknown): number => Number(value ?? 0);

/** A nullable column through `as`, null kept. */
export const orNull = <T>(value: unknown, as: (v: unknown) => T): T | null =>
  value == null ? null : as(value);

/** A JSON array column of strings (`[]` for null or ''). */
export const textList = (value: unknown): string[] => JSON.parse(text(value) || '[]') as string[];
