import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserDownloadTarget } from './browser-download-target.ts';
import { canPickFolder, downloadFolderName, getDownloadTarget } from './download-targets.ts';
import { MemoryFolder } from './testing/memory-folder.ts';

const store = vi.hoisted(() => new Map<string, unknown>());
const idb = vi.hoisted(() => ({ missing: false }));
vi.mock('idb-keyval', () => ({
  // Without IndexedDB the real idb-keyval throws synchronously (ReferenceError), not a rejection.
  get: (key: string) => {
    if (idb.missing) throw new ReferenceError('indexedDB is not defined');
    return Promise.resolve(store.get(key));
  },
  set: async (key: string, value: unknown) => void store.set(key, value),
  del: async (key: string) => void store.delete(key),
}));

afterEach(() => {
  store.clear();
  idb.missing = false;
  vi.restoreAllMocks();
});

/** A window stand-in: only what the target choice reads. */
const withPicker = (picker?: () => Promise<unknown>) =>
  ({ document, ...(picker ? { showDirectoryPicker: picker } : {}) }) as unknown as Window;

describe('choosing the download target', () => {
  it('uses a browser download without the File System Access API', async () => {
    const win = withPicker();
    expect(canPickFolder(win)).toBe(false);
    expect((await getDownloadTarget(win)).kind).toBe('browser');
  });

  it('uses a browser download until the user has picked a folder, then the folder', async () => {
    const win = withPicker(async () => new MemoryFolder('Samples'));
    expect(canPickFolder(win)).toBe(true);
    expect((await getDownloadTarget(win)).kind).toBe('browser');
    store.set('yinku.downloadFolder', new MemoryFolder('Samples'));
    expect((await getDownloadTarget(win)).kind).toBe('fs-access');
  });

  it('several files without a folder are one zip; one file, or a picked folder, is not', async () => {
    const win = withPicker(async () => new MemoryFolder('Samples'));
    const pack = await getDownloadTarget(win, { count: 24, name: 'Golden Koi' });
    expect(pack.kind).toBe('zip');
    expect(pack.describe?.()).toBe('Golden Koi.zip');
    const named = await getDownloadTarget(win, { count: 3 }, ({ count }) => `yinku-${count}`);
    expect(named.describe?.()).toBe('yinku-3.zip');
    expect((await getDownloadTarget(win, { count: 1 })).kind).toBe('browser');
    store.set('yinku.downloadFolder', new MemoryFolder('Samples'));
    expect((await getDownloadTarget(win, { count: 24 })).kind).toBe('fs-access');
  });
});

describe('without IndexedDB', () => {
  it('remembers no folder and falls back to a browser download instead of throwing', async () => {
    idb.missing = true;
    await expect(downloadFolderName()).resolves.toBeUndefined();
    const win = withPicker(async () => new MemoryFolder('Samples'));
    expect((await getDownloadTarget(win)).kind).toBe('browser');
  });
});

describe('browser download target', () => {
  it('clicks a download link named {name}.wav (no folder layout in the name) and cleans it up', async () => {
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ download: this.download, href: this.href });
    });
    URL.createObjectURL = vi.fn(() => 'blob:test');
    const saved = await createBrowserDownloadTarget(document).save({
      folders: ['sounds', 'packs', 'Yinku Labs', 'Drums'],
      fileName: 'Kick 1.wav',
      data: new Blob(['RIFF']),
    });
    expect(clicked).toEqual([{ download: 'Kick 1.wav', href: 'blob:test' }]);
    expect(saved.userFilePath).toBe('Kick 1.wav');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
