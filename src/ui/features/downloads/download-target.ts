/** What a download target is asked to write: folders under its root, a file name and the bytes. */
export interface SaveRequest {
  /** Sanitized folder names under the root, e.g. ['sounds', 'packs', brand, type]. */
  folders: string[];
  /** Sanitized file name. */
  fileName: string;
  data: Blob;
}

/** Where a saved file ended up, as reported to the gateway (`userFilePath`). */
export interface SavedFile {
  /** Path relative to the download root, `/`-separated. */
  userFilePath: string;
}

/**
 * One way of putting downloaded files on the user's disk: the File System Access API, an ordinary
 * browser download, or (later) the desktop shell's bridge. The download flow only sees this.
 */
export interface DownloadTarget {
  readonly kind: 'fs-access' | 'browser' | 'desktop';
  /**
   * Called at the user's click, before any network call, so a folder picker or permission prompt
   * still has the user's gesture. Rejects with an AbortError when the user declines.
   */
  prepare(): Promise<void>;
  /** Writes the file, never overwriting an existing one silently; rejects on failure. */
  save(request: SaveRequest): Promise<SavedFile>;
}
