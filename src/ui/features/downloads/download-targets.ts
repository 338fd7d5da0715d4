import { get, set } from 'idb-keyval';
import { createBrowserDownloadTarget } from './browser-download-target.ts';
import { getDesktopBridge } from './desktop-bridge.ts';
import { createDesktopDownloadTarget } from './desktop-download-target.ts';
import type { BatchInfo, DownloadTarget } from './download-target.ts';
import { createFsAccessTarget, type DirectoryLike, type FolderStore } from './fs-access-target.ts';
import { createZipDownloadTarget } from './zip-download-target.ts';
import { streamZipToDownload } from './zip-stream-sink.ts';

/** IndexedDB key of the remembered download folder (a FileSystemDirectoryHandle clones there). */
const FOLDER_KEY = 'yinku.downloadFolder';

type PickerWindow = Window & {
  showDirectoryPicker?: (options?: { id?: string; mode?: 'readwrite' }) => Promise<DirectoryLike>;
};

/** The remembered folder in IndexedDB (none when IndexedDB is unavailable, e.g. private modes). */
const folderStore: FolderStore = {
  load: async () => {
    // idb-keyval throws synchronously when there is no IndexedDB at all, so catch, not .catch().
    try {
      return (await get<DirectoryLike>(FOLDER_KEY)) ?? undefined;
    } catch {
      return undefined;
    }
  },
  save: (folder) => set(FOLDER_KEY, folder),
};

/** True when this browser can write into a folder the user picks. */
export function canPickFolder(win: Window = window): boolean {
  return typeof (win as PickerWindow).showDirectoryPicker === 'function';
}

/** Asks the user for a download folder (needs a click) and remembers it; resolves its name. */
export async function chooseDownloadFolder(win: Window = window): Promise<string> {
  const picker = (win as PickerWindow).showDirectoryPicker;
  if (!picker) throw new Error('This browser cannot write into a folder');
  const folder = await picker.call(win, { id: 'yinku-downloads', mode: 'readwrite' });
  await folderStore.save(folder);
  return folder.name;
}

/** The name of the remembered folder, if any. */
export async function downloadFolderName(): Promise<string | undefined> {
  return (await folderStore.load())?.name;
}

/**
 * The target downloads use now: the desktop shell's bridge inside its window (it keeps writing
 * into its folders); else the folder the user chose (File System Access API) when there is one;
 * else, for a bulk run of several files, one zip streamed to a browser download, named after the
 * pack or `zipName` (issue 30 §4); else an ordinary browser download of the one file.
 */
export async function getDownloadTarget(
  win: Window = window,
  batch?: BatchInfo,
  zipName?: (batch: BatchInfo) => string,
): Promise<DownloadTarget> {
  const bridge = getDesktopBridge(win);
  if (bridge) return createDesktopDownloadTarget(bridge);
  if (canPickFolder(win) && (await folderStore.load())) return createFsAccessTarget(folderStore);
  if (batch && batch.count > 1)
    return createZipDownloadTarget(batch.name ?? zipName?.(batch) ?? 'yinku', (stream, name) =>
      streamZipToDownload(stream, name, win),
    );
  return createBrowserDownloadTarget(win.document);
}
