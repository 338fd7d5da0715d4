import { makeZip } from 'client-zip';
import { numberedName, safeSegment } from '../../../shared/safe-name.ts';
import type { DownloadTarget, SaveRequest, SavedFile } from './download-target.ts';

/** Where a zip's bytes go: consumes the stream (to a browser download) and resolves when done. */
export type ZipSink = (stream: ReadableStream<Uint8Array>, fileName: string) => Promise<void>;

/** One file waiting to go into the zip, and how its save is answered. */
interface Entry {
  name: string;
  data: Blob;
  written(): void;
  failed(error: unknown): void;
}

const aborted = (why: string) => new DOMException(why, 'AbortError');

/**
 * Several files of one bulk run as ONE zip in the browser (issue 30 §4), laid out
 * `{brand}/{pack}/{name}.wav` under the zip's root. Streamed, never built whole: each saved file
 * becomes an entry of a `client-zip` stream as the sink reads it, and a save resolves once its
 * bytes have gone into the stream (the report then commits it), so at most the files of the
 * runs in flight are held. The sink starts with the first save, so a run that saves nothing
 * starts no download. `finish()` ends the zip (its central directory) and waits for the sink;
 * if the sink stops (the user cancelled the download), waiting and later saves fail, and their
 * grants are rolled back by the flow.
 */
export function createZipDownloadTarget(zipName: string, sink: ZipSink): DownloadTarget {
  const fileName = safeSegment(zipName, 'yinku').replace(/(\.zip)?$/i, '.zip');
  const queue: Entry[] = [];
  const names = new Set<string>();
  let wake: (() => void) | null = null;
  let closed = false;
  let broken: unknown = null;
  let sinking: Promise<void> | null = null;

  const poke = () => {
    wake?.();
    wake = null;
  };
  const breakAll = (error: unknown) => {
    broken ??= error;
    for (const entry of queue.splice(0)) entry.failed(broken);
  };

  // Each entry is handed over when the zip asks for the next one: by then its bytes are out.
  async function* entries() {
    let current: Entry | undefined;
    try {
      for (;;) {
        // Answered before waiting for more: the run's last save must resolve before finish().
        current?.written();
        current = undefined;
        while (queue.length === 0 && !closed)
          await new Promise<void>((resolve) => (wake = resolve));
        current = queue.shift();
        if (!current) return;
        yield { name: current.name, input: current.data, lastModified: new Date() };
      }
    } finally {
      // Cancelled mid-way (the download was stopped): nothing more can be written.
      if (current && !closed) current.failed(aborted('The zip download stopped'));
      if (!closed) breakAll(aborted('The zip download stopped'));
    }
  }

  /** A name not used yet in the zip: `name.wav`, `name (2).wav` … */
  function entryName(request: SaveRequest): string {
    const folder = [
      safeSegment(request.brand ?? '', 'unknown-brand'),
      safeSegment(request.pack ?? '', 'pack'),
    ];
    for (let attempt = 1; ; attempt++) {
      const name = [...folder, numberedName(request.fileName, attempt)].join('/');
      if (!names.has(name)) {
        names.add(name);
        return name;
      }
    }
  }

  return {
    kind: 'zip',
    async prepare() {},
    describe: () => fileName,
    save(request): Promise<SavedFile> {
      if (broken !== null) return Promise.reject(broken);
      if (closed) return Promise.reject(new Error('The zip is finished'));
      const name = entryName(request);
      const saved = new Promise<SavedFile>((resolve, reject) => {
        queue.push({
          name,
          data: request.data,
          written: () => resolve({ userFilePath: `${fileName}/${name}` }),
          failed: reject,
        });
      });
      if (!sinking) {
        const stream = makeZip(entries(), { buffersAreUTF8: true });
        sinking = sink(stream, fileName).catch((error: unknown) => {
          breakAll(error);
          throw error;
        });
        // A failure before finish() is seen by the pending saves; keep it from going unhandled.
        sinking.catch(() => {});
      }
      poke();
      return saved;
    },
    async finish() {
      closed = true;
      poke();
      await sinking;
    },
  };
}
