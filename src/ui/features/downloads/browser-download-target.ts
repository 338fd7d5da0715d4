import type { DownloadTarget, SaveRequest, SavedFile } from './download-target.ts';

/**
 * A download target for browsers without the File System Access API (or with no folder chosen):
 * an ordinary browser download. Browsers cannot create folders, so the folder layout is folded
 * into the suggested name (`sounds_packs_{brand}_{type}_{file}`); the browser itself renames
 * rather than overwrites.
 */
export function createBrowserDownloadTarget(doc: Document = document): DownloadTarget {
  return {
    kind: 'browser',
    async prepare() {},
    async save({ folders, fileName, data }: SaveRequest): Promise<SavedFile> {
      const suggested = [...folders, fileName].join('_');
      const url = URL.createObjectURL(data);
      try {
        const link = doc.createElement('a');
        link.href = url;
        link.download = suggested;
        link.rel = 'noopener';
        link.style.display = 'none';
        doc.body.append(link);
        link.click();
        link.remove();
      } finally {
        // The browser reads the blob asynchronously after the click: revoke a little later.
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      }
      return { userFilePath: suggested };
    },
  };
}
