import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { LAYOUT_PREFIX } from './safe-name.ts';
import { isInside } from './save-file.ts';

/** Most files `listFiles` answers: far above any warehouse, low enough to bound the message. */
const MAX_LISTED_FILES = 100_000;

/** Largest file `readFile` hands the page (bytes): samples are a few MiB, full songs tens. */
const MAX_READ_BYTES = 256 * 1024 ** 2;

/** Whether a file name is one of the shell's own (temp files `.yinku-*.part`) or hidden. */
const isHidden = (name: string) => name.startsWith('.');

/**
 * The downloaded files: every file under `<root>/sounds/packs/`, as paths relative to the root,
 * `/`-separated (what the gateway stores as `userFilePath`), sorted. Hidden and temp files are
 * left out; a missing folder is an empty list.
 */
export async function listDownloadedFiles(root: string): Promise<string[]> {
  const base = join(root, ...LAYOUT_PREFIX);
  let entries;
  try {
    entries = await readdir(base, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || isHidden(entry.name)) continue;
    const path = relative(root, join(entry.parentPath, entry.name));
    if (path.split(sep).some(isHidden)) continue;
    files.push(path.split(sep).join('/'));
    if (files.length >= MAX_LISTED_FILES) break;
  }
  return files.sort();
}

/**
 * The bytes of a downloaded file, by its path relative to the root (`userFilePath`). Refuses
 * absolute paths, `..`, anything outside `sounds/packs/`, symlinks leading out of the root, and
 * files over MAX_READ_BYTES, each with a clear message.
 */
export async function readDownloadedFile(root: string, relativePath: unknown): Promise<Buffer> {
  if (typeof relativePath !== 'string' || relativePath === '' || relativePath.includes('\0'))
    throw new Error('readFile takes a path relative to the download root');
  const parts = relativePath.split('/');
  if (
    isAbsolute(relativePath) ||
    parts.some((part) => part === '..' || part === '.' || part === '')
  )
    throw new Error(`readFile takes a plain relative path, got ${relativePath}`);
  if (parts.length < 3 || parts[0] !== LAYOUT_PREFIX[0] || parts[1] !== LAYOUT_PREFIX[1])
    throw new Error('readFile reads only downloaded files (sounds/packs/…)');
  const realRoot = await realpath(root);
  const file = await realpath(join(realRoot, ...parts));
  if (!isInside(realRoot, file)) throw new Error('Refusing to read outside the download root');
  const info = await stat(file);
  if (!info.isFile()) throw new Error(`Not a file: ${relativePath}`);
  if (info.size > MAX_READ_BYTES)
    throw new Error(`The file is larger than ${MAX_READ_BYTES} bytes: ${relativePath}`);
  return readFile(file);
}
