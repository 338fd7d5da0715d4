import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { link, mkdir, open, realpath, rename, unlink, type FileHandle } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { DESKTOP_MAX_CHUNK_CHARS } from '../src/shared/desktop-bridge/bridge.types.ts';
import { numberedName, safeFileName } from '../src/shared/safe-name.ts';
import { safeLayoutFolders } from './safe-name.ts';
import { makeFolders } from './settings.ts';

/** Largest file one save may write (bytes): far above any sample, low enough to stop a runaway page. */
const MAX_SAVE_BYTES = 2 * 1024 ** 3;

/** A save with no new chunk for this long is abandoned and its temp file removed (ms). */
const SAVE_IDLE_MS = 60_000;

/** How many `name (n).ext` alternatives are tried before giving up. */
const MAX_NAME_ATTEMPTS = 1000;
/** Errors of a volume that has no hard links (FAT, exFAT, some network shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** One base64 chunk from the page, checked (a string, whole quads, at most the chunk limit). */
export function decodeChunk(base64: unknown): Buffer {
  if (typeof base64 !== 'string' || base64.length % 4 !== 0)
    throw new Error('A chunk must be a base64 string');
  if (base64.length > DESKTOP_MAX_CHUNK_CHARS)
    throw new Error(`A chunk must be at most ${DESKTOP_MAX_CHUNK_CHARS} base64 characters`);
  if (!BASE64.test(base64)) throw new Error('A chunk must be a base64 string');
  return Buffer.from(base64, 'base64');
}

/** True when `path` is `root` or lies under it (both already resolved through symlinks). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * Creates `segments` under `root` one at a time and returns the real path of the last; refuses
 * when a segment resolves (through a symlink) outside the real root.
 */
export async function ensureFolderInside(root: string, segments: readonly string[]) {
  await makeFolders(root);
  const realRoot = await realpath(root);
  let folder = realRoot;
  for (const segment of segments) {
    const next = join(folder, segment);
    await mkdir(next).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    folder = await realpath(next);
    if (!isInside(realRoot, folder))
      throw new Error(`Refusing to write outside the download root: ${segments.join('/')}`);
  }
  return folder;
}

interface Session {
  folder: string;
  folders: string[];
  fileName: string;
  tempPath: string;
  handle: FileHandle;
  bytes: number;
  timer: NodeJS.Timeout;
}

/** Where a save landed: relative to the download root, `/`-separated. */
interface SaveOutcome {
  userFilePath: string;
}

/**
 * Saves files under the download root in three steps (begin, chunks, commit) so large files
 * stream. Bytes go to a hidden temp file in the target folder; commit hard-links it to the first
 * free name (a link is never made over a file: two saves never get the same name) and removes the
 * temp name, so the final name only ever holds a whole file. Any failure removes the temp file.
 */
export function createFileSaver(options: {
  getRoot(): string;
  maxBytes?: number;
  idleMs?: number;
}) {
  const sessions = new Map<string, Session>();
  const maxBytes = options.maxBytes ?? MAX_SAVE_BYTES;

  function take(token: unknown): Session {
    const session = typeof token === 'string' ? sessions.get(token) : undefined;
    if (!session) throw new Error('Unknown or finished save');
    return session;
  }

  async function discard(token: string): Promise<void> {
    const session = sessions.get(token);
    if (!session) return;
    sessions.delete(token);
    clearTimeout(session.timer);
    await session.handle.close().catch(() => {});
    await unlink(session.tempPath).catch(() => {});
  }

  function idleTimer(token: string): NodeJS.Timeout {
    const timer = setTimeout(() => void discard(token), options.idleMs ?? SAVE_IDLE_MS);
    timer.unref();
    return timer;
  }

  /**
   * Gives the whole temp file its final name, the first free one of `name`, `name (2)`, …: a hard
   * link is created only where no file exists and holds the whole file at once. A volume without
   * hard links (FAT, exFAT) gets the name reserved by an exclusive create, then the rename.
   */
  async function placeUnderFreeName(folder: string, fileName: string, tempPath: string) {
    for (let attempt = 1; attempt <= MAX_NAME_ATTEMPTS; attempt++) {
      const candidate = numberedName(fileName, attempt);
      const target = join(folder, candidate);
      try {
        await link(tempPath, target);
        await unlink(tempPath).catch(() => {});
        return candidate;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') continue;
        if (!NO_HARD_LINKS.has(code ?? '')) throw error;
      }
      try {
        await (await open(target, 'wx')).close();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      try {
        await rename(tempPath, target);
      } catch (error) {
        await unlink(target).catch(() => {});
        throw error;
      }
      return candidate;
    }
    throw new Error(`Too many files named like ${fileName}`);
  }

  return {
    /** Checks and sanitises the target, creates its folders and a temp file; returns a token. */
    async begin(folders: unknown, fileName: unknown): Promise<string> {
      if (typeof fileName !== 'string') throw new Error('fileName must be a string');
      const safeFolders = safeLayoutFolders(folders);
      const safeName = safeFileName(fileName);
      const root = options.getRoot();
      const folder = await ensureFolderInside(root, safeFolders);
      const tempPath = join(folder, `.yinku-${randomUUID()}.part`);
      const handle = await open(tempPath, 'wx');
      const token = randomUUID();
      sessions.set(token, {
        folder,
        folders: safeFolders,
        fileName: safeName,
        tempPath,
        handle,
        bytes: 0,
        timer: idleTimer(token),
      });
      return token;
    },

    /** Appends one base64 chunk; returns the bytes written so far. */
    async append(token: unknown, base64: unknown): Promise<number> {
      const session = take(token);
      try {
        const bytes = decodeChunk(base64);
        if (session.bytes + bytes.length > maxBytes)
          throw new Error(`The file is larger than ${maxBytes} bytes`);
        clearTimeout(session.timer);
        await session.handle.write(bytes);
        session.bytes += bytes.length;
        session.timer = idleTimer(token as string);
        return session.bytes;
      } catch (error) {
        await discard(token as string);
        throw error;
      }
    },

    /** Finishes a save under a free name; never overwrites an existing file. */
    async commit(token: unknown): Promise<SaveOutcome> {
      const session = take(token);
      sessions.delete(token as string);
      clearTimeout(session.timer);
      try {
        await session.handle.sync();
        await session.handle.close();
        const placed = await placeUnderFreeName(session.folder, session.fileName, session.tempPath);
        return { userFilePath: [...session.folders, placed].join('/') };
      } catch (error) {
        await session.handle.close().catch(() => {});
        await unlink(session.tempPath).catch(() => {});
        throw error;
      }
    },

    /** Abandons a save and removes its temp file (unknown tokens are ignored). */
    async abort(token: unknown): Promise<void> {
      if (typeof token === 'string') await discard(token);
    },

    /** How many saves are in progress (tests check nothing leaks). */
    pending(): number {
      return sessions.size;
    },
  };
}

/** The saver's interface. */
export type FileSaver = ReturnType<typeof createFileSaver>;
