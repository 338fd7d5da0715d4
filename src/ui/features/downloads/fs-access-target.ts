import type { DownloadTarget, SaveRequest, SavedFile } from './download-target.ts';
import { isContainedPath, numberedName } from '../../../shared/safe-name.ts';

/** The part of FileSystemDirectoryHandle we use (lets tests pass an in-memory folder). */
export interface DirectoryLike {
  readonly name: string;
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DirectoryLike>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FileLike>;
  queryPermission?(descriptor: { mode: 'readwrite' }): Promise<PermissionState>;
  requestPermission?(descriptor: { mode: 'readwrite' }): Promise<PermissionState>;
}

/** The part of FileSystemFileHandle we use. */
export interface FileLike {
  createWritable(): Promise<{
    write(data: Blob): Promise<void>;
    close(): Promise<void>;
    abort?(): Promise<void>;
  }>;
}

/** Finds, remembers and forgets the user's chosen download folder. */
export interface FolderStore {
  load(): Promise<DirectoryLike | undefined>;
  save(folder: DirectoryLike): Promise<void>;
}

/** Tries names until one does not exist yet; the browser gives no atomic create-new. */
const MAX_NAME_ATTEMPTS = 50;

async function exists(folder: DirectoryLike, name: string): Promise<boolean> {
  try {
    await folder.getFileHandle(name);
    return true;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotFoundError') return false;
    // A folder of that name also blocks the file name.
    if (error instanceof DOMException && error.name === 'TypeMismatchError') return true;
    throw error;
  }
}

/** A download target writing into a user-chosen folder through the File System Access API. */
export function createFsAccessTarget(folders: FolderStore): DownloadTarget {
  let root: DirectoryLike | undefined;

  async function ensureRoot(): Promise<DirectoryLike> {
    const remembered = root ?? (await folders.load());
    if (!remembered) throw new DOMException('No download folder chosen', 'AbortError');
    const descriptor = { mode: 'readwrite' } as const;
    let state = (await remembered.queryPermission?.(descriptor)) ?? 'granted';
    if (state === 'prompt') state = (await remembered.requestPermission?.(descriptor)) ?? 'denied';
    if (state !== 'granted')
      throw new DOMException('Permission to the download folder was refused', 'AbortError');
    root = remembered;
    return remembered;
  }

  return {
    kind: 'fs-access',
    async prepare() {
      await ensureRoot();
    },
    async save({ folders: path, fileName, data }: SaveRequest): Promise<SavedFile> {
      if (!isContainedPath([...path, fileName]))
        throw new Error(
          `Refusing to write outside the download root: ${[...path, fileName].join('/')}`,
        );
      let folder = await ensureRoot();
      for (const name of path) folder = await folder.getDirectoryHandle(name, { create: true });
      for (let attempt = 1; attempt <= MAX_NAME_ATTEMPTS; attempt++) {
        const candidate = numberedName(fileName, attempt);
        if (await exists(folder, candidate)) continue;
        const handle = await folder.getFileHandle(candidate, { create: true });
        const writable = await handle.createWritable();
        try {
          await writable.write(data);
          await writable.close();
        } catch (error) {
          await writable.abort?.();
          throw error;
        }
        return { userFilePath: [...path, candidate].join('/') };
      }
      throw new Error(`Too many files named like ${fileName}`);
    },
  };
}
