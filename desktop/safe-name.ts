import { safeSegment } from '../src/shared/safe-name.ts';

/** The folder layout docs/PRODUCT.md §7 asks for: `sounds/packs/{brand}/{type}`. */
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
