import type { SyncItem } from '../../../shared/index.ts';
import type { DesktopBridge } from '../../../shared/desktop-bridge/bridge.types.ts';
import { downloadsApi } from '../../api/downloads.api.ts';
import { t } from '../../i18n/i18n.ts';
import { getAccessToken, useSessionStore } from '../../stores/session.store.ts';
import { toast } from '../../stores/toast.store.ts';
import { getDesktopBridge } from './desktop-bridge.ts';
import { sampleKey, useItemFlags } from './item-flags.store.ts';

/** The gateway calls a reconcile needs. */
export interface SyncApi {
  sync(): Promise<SyncItem[]>;
  forgetFiles(missing: number[]): Promise<SyncItem[]>;
}

/** What one reconcile found. */
interface FolderCheck {
  /** Samples the gateway had a path for whose file is gone from the folder. */
  missing: number[];
  /** Files in the folder's `sounds/packs/` that no warehouse item names. */
  unknown: string[];
}

/** Compares the warehouse's saved paths with the files on disk. */
export function compareFolder(items: readonly SyncItem[], files: readonly string[]): FolderCheck {
  const onDisk = new Set(files);
  const known = new Set(items.map((item) => item.userFilePath).filter((p) => p !== null));
  return {
    missing: items
      .filter((item) => item.userFilePath !== null && !onDisk.has(item.userFilePath))
      .map((item) => item.resourceId),
    unknown: files.filter((file) => !known.has(file)),
  };
}

/**
 * Reconciles the desktop folder with the gateway (`download/sync`): a sample whose file was
 * deleted loses its path on the gateway and shows as not downloaded (still owned: downloading it
 * again is free); files present but unknown are answered for the caller to report.
 */
async function reconcileFolder(bridge: DesktopBridge, api: SyncApi): Promise<FolderCheck> {
  const [items, files] = await Promise.all([api.sync(), bridge.listFiles()]);
  const check = compareFolder(items, files);
  if (check.missing.length > 0) await api.forgetFiles(check.missing);
  const { patch } = useItemFlags.getState();
  for (const id of check.missing) patch(sampleKey(id), { download: false });
  return check;
}

let running: Promise<void> | null = null;
let reported = '';

/** One reconcile at a time; unknown files are reported once per distinct set, as a toast. */
function reconcileNow(bridge: DesktopBridge, api: SyncApi): Promise<void> {
  if (!getAccessToken()) return Promise.resolve();
  running ??= reconcileFolder(bridge, api)
    .then(({ unknown }) => {
      const key = unknown.join('\n');
      if (key !== reported && unknown.length > 0)
        toast.info(t('downloads:desktop.unknownFiles', { count: unknown.length }));
      reported = key;
    })
    // Offline or signed out meanwhile: the next focus tries again.
    .catch(() => {})
    .finally(() => (running = null));
  return running;
}

/**
 * In the desktop shell, keeps its folder and the gateway in step: at start, on signing in, and
 * whenever the window gains focus (the user may have deleted files meanwhile). Answers a stop
 * function; does nothing in a plain browser.
 */
export function startDesktopSync(
  win: Window = window,
  api: SyncApi = downloadsApi,
  skip: () => boolean = () => false,
): () => void {
  const bridge = getDesktopBridge(win);
  if (!bridge) return () => {};
  const run = () => {
    if (!skip()) void reconcileNow(bridge, api);
  };
  run();
  win.addEventListener('focus', run);
  const stopSession = useSessionStore.subscribe((state, before) => {
    if (state.accessToken && !before.accessToken) run();
  });
  return () => {
    win.removeEventListener('focus', run);
    stopSession();
  };
}

/** Resets the reported set (tests). */
export function resetDesktopSyncForTests(): void {
  reported = '';
  running = null;
}
