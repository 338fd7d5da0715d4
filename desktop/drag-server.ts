import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DesktopDragOffer } from '../src/shared/desktop-bridge/bridge.types.ts';
import { safeSegment } from '../src/shared/safe-name.ts';
import { decodeChunk } from './save-file.ts';

/** How long a dragged file's URL is served after it is ready (ms). */
export const DRAG_LIFETIME_MS = 60_000;
/** The largest file a drag serves (bytes): held in memory until it expires. */
const MAX_DRAG_BYTES = 512 * 1024 * 1024;
/** Offers kept at once; the oldest goes first (each row pressed prepares one). */
const MAX_OFFERS = 8;
/** How long an offer may take to be filled before it is dropped (ms). */
const FILL_MS = 120_000;

interface Offer {
  fileName: string;
  mime: string;
  chunks: Buffer[];
  bytes: number;
  /** Served from commit until `expires` (ms since the epoch); filling until then. */
  ready: boolean;
  expires: number;
}

/** How the drag server is set up. */
export interface DragServerOptions {
  /** The app's origin (the gateway's): the only web origin allowed to fetch a dragged file. */
  origin: string;
  /** How long a URL is served once ready (ms); tests shorten it. */
  lifetimeMs?: number;
  maxBytes?: number;
  now?: () => number;
}

const TOKEN = /^[0-9a-f]{64}$/;
const MIME = /^[a-z]+\/[a-z0-9.+-]+$/;

/**
 * The loopback server a drag into a DAW fetches its file from (docs/DESKTOP.md, "Drag into the
 * DAW"): Chromium's `DownloadURL` drag data needs a real URL. The page fills an offer over the
 * bridge; it is then served at `http://127.0.0.1:<port>/drag/<token>/<name>` for `lifetimeMs`:
 * the token is 256 random bits, the name must match, only GET/HEAD, and a request carrying an
 * Origin or Referer of another web origin is refused (a DAW or the browser's own download sends
 * none, or the app's).
 */
export async function startDragServer(options: DragServerOptions) {
  const lifetime = options.lifetimeMs ?? DRAG_LIFETIME_MS;
  const maxBytes = options.maxBytes ?? MAX_DRAG_BYTES;
  const now = options.now ?? Date.now;
  const offers = new Map<string, Offer>();

  const sweep = () => {
    const at = now();
    for (const [token, offer] of offers) if (offer.expires <= at) offers.delete(token);
  };
  const take = (token: unknown, filling: boolean): Offer => {
    sweep();
    const offer = typeof token === 'string' ? offers.get(token) : undefined;
    if (!offer || offer.ready === filling) throw new Error('Unknown or finished drag offer');
    return offer;
  };

  const server = createServer((request, response) => answer(request, response));
  function answer(request: IncomingMessage, response: ServerResponse): void {
    const refuse = (status: number, why: string) => {
      response.writeHead(status, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
      response.end(why);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'GET only');
    const { origin, referer } = request.headers;
    if (origin !== undefined && origin !== options.origin) return refuse(403, 'Foreign origin');
    if (referer !== undefined && originOf(referer) !== options.origin)
      return refuse(403, 'Foreign referer');
    const [, first, token, name, ...rest] = (request.url ?? '').split('/');
    sweep();
    const offer = token && TOKEN.test(token) ? offers.get(token) : undefined;
    if (first !== 'drag' || rest.length > 0 || !offer || !offer.ready)
      return refuse(404, 'No such file (or its time is up)');
    if (decoded(name) !== offer.fileName) return refuse(404, 'No such file');
    response.writeHead(200, {
      'content-type': offer.mime,
      'content-length': offer.bytes,
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(offer.fileName)}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    if (request.method === 'HEAD') return void response.end();
    for (const chunk of offer.chunks) response.write(chunk);
    response.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The server's own origin. */
    base,
    /** A new offer for `fileName` of type `mime`; resolves its token (to fill, then commit). */
    async begin(fileName: unknown, mime: unknown): Promise<string> {
      if (typeof fileName !== 'string' || fileName.length === 0 || fileName.length > 255)
        throw new Error('A drag needs a file name');
      if (typeof mime !== 'string' || !MIME.test(mime)) throw new Error('A drag needs a MIME type');
      sweep();
      while (offers.size >= MAX_OFFERS) offers.delete(offers.keys().next().value!);
      const token = randomBytes(32).toString('hex');
      offers.set(token, {
        fileName: safeSegment(fileName, 'sound'),
        mime,
        chunks: [],
        bytes: 0,
        ready: false,
        expires: now() + FILL_MS,
      });
      return token;
    },
    /** Appends one base64 chunk of the file; returns the bytes so far. */
    async append(token: unknown, base64: unknown): Promise<number> {
      const offer = take(token, true);
      let bytes: Buffer;
      try {
        bytes = decodeChunk(base64);
        if (offer.bytes + bytes.length > maxBytes)
          throw new Error(`A dragged file must be at most ${maxBytes} bytes`);
      } catch (error) {
        offers.delete(token as string);
        throw error;
      }
      offer.chunks.push(bytes);
      offer.bytes += bytes.length;
      return offer.bytes;
    },
    /** The file is whole: it is served from now on, for the lifetime; resolves its URL. */
    async commit(token: unknown): Promise<DesktopDragOffer> {
      const offer = take(token, true);
      offer.ready = true;
      offer.expires = now() + lifetime;
      const url = `${base}/drag/${token as string}/${encodeURIComponent(offer.fileName)}`;
      return { url, fileName: offer.fileName, lifetimeMs: lifetime };
    },
    /** Drops an offer (a failed fill). */
    async abort(token: unknown): Promise<void> {
      if (typeof token === 'string') offers.delete(token);
    },
    /** Stops serving. */
    close: () =>
      new Promise<void>((resolve) => {
        offers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The drag server's interface. */
export type DragServer = Awaited<ReturnType<typeof startDragServer>>;

/** A percent-encoded path segment decoded (a client may encode it its own way), or null. */
function decoded(segment: string | undefined): string | null {
  try {
    return segment === undefined ? null : decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The origin of a Referer value, or null when it is no URL. */
function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
