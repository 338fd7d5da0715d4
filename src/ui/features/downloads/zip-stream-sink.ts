/** Where the zip-download service worker lives, and the only paths it answers. */
const WORKER_URL = '/zip-download.sw.js';
const SCOPE = '/zip-download/';
/** How long the page waits for the worker to ask for the first bytes before saving another way. */
const FIRST_PULL_MS = 10_000;

/** Messages the worker sends over the port. */
type WorkerMessage = { type: 'ready' } | { type: 'pull' } | { type: 'cancel' };

/** The zip-download worker, installed and active (null where service workers are unavailable). */
async function zipWorker(win: Window): Promise<ServiceWorker | null> {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!win.isSecureContext || !container) return null;
  try {
    const registration = await container.register(WORKER_URL, { scope: SCOPE });
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    if (!worker) return null;
    if (worker.state !== 'activated')
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('zip worker did not start')),
          FIRST_PULL_MS,
        );
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') {
            clearTimeout(timer);
            resolve();
          } else if (worker.state === 'redundant') reject(new Error('zip worker failed'));
        });
      });
    return worker;
  } catch {
    return null;
  }
}

/** An ordinary download of bytes in memory: the fallback where no worker can stream them. */
export function saveBlob(doc: Document, blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = doc.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    doc.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The browser reads the blob asynchronously after the click: revoke a little later.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/**
 * Streams the worker's pulls from `reader` until the zip ends. Resolves 'unused' when the worker
 * never asked for bytes (the download did not start: the caller may save another way).
 */
function pump(
  port: MessagePort,
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<'done' | 'unused'> {
  return new Promise((resolve, reject) => {
    let pulled = false;
    const timer = setTimeout(() => {
      if (!pulled) resolve('unused');
    }, FIRST_PULL_MS);
    port.onmessage = async (event: MessageEvent<WorkerMessage>) => {
      if (event.data.type === 'cancel') {
        clearTimeout(timer);
        await reader.cancel().catch(() => {});
        reject(new DOMException('The download was cancelled', 'AbortError'));
        return;
      }
      if (event.data.type !== 'pull') return;
      if (!pulled) {
        pulled = true;
        clearTimeout(timer);
      }
      try {
        const { done, value } = await reader.read();
        if (done) {
          port.postMessage({ done: true });
          resolve('done');
        } else port.postMessage({ chunk: value });
      } catch (error) {
        port.postMessage({ error: error instanceof Error ? error.message : String(error) });
        reject(error);
      }
    };
  });
}

/**
 * Saves a zip stream as one browser download without holding it whole (issue 30 §4): the
 * zip-download service worker answers a hidden iframe's navigation with the stream, pulled chunk
 * by chunk over a MessageChannel, and the browser writes it to disk as it comes. Where service
 * workers are unavailable (an insecure origin) or the worker never asks for bytes, the zip is
 * collected into a Blob and downloaded as one file instead.
 */
export async function streamZipToDownload(
  stream: ReadableStream<Uint8Array>,
  fileName: string,
  win: Window = window,
): Promise<void> {
  const reader = stream.getReader();
  const worker = await zipWorker(win);
  if (worker) {
    const channel = new MessageChannel();
    const id = crypto.randomUUID();
    const ready = new Promise<boolean>((resolve) => {
      setTimeout(() => resolve(false), FIRST_PULL_MS);
      channel.port1.onmessage = (event: MessageEvent<WorkerMessage>) => {
        if (event.data.type === 'ready') resolve(true);
      };
    });
    worker.postMessage({ type: 'yinku-zip', id, fileName }, [channel.port2]);
    if (await ready) return streamThroughFrame(win, channel.port1, reader, id, fileName);
  }
  return saveWhole(win, reader, fileName);
}

/** The worker has the stream's port: a hidden frame's navigation starts the download. */
async function streamThroughFrame(
  win: Window,
  port: MessagePort,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  id: string,
  fileName: string,
): Promise<void> {
  const frame = win.document.createElement('iframe');
  frame.hidden = true;
  frame.src = `${SCOPE}${id}/${encodeURIComponent(fileName)}`;
  const outcome = pump(port, reader);
  win.document.body.append(frame);
  try {
    if ((await outcome) === 'done') return;
  } finally {
    // The download outlives its frame once started; remove the frame a little later.
    setTimeout(() => frame.remove(), 60_000);
    port.close();
  }
  return saveWhole(win, reader, fileName);
}

/** The fallback: the zip collected into a Blob, then one ordinary download. */
async function saveWhole(
  win: Window,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  fileName: string,
): Promise<void> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
  saveBlob(win.document, new Blob(chunks, { type: 'application/zip' }), fileName);
}
