import { spawn } from 'node:child_process';
import { API } from '../src/shared/api/paths.ts';
import type { DesktopSavedFile } from '../src/shared/desktop-bridge/bridge.types.ts';
import { listDownloadedFiles, readDownloadedFile } from './local-files.ts';
import type { DragServer } from './drag-server.ts';
import type { FileSaver } from './save-file.ts';
import { ensureFolderInside } from './save-file.ts';
import { safeRelativeFolders } from './safe-name.ts';
import { validateDownloadRoot, type SettingsStore } from './settings.ts';
import { isStartupRegistered, setStartupRegistered, type StartupOptions } from './startup.ts';

/** How long the connectivity check waits for the gateway (ms). */
const CONNECTIVITY_TIMEOUT_MS = 3000;

/** True when the gateway answers its test-connection call within the timeout. */
export async function checkConnectivity(
  gatewayUrl: string,
  timeoutMs = CONNECTIVITY_TIMEOUT_MS,
): Promise<boolean> {
  try {
    const response = await fetch(new URL(API.testConnection, gatewayUrl), {
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** The OS file manager command for a folder (an argument array: never a shell string). */
export function openerCommand(platform: NodeJS.Platform, folder: string): [string, string[]] {
  if (platform === 'darwin') return ['open', [folder]];
  if (platform === 'win32') return ['explorer', [folder]];
  return ['xdg-open', [folder]];
}

/** Starts the OS file manager on a folder; rejects when the command cannot start. */
function openInFileManager(folder: string, platform = process.platform): Promise<void> {
  const [command, args] = openerCommand(platform, folder);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', shell: false });
    child.once('error', (error) => reject(new Error(`Cannot open ${folder}: ${error.message}`)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}

/** What the bridge works with. */
interface BridgeHostDeps {
  settings: SettingsStore;
  saver: FileSaver;
  startup: StartupOptions;
  gatewayUrl: string;
  /** Serves dragged files on loopback (docs/DESKTOP.md, "Drag into the DAW"). */
  drags?: DragServer;
  openFolder?: (folder: string) => Promise<void>;
}

/**
 * The shell side of `window.yinkuDesktop`: one function per binding. Every argument comes from
 * the page and is checked here; a bad one rejects with a clear message.
 */
export function createBridgeHost(deps: BridgeHostDeps) {
  const open = deps.openFolder ?? ((folder: string) => openInFileManager(folder));
  const root = () => deps.settings.get().downloadRoot;
  const drags = () => {
    if (!deps.drags) throw new Error('Dragging files out is not available in this shell');
    return deps.drags;
  };

  return {
    saveBegin: (folders: unknown, fileName: unknown) => deps.saver.begin(folders, fileName),
    saveChunk: (token: unknown, base64: unknown) => deps.saver.append(token, base64),
    saveCommit: (token: unknown): Promise<DesktopSavedFile> => deps.saver.commit(token),
    saveAbort: (token: unknown) => deps.saver.abort(token),

    async openFolder(relativePath: unknown): Promise<void> {
      if (relativePath !== undefined && relativePath !== null && typeof relativePath !== 'string')
        throw new Error('openFolder takes a relative folder path');
      const segments = safeRelativeFolders(relativePath ?? '');
      // The folder is made when missing, so the file manager always has something to show.
      const folder = await ensureFolderInside(root(), segments);
      await open(folder);
    },

    getDownloadRoot: async (): Promise<string> => root(),
    async setDownloadRoot(path: unknown): Promise<string> {
      const folder = await validateDownloadRoot(path);
      return deps.settings.update({ downloadRoot: folder }).downloadRoot;
    },

    getStartup: async (): Promise<boolean> => isStartupRegistered(deps.startup),
    async setStartup(on: unknown): Promise<boolean> {
      if (typeof on !== 'boolean') throw new Error('setStartup takes true or false');
      return setStartupRegistered(deps.startup, on);
    },

    checkConnectivity: () => checkConnectivity(deps.gatewayUrl),

    listFiles: (): Promise<string[]> => listDownloadedFiles(root()),
    async readFile(relativePath: unknown): Promise<string> {
      return (await readDownloadedFile(root(), relativePath)).toString('base64');
    },

    dragBegin: (fileName: unknown, mime: unknown) => drags().begin(fileName, mime),
    dragChunk: (token: unknown, base64: unknown) => drags().append(token, base64),
    dragCommit: (token: unknown) => drags().commit(token),
    dragAbort: (token: unknown) => drags().abort(token),
  };
}

/** The bridge host's interface. */
export type BridgeHost = ReturnType<typeof createBridgeHost>;
