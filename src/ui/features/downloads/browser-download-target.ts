import type { DownloadTarget, SaveRequest, SavedFile } from './download-target.ts';
import { saveBlob } from './zip-stream-sink.ts';

/**
 * A download target for browsers without the File System Access API (or with no folder chosen):
 * an ordinary browser download of one file, named `{name}.wav` as the producer knows it (issue 30
 * §4: it used to fold the whole folder layout into the name). Several files of one run go into
 * one zip instead (`zip-download-target.ts`). The browser itself renames rather than overwrites.
 */
export function createBrowserDownloadTarget(doc: Document = document): DownloadTarget {
  return {
    kind: 'browser',
    async prepare() {},
    async save({ fileName, data }: SaveRequest): Promise<SavedFile> {
      saveBlob(doc, data, fileName);
      return { userFilePath: fileName };
    },
  };
}
