import { Buffer } from 'node:buffer';

/** Longest name segment the shell writes, in UTF-8 bytes (file systems cap names at 255). */
export const MAX_NAME_BYTES = 120;

// Names Windows refuses whatever the extension (the shell may run there).
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;
// Separators, characters illegal on common file systems, C0/C1 controls (NUL included).
// oxlint-disable-next-line no-control-regex
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g;

/** Cuts a string to at most `maxBytes` of UTF-8 without splitting a character. */
function capBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let size = 0;
  for (const char of text) {
    const length = Buffer.byteLength(char);
    if (size + length > maxBytes) break;
    out += char;
    size += length;
  }
  return out;
}

/**
 * One safe path segment from a name the page sent: NFC, no separators, colons or control
 * characters, no leading dots (never `..` or a hidden file), no trailing dots or spaces (Windows
 * drops them), at most MAX_NAME_BYTES, never a reserved device name, never empty.
 */
export function safeSegment(name: string, fallback: string): string {
  let clean = name.normalize('NFC').replace(UNSAFE, '_').replace(/\s+/g, ' ');
  clean = clean.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  clean = capBytes(clean, MAX_NAME_BYTES).replace(/[.\s]+$/, '');
  if (!clean) return fallback;
  return RESERVED.test(clean) ? `_${clean}` : clean;
}

/** Splits `stem.ext` when the extension is short and alphanumeric; otherwise it is all stem. */
function splitExtension(fileName: string): { stem: string; ext: string } {
  const match = /^(.+)\.([A-Za-z0-9]{1,8})$/.exec(fileName);
  return match
    ? { stem: match[1] as string, ext: match[2] as string }
    : { stem: fileName, ext: '' };
}

/** A safe file name: a safe stem and its short extension (lower-cased), kept whole when capped. */
export function safeFileName(fileName: string): string {
  const { stem, ext } = splitExtension(fileName.normalize('NFC'));
  const dotExt = ext ? `.${ext.toLowerCase()}` : '';
  return `${safeSegment(capBytes(safeSegment(stem, 'sample'), MAX_NAME_BYTES - dotExt.length), 'sample')}${dotExt}`;
}

/** `name (1).ext`, `name (2).ext` …: the n-th alternative when the name is taken (0 = as is). */
export function numberedName(fileName: string, attempt: number): string {
  if (attempt <= 0) return fileName;
  const { stem, ext } = splitExtension(fileName);
  const suffix = ` (${attempt})`;
  const dotExt = ext ? `.${ext}` : '';
  return `${capBytes(stem, MAX_NAME_BYTES - dotExt.length - suffix.length)}${suffix}${dotExt}`;
}

/** The folder layout SPEC §7 asks for: `sounds/packs/{brand}/{type}`. */
export const LAYOUT_PREFIX = ['sounds', 'packs'] as const;

/**
 * Checks and sanitises the folders a save asks for: exactly `['sounds', 'packs', brand, type]`,
 * the brand and type made safe. Anything else is a page bug or an attack: a clear error.
 */
export function safeLayoutFolders(folders: unknown): string[] {
  if (
    !Array.isArray(folders) ||
    folders.length !== 4 ||
    !folders.every((name) => typeof name === 'string') ||
    folders[0] !== LAYOUT_PREFIX[0] ||
    folders[1] !== LAYOUT_PREFIX[1]
  )
    throw new Error('folders must be ["sounds", "packs", brand, type]');
  return [
    ...LAYOUT_PREFIX,
    safeSegment(folders[2] as string, 'unknown-brand'),
    safeSegment(folders[3] as string, 'other'),
  ];
}

/**
 * Sanitises a `/`-separated relative folder path from the page (openFolder): every segment made
 * safe, empty and `.` segments dropped; `..` becomes a harmless name, never a climb.
 */
export function safeRelativeFolders(relativePath: string): string[] {
  return relativePath
    .split(/[/\\]+/)
    .filter((segment) => segment !== '' && segment !== '.')
    .map((segment) => safeSegment(segment, '_'));
}
