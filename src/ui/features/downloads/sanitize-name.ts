/** Longest segment we write, in UTF-8 bytes (most file systems cap a name at 255 bytes). */
export const MAX_SEGMENT_BYTES = 120;

// Names Windows refuses whatever the extension; the desktop shell may run there.
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
// Separators, characters illegal on common file systems, and C0/C1 control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g;

/** Truncates a string to at most `maxBytes` of UTF-8 without splitting a character. */
function capBytes(text: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= maxBytes) return text;
  let out = '';
  let size = 0;
  for (const char of text) {
    const length = encoder.encode(char).length;
    if (size + length > maxBytes) break;
    out += char;
    size += length;
  }
  return out;
}

/**
 * Makes one path segment from a server-provided name: NFC, no separators or control characters,
 * no leading dots (so never `..` or a hidden file), no trailing dots/spaces, length-capped,
 * never a reserved device name, never empty.
 */
export function sanitizeSegment(name: string, fallback = 'untitled'): string {
  let clean = name.normalize('NFC').replace(UNSAFE, '_');
  clean = clean.replace(/\s+/g, ' ').trim();
  clean = clean.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  clean = capBytes(clean, MAX_SEGMENT_BYTES).trim();
  if (!clean) return fallback;
  if (RESERVED.test(clean)) clean = `_${clean}`;
  return clean;
}

/** Makes a file name `stem.ext` whose stem and extension are both safe; the extension is kept whole. */
export function sanitizeFileName(stem: string, extension: string): string {
  const ext = extension
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8);
  const base = sanitizeSegment(stem, 'sample');
  const room = MAX_SEGMENT_BYTES - (ext ? ext.length + 1 : 0);
  const capped = capBytes(base, room).replace(/[.\s]+$/, '') || 'sample';
  return ext ? `${capped}.${ext}` : capped;
}

/** The folders of SPEC §7 under the download root: sounds/packs/{brand}/{type}. */
export function sampleFolders(brand: string, type: string): string[] {
  return [
    'sounds',
    'packs',
    sanitizeSegment(brand, 'unknown-brand'),
    sanitizeSegment(type, 'other'),
  ];
}

/** `name (2).ext`, `name (3).ext` … : the candidate for the n-th attempt, so nothing is overwritten. */
export function numberedName(fileName: string, attempt: number): string {
  if (attempt <= 1) return fileName;
  const dot = fileName.lastIndexOf('.');
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  const ext = dot > 0 ? fileName.slice(dot) : '';
  const suffix = ` (${attempt})`;
  return `${capBytes(stem, MAX_SEGMENT_BYTES - ext.length - suffix.length)}${suffix}${ext}`;
}

/** True when every segment is a plain name that cannot climb out of the root. */
export function isContainedPath(segments: readonly string[]): boolean {
  return segments.every(
    (segment) =>
      segment.length > 0 &&
      segment !== '.' &&
      segment !== '..' &&
      !segment.startsWith('.') &&
      !/[/\\]/.test(segment) &&
      sanitizeSegment(segment, '') === segment,
  );
}
