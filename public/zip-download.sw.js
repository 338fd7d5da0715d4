/*
 * The zip-download service worker (docs/SOUNDS.md, "One zip in the browser"). Scope:
 * /zip-download/ only — it sees nothing of the app's own requests.
 *
 * A page that streams a zip posts {type: 'yinku-zip', id, fileName} with a MessagePort, then
 * navigates a hidden iframe to /zip-download/{id}/{fileName}. This worker answers that navigation
 * with a streamed attachment whose bytes it pulls from the page through the port, one chunk per
 * pull ('pull' → {chunk} | {done} | {error}): the browser saves the zip to disk as it arrives,
 * so the page never holds the whole file. Plain JavaScript: it is served as is from public/.
 */
const PREFIX = '/zip-download/';
const pending = new Map();

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const data = event.data;
  const port = event.ports[0];
  if (!data || data.type !== 'yinku-zip' || typeof data.id !== 'string' || !port) return;
  pending.set(data.id, { fileName: String(data.fileName), port });
  port.postMessage({ type: 'ready' });
});

/** The attachment header: an ASCII fallback and the real name (RFC 6266 / 5987). */
function disposition(fileName) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The page's zip as a stream: each pull asks the page for its next chunk. */
function streamFrom(port) {
  let answer = null;
  port.onmessage = (event) => {
    const settle = answer;
    answer = null;
    settle?.(event.data);
  };
  return new ReadableStream(
    {
      pull(controller) {
        return new Promise((resolve) => {
          answer = (message) => {
            if (message?.chunk) controller.enqueue(message.chunk);
            else if (message?.done) controller.close();
            else controller.error(new Error(message?.error ?? 'zip stream failed'));
            resolve();
          };
          port.postMessage({ type: 'pull' });
        });
      },
      cancel() {
        port.postMessage({ type: 'cancel' });
      },
    },
    { highWaterMark: 1 },
  );
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(PREFIX)) return;
  const id = url.pathname.slice(PREFIX.length).split('/')[0];
  const entry = pending.get(id);
  if (!entry) {
    event.respondWith(new Response('This download has ended.', { status: 404 }));
    return;
  }
  pending.delete(id);
  event.respondWith(
    new Response(streamFrom(entry.port), {
      headers: {
        'content-type': 'application/zip',
        'content-disposition': disposition(entry.fileName),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    }),
  );
});
