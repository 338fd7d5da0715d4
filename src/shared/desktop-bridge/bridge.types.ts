/**
 * The desktop shell's bridge: what `window.yinkuDesktop` offers the page inside the desktop
 * window. The shell (desktop/) implements it; the client (src/ui) uses it when it exists.
 */

/** Name of the page global the desktop shell defines. */
export const DESKTOP_BRIDGE_GLOBAL = 'yinkuDesktop';

/**
 * Names of the low-level bindings the shell exposes; the page-side bridge wraps them. A save
 * streams its bytes in base64 chunks so a large file never crosses the bridge as one message.
 */
export const DESKTOP_BINDINGS = {
  saveBegin: '__yinkuDesktopSaveBegin',
  saveChunk: '__yinkuDesktopSaveChunk',
  saveCommit: '__yinkuDesktopSaveCommit',
  saveAbort: '__yinkuDesktopSaveAbort',
  openFolder: '__yinkuDesktopOpenFolder',
  getDownloadRoot: '__yinkuDesktopGetDownloadRoot',
  setDownloadRoot: '__yinkuDesktopSetDownloadRoot',
  getStartup: '__yinkuDesktopGetStartup',
  setStartup: '__yinkuDesktopSetStartup',
  checkConnectivity: '__yinkuDesktopCheckConnectivity',
  listFiles: '__yinkuDesktopListFiles',
  readFile: '__yinkuDesktopReadFile',
  dragBegin: '__yinkuDesktopDragBegin',
  dragChunk: '__yinkuDesktopDragChunk',
  dragCommit: '__yinkuDesktopDragCommit',
  dragAbort: '__yinkuDesktopDragAbort',
} as const;

/** Largest base64 chunk one `saveChunk` call accepts, in characters (6 MiB of bytes). */
export const DESKTOP_MAX_CHUNK_CHARS = 8 * 1024 * 1024;

/** A file to save under `<download root>/sounds/packs/{brand}/{type}/`. */
export interface DesktopSaveRequest {
  /** `['sounds', 'packs', brand, type]`; the shell sanitises every name again. */
  folders: string[];
  /** File name with its extension; sanitised again, never overwriting (`name (2).wav`). */
  fileName: string;
  /** The whole file in base64 (small files)… */
  dataBase64?: string;
  /** …or the file as base64 chunks, sent one at a time (large files). */
  chunks?: Iterable<string> | AsyncIterable<string>;
}

/** Where the shell saved a file. */
export interface DesktopSavedFile {
  /** Path relative to the download root, `/`-separated (what the gateway is told). */
  userFilePath: string;
}

/** A file offered to a drag out of the window (docs/DESKTOP.md, "Drag into the DAW"). */
export interface DesktopDragRequest {
  fileName: string;
  /** Its MIME type (`audio/wav`). */
  mime: string;
  /** The file as base64 chunks, sent one at a time. */
  chunks: Iterable<string> | AsyncIterable<string>;
}

/** Where the shell serves a dragged file: a loopback URL with a random token, for a short time. */
export interface DesktopDragOffer {
  url: string;
  /** The name as the shell serves it (sanitised). */
  fileName: string;
  /** How long the URL is served from now (ms). */
  lifetimeMs: number;
}

/** `window.yinkuDesktop`: every call returns a promise that rejects with a clear Error. */
export interface DesktopBridge {
  /** The shell's version. */
  readonly version: string;
  /** Saves a file under the download root; resolves where it landed. */
  saveFile(request: DesktopSaveRequest): Promise<DesktopSavedFile>;
  /** Opens a folder under the download root (the root itself when omitted) in the OS file manager. */
  openFolder(relativePath?: string): Promise<void>;
  /** The absolute download root. */
  getDownloadRoot(): Promise<string>;
  /** Sets the download root (absolute; created when missing); resolves the stored path. */
  setDownloadRoot(path: string): Promise<string>;
  /** True when the app is registered to start with the system. */
  getStartup(): Promise<boolean>;
  /** Registers or unregisters start-up with the system; resolves the new state. */
  setStartup(on: boolean): Promise<boolean>;
  /** True when the gateway answers within a few seconds. */
  checkConnectivity(): Promise<boolean>;
  /** Every downloaded file under `<root>/sounds/packs/`, relative to the root, `/`-separated. */
  listFiles(): Promise<string[]>;
  /** A downloaded file's bytes in base64, by its path relative to the root (`userFilePath`). */
  readFile(relativePath: string): Promise<string>;
  /** Hands the shell a file to serve on a loopback URL for a drag's `DownloadURL`. */
  offerDrag(request: DesktopDragRequest): Promise<DesktopDragOffer>;
}
