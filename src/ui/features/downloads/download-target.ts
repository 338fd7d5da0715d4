/** What a download target is asked to write: folders under its root, a file name and the bytes. */
export interface SaveRequest {
  /** Sanitized folder names under the root, e.g. ['sounds', 'packs', brand, type]. */
  folders: string[];
  /** Sanitized file name. */
  fileName: string;
  /** The sample's brand and pack (a zip lays files out as `{brand}/{pack}/{name}`). */
  brand?: string;
  pack?: string;
  data: Blob;
}

/** Where a saved file ended up, as reported to the gateway (`userFilePath`). */
export interface SavedFile {
  /** Path relative to the download root, `/`-separated. */
  userFilePath: string;
}

/** A bulk run a target is chosen for: how many files, and its name (a pack's) when it has one. */
export interface BatchInfo {
  count: number;
  name?: string;
}

/**
 * One way of putting downloaded files on the user's disk: the desktop shell's bridge, a folder
 * picked through the File System Access API, one zip streamed to a browser download (several
 * files), or an ordinary browser download. The download flow only sees this.
 */
export interface DownloadTarget {
  readonly kind: 'fs-access' | 'browser' | 'desktop' | 'zip';
  /**
   * Called at the user's click, before any network call, so a folder picker or permission prompt
   * still has the user's gesture. Rejects with an AbortError when the user declines.
   */
  prepare(): Promise<void>;
  /** Writes the file, never overwriting an existing one silently; rejects on failure. */
  save(request: SaveRequest): Promise<SavedFile>;
  /** After the last save of a bulk run: completes what the saves started (a zip's end). */
  finish?(): Promise<void>;
  /** Where a bulk run's files go, in words the done message can show (a zip's or folder's name). */
  describe?(): string | undefined;
}
