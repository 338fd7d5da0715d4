// One Range parser for every byte-serving route (auditions, song streams).
/** What to answer for a Range header against a body of `size` bytes. */
type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Interprets a Range header (RFC 9110 §14.2) for one resource:
 * - absent, another unit (`items=…`), or several ranges → the full body (200; we do not send
 *   multipart/byteranges, and a server may ignore Range);
 * - `bytes=a-b`, `bytes=a-`, `bytes=-n` → 206 with the clamped range;
 * - a first byte past the end, `bytes=-0`, or malformed bytes syntax (`bytes=x`, `bytes=5-2`) → 416.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'full' };
  const eq = header.indexOf('=');
  const unit = eq === -1 ? '' : header.slice(0, eq).trim().toLowerCase();
  if (unit !== 'bytes') return /^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(unit) ? { kind: 'full' } : bad();
  const specs = header
    .slice(eq + 1)
    .split(',')
    .map((spec) => spec.trim());
  const parsed = specs.map((spec) => parseSpec(spec, size));
  if (parsed.some((p) => p === 'invalid')) return bad();
  if (parsed.length > 1) return { kind: 'full' };
  const only = parsed[0]!;
  if (only === 'unsatisfiable' || only === 'invalid') return bad();
  return { kind: 'partial', start: only.start, end: only.end };
}

function bad(): RangeAnswer {
  return { kind: 'unsatisfiable' };
}

function parseSpec(
  spec: string,
  size: number,
): { start: number; end: number } | 'invalid' | 'unsatisfiable' {
  const suffix = /^-(\d{1,15})$/.exec(spec);
  if (suffix) {
    const length = Number(suffix[1]);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const range = /^(\d{1,15})-(\d{0,15})$/.exec(spec);
  if (!range) return 'invalid';
  const start = Number(range[1]);
  const last = range[2] === '' ? Infinity : Number(range[2]);
  if (last < start) return 'invalid';
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}
