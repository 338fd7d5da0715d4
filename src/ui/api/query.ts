/** How nested keys of a query object are written (docs/PRODUCT.md §7). */
export type KeyNotation = 'dot' | 'bracket';

/** A value a query object may hold. */
export type QueryValue =
  | string
  | number
  | boolean
  | Date
  | null
  | undefined
  | QueryValue[]
  | { [key: string]: QueryValue };

/**
 * Flattens a query object into a URL-encoded query string: nested keys as `a.b` (dot) or
 * `a[b]` (bracket), arrays as repeated keys, null/undefined dropped, dates as ISO strings.
 */
export function flattenQuery(
  query: Record<string, QueryValue>,
  notation: KeyNotation = 'dot',
): string {
  const pairs: string[] = [];
  const join = (prefix: string, key: string) =>
    !prefix ? key : notation === 'dot' ? `${prefix}.${key}` : `${prefix}[${key}]`;
  const visit = (key: string, value: QueryValue): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(key, item);
      return;
    }
    if (value instanceof Date) {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value.toISOString())}`);
      return;
    }
    if (typeof value === 'object') {
      for (const [child, childValue] of Object.entries(value)) visit(join(key, child), childValue);
      return;
    }
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(query)) visit(key, value);
  return pairs.join('&');
}
