import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore } from '../blob-store.ts';
import { ApiError } from './api-error.ts';
import { parseRange } from './byte-range.ts';

const MESSAGES = {
  rangeNotSatisfiable: { zh: '请求的字节范围无效', en: 'Requested range not satisfiable' },
} as const;

/** One immutable body to serve with a strong validator (docs/API.md#byte-responses). */
export interface ByteBody {
  /** Length of the whole body in bytes. */
  size: number;
  /** Strong entity tag, quoted (`"<hash>"`). */
  etag: string;
  mediaType: string;
  cacheControl: string;
  /** The whole body, or bytes `start`…`end` (inclusive). */
  open(range?: { start: number; end: number }): Readable;
}

/** A blob of the store as a ByteBody; its hash is its entity tag. */
export function blobBody(
  blobs: BlobStore,
  hash: string,
  options: { mediaType: string; cacheControl: string },
): ByteBody {
  return {
    size: blobs.size(hash),
    etag: `"${hash}"`,
    ...options,
    // The whole body leaves with its first bytes already read (see readEagerly).
    open: (range) => (range ? blobs.stream(hash, range) : blobs.streamEagerly(hash)),
  };
}

/** The entity tags of an If-None-Match list, each without its weak mark (`W/"x"` → `"x"`). */
function opaqueTags(header: string): string[] {
  return [...header.matchAll(/(?:W\/)?("[^"]*")/g)].map((match) => match[1]!);
}

/**
 * If-None-Match (RFC 9110 §13.1.2) by the weak comparison: `*`, or any listed tag whose opaque
 * part equals ours whether either is marked weak.
 */
export function noneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const list = [header].flat().join(',');
  if (list.trim() === '*') return true;
  return opaqueTags(list).includes(etag.replace(/^W\//, ''));
}

/**
 * If-Range (RFC 9110 §13.1.5) by the strong comparison: only our own strong tag, exactly, keeps
 * the Range. A weak tag, another tag or a date (we send no Last-Modified) means the client's
 * partial copy may be stale, so the whole body is sent instead.
 */
export function ifRangeHolds(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return true;
  return typeof header === 'string' && !etag.startsWith('W/') && header.trim() === etag;
}

/**
 * Answers a GET (or HEAD) for `body` with the conditional and range rules of RFC 9110, in its
 * order (§13.2.2): If-None-Match hit → 304 with ETag and Cache-Control; else If-Range decides
 * whether Range counts; a single satisfiable byte range → 206 with Content-Range; an
 * unsatisfiable or malformed one → 416 with `Content-Range: bytes *\/size` (an envelope that is
 * never cached); else the whole body, 200.
 */
export function sendBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  body: ByteBody,
): FastifyReply {
  const { size, etag } = body;
  reply.header('accept-ranges', 'bytes');
  if (noneMatchHits(request.headers['if-none-match'], etag)) {
    return reply.status(304).header('etag', etag).header('cache-control', body.cacheControl).send();
  }
  const range = ifRangeHolds(request.headers['if-range'], etag) ? request.headers.range : undefined;
  const answer = parseRange(range, size);
  if (answer.kind === 'unsatisfiable') {
    throw new ApiError('RANGE_NOT_SATISFIABLE', MESSAGES.rangeNotSatisfiable, {
      headers: { 'content-range': `bytes */${size}`, 'cache-control': 'no-store' },
    });
  }
  reply.type(body.mediaType).header('etag', etag).header('cache-control', body.cacheControl);
  if (answer.kind === 'full') return reply.header('content-length', size).send(body.open());
  const { start, end } = answer;
  return reply
    .status(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .header('content-length', end - start + 1)
    .send(body.open({ start, end }));
}
