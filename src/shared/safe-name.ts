// The one file-name sanitiser: the desktop shell, the browser's folder download and the gateway's
// content-disposition header all make names with it, so a sample is called the same everywhere.

/** Longest name segment we write, in UTF-8 bytes (most file systems cap a name at 255 bytes). */
export const MAX_NAME_BYTES = 120;

// Names Windows refuses whatever the extension (CON, CON.wav, con .txt), the superscript-digit
// ports and the console devices included; the desktop shell may run there.
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)\s*(\..*)?$/i;
// Separators, characters illegal on common file systems, and C0/C1 control characters (NUL too).
// oxlint-disable-next-line no-control-regex
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g;

/** UTF-8 length of one code point (pure: no TextEncoder or Buffer in src/shared). */
function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** Cuts a string to at most `maxBytes` of UTF-8 without splitting a character. */
function capBytes(text: string, maxBytes: number): string {
  let out = '';
  let size = 0;
  for (const char of text) {
    size += utf8Length(char);
    if (size > maxBytes) break;
    out += char;
  }
  return out;
}

/**
 * One safe path segment from a name someone else chose: NFC, no separators, colons or control
 * characters, no leading dots (never `..` or a hidden file), no trailing dots or spaces (Windows
 * drops them), at most MAX_NAME_BYTES, never a reserved device name, never empty (`fallback`).
 */
export function safeSegment(name: string, fallback = 'untitled'): string {
  let clean = name.normalize('NFC').replace(UNSAFE, '_').replace(/\s+/g, ' ');
  clean = clean.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  clean = capBytes(clean, MAX_NAME_BYTES).replace(/[.\s]+$/, '');
  if (!clean) return fallback;
  return RESERVED.test(clean) ? `_${clean}` : clean;
}

/** Splits `stem.ext` when the extension is 1–8 letters or digits; otherwise it is all stem. */
function splitExtension(fileName: string): { stem: string; ext: string } {
  const match = /^(.+)\.([A-Za-z0-9]{1,8})$/.exec(fileName);
  return match
    ? { stem: match[1] as string, ext: match[2] as string }
    : { stem: fileName, ext: '' };
}

/**
 * A safe file name: a safe stem and its short extension (lower-cased), the extension kept whole
 * when the stem is capped. With `extension`, `fileName` is the stem and the extension is added.
 */
export function safeFileName(fileName: string, extension?: string): string {
  const parts =
    extension === undefined
      ? splitExtension(fileName.normalize('NFC'))
      : { stem: fileName, ext: extension.replace(/[^A-Za-z0-9]/g, '').slice(0, 8) };
  const dotExt = parts.ext ? `.${parts.ext.toLowerCase()}` : '';
  const stem = capBytes(safeSegment(parts.stem, 'sample'), MAX_NAME_BYTES - dotExt.length);
  return `${safeSegment(stem, 'sample')}${dotExt}`;
}

/**
 * The name to try on the n-th attempt when earlier ones are taken, so nothing is overwritten:
 * attempts 0 and 1 are the name itself, then `name (2).ext`, `name (3).ext` … within the byte cap.
 */
export function numberedName(fileName: string, attempt: number): string {
  if (attempt <= 1) return fileName;
  const { stem, ext } = splitExtension(fileName);
  const suffix = ` (${attempt})`;
  const dotExt = ext ? `.${ext}` : '';
  return `${capBytes(stem, MAX_NAME_BYTES - dotExt.length - suffix.length)}${suffix}${dotExt}`;
}

/** The folders a sample is saved in under the download root: `sounds/packs/{brand}/{type}`. */
export function sampleFolders(brand: string, type: string): string[] {
  return ['sounds', 'packs', safeSegment(brand, 'unknown-brand'), safeSegment(type, 'other')];
}

/** True when every segment is a plain, already safe name that cannot climb out of the root. */
export function isContainedPath(segments: readonly string[]): boolean {
  return segments.every((segment) => segment.length > 0 && safeSegment(segment, '') === segment);
}
