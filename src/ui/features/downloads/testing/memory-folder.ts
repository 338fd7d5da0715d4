import type { DirectoryLike, FileLike } from '../fs-access-target.ts';

/** An in-memory folder with the File System Access calls the target uses, for unit tests. */
export class MemoryFolder implements DirectoryLike {
  readonly name: string;
  readonly folders = new Map<string, MemoryFolder>();
  readonly files = new Map<string, Blob>();
  permission: PermissionState = 'granted';
  failWrites = false;

  constructor(name = 'root') {
    this.name = name;
  }

  async getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DirectoryLike> {
    let folder = this.folders.get(name);
    if (!folder) {
      if (!options?.create) throw new DOMException(name, 'NotFoundError');
      folder = new MemoryFolder(name);
      folder.failWrites = this.failWrites;
      this.folders.set(name, folder);
    }
    return folder;
  }

  async getFileHandle(name: string, options?: { create?: boolean }): Promise<FileLike> {
    if (this.folders.has(name)) throw new DOMException(name, 'TypeMismatchError');
    if (!this.files.has(name) && !options?.create) throw new DOMException(name, 'NotFoundError');
    return {
      createWritable: async () => {
        let written: Blob | undefined;
        return {
          write: async (data: Blob) => {
            if (this.failWrites) throw new DOMException('disk full', 'QuotaExceededError');
            written = data;
          },
          close: async () => {
            if (written) this.files.set(name, written);
          },
          abort: async () => {},
        };
      },
    };
  }

  async queryPermission(): Promise<PermissionState> {
    return this.permission;
  }

  async requestPermission(): Promise<PermissionState> {
    return this.permission;
  }

  /** Every file path under this folder, sorted. */
  paths(prefix = ''): string[] {
    const out = [...this.files.keys()].map((name) => `${prefix}${name}`);
    for (const [name, folder] of this.folders) out.push(...folder.paths(`${prefix}${name}/`));
    return out.sort();
  }
}
