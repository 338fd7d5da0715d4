import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installEnvelope } from './envelope.ts';
import { ifRangeHolds, noneMatchHits, sendBytes, type ByteBody } from './byte-responder.ts';

const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const ETAG = '"abc123"';
const CACHE = 'public, max-age=60';

let app: FastifyInstance;
let opened: Array<{ start: number; end: number } | undefined>;

beforeAll(async () => {
  app = Fastify();
  installEnvelope(app);
  const body: ByteBody = {
    size: BYTES.length,
    etag: ETAG,
    mediaType: 'audio/mpeg',
    cacheControl: CACHE,
    open(range) {
      opened.push(range);
      return Readable.from([range ? BYTES.subarray(range.start, range.end + 1) : BYTES]);
    },
  };
  app.get('/bytes', async (request, reply) => sendBytes(request, reply, body));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => {
  opened = [];
  return app.inject({ method, url: '/bytes', headers });
};

describe('sendBytes', () => {
  it('sends the whole body with its validator, type, length and cache rule', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(BYTES)).toBe(true);
    expect(response.headers).toMatchObject({
      etag: ETAG,
      'accept-ranges': 'bytes',
      'cache-control': CACHE,
      'content-type': 'audio/mpeg',
      'content-length': '1000',
    });
  });

  it('answers HEAD with the headers of the whole body and no bytes', async () => {
    const response = await get({}, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe('1000');
    expect(response.headers.etag).toBe(ETAG);
    expect(response.rawPayload.length).toBe(0);
  });

  it.each([
    ['the same tag', ETAG],
    ['the tag marked weak (weak comparison)', `W/${ETAG}`],
    ['a list holding the tag', `"other", ${ETAG}`],
    ['a wildcard', '*'],
  ])('answers 304 with ETag and Cache-Control for If-None-Match of %s', async (_label, tag) => {
    const response = await get({ 'if-none-match': tag });
    expect(response.statusCode).toBe(304);
    expect(response.headers.etag).toBe(ETAG);
    expect(response.headers['cache-control']).toBe(CACHE);
    expect(response.rawPayload.length).toBe(0);
    expect(opened).toEqual([]);
  });

  it('sends the body when If-None-Match names other tags', async () => {
    for (const tag of ['"other"', 'W/"other", "abc"', '"abc123x"']) {
      const response = await get({ 'if-none-match': tag });
      expect(response.statusCode, tag).toBe(200);
      expect(response.rawPayload.length).toBe(1000);
    }
  });

  it('lets a matching If-None-Match win over Range (checked first)', async () => {
    const response = await get({ 'if-none-match': ETAG, range: 'bytes=0-9' });
    expect(response.statusCode).toBe(304);
  });

  it('answers a single byte range with 206, Content-Range and only those bytes', async () => {
    const response = await get({ range: 'bytes=100-199' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 100-199/1000');
    expect(response.headers['content-length']).toBe('100');
    expect(response.headers.etag).toBe(ETAG);
    expect(response.rawPayload.equals(BYTES.subarray(100, 200))).toBe(true);
    expect(opened).toEqual([{ start: 100, end: 199 }]);
  });

  it('answers a suffix range with the last bytes', async () => {
    const response = await get({ range: 'bytes=-10' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 990-999/1000');
    expect(response.rawPayload.equals(BYTES.subarray(990))).toBe(true);
  });

  it.each(['bytes=1000-', 'bytes=-0', 'bytes=5-2', 'bytes=x'])(
    'answers 416 with bytes */size, never cached, for %s',
    async (range) => {
      const response = await get({ range });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */1000');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.etag).toBeUndefined();
      expect(response.json()).toMatchObject({ code: 416, errorCode: 'RANGE_NOT_SATISFIABLE' });
      expect(opened).toEqual([]);
    },
  );

  it('keeps the Range when If-Range is our strong tag', async () => {
    const response = await get({ range: 'bytes=0-9', 'if-range': ETAG });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload.equals(BYTES.subarray(0, 10))).toBe(true);
  });

  it.each([
    ['another tag', '"old"'],
    ['our tag marked weak (strong comparison)', `W/${ETAG}`],
    ['a date (no Last-Modified is sent)', 'Wed, 21 Oct 2015 07:28:00 GMT'],
  ])('sends the whole body (200) when If-Range is %s', async (_label, ifRange) => {
    const response = await get({ range: 'bytes=0-9', 'if-range': ifRange });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBeUndefined();
    expect(response.rawPayload.equals(BYTES)).toBe(true);
  });

  it('sends the whole body when If-Range fails even if the Range was unsatisfiable', async () => {
    const response = await get({ range: 'bytes=5000-', 'if-range': '"old"' });
    expect(response.statusCode).toBe(200);
  });

  it('ignores several ranges and other units (whole body, 200)', async () => {
    for (const range of ['bytes=0-1,5-6', 'items=0-10']) {
      const response = await get({ range });
      expect(response.statusCode, range).toBe(200);
      expect(response.rawPayload.length).toBe(1000);
    }
  });
});

describe('validator comparisons', () => {
  it('If-None-Match uses the weak comparison', () => {
    expect(noneMatchHits(undefined, ETAG)).toBe(false);
    expect(noneMatchHits(`W/${ETAG}`, ETAG)).toBe(true);
    expect(noneMatchHits(ETAG, `W/${ETAG}`)).toBe(true);
    expect(noneMatchHits(['"x"', ETAG], ETAG)).toBe(true);
    expect(noneMatchHits('abc123', ETAG)).toBe(false);
  });

  it('If-Range uses the strong comparison', () => {
    expect(ifRangeHolds(undefined, ETAG)).toBe(true);
    expect(ifRangeHolds(` ${ETAG} `, ETAG)).toBe(true);
    expect(ifRangeHolds(`W/${ETAG}`, ETAG)).toBe(false);
    expect(ifRangeHolds(`W/${ETAG}`, `W/${ETAG}`)).toBe(false);
    expect(ifRangeHolds([ETAG, ETAG], ETAG)).toBe(false);
  });
});
