import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import type { Spectrum } from '../../src/shared/api/catalogue.types.ts';
import { PLAY_HEADERS } from '../../src/shared/audio/protocol.ts';
import { issueAccessToken } from '../../server/accounts/access-token.ts';
import { readPeaks } from '../../server/library/peaks.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import { createUser, type TestUser } from '../testing/accounts.ts';
import {
  callJson,
  expectApiError,
  deviceUser,
  registerDeviceKey,
  request,
  type DeviceKey,
} from '../testing/catalogue.ts';
import { firstSample, sampleById } from '../testing/oracle.ts';

let gw: TestGateway;
let user: TestUser;
let device: DeviceKey;
let sampleId: number;

gatewayPerFile({ size: 'tiny' }, async (started) => {
  ({ gw, user, device } = await deviceUser(started));
  sampleId = (await firstSample(gw, (s) => s.peaks !== null && s.auditionHash !== null)).id;
});

describe('GET tt-audios/spectrum/{id}', () => {
  it('answers the 256 stored peaks in 0..1, publicly cacheable', async () => {
    const answer = await callJson<Spectrum>(gw, API.spectrum(sampleId));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('public');
    const { id, peaks } = answer.body.data;
    expect(id).toBe(sampleId);
    expect(peaks).toHaveLength(256);
    expect(peaks.every((p) => p >= 0 && p <= 1)).toBe(true);
    expect(peaks.some((p) => p > 0.01)).toBe(true);
    const blob = (await sampleById(gw, sampleId)).peaks;
    expect(peaks).toEqual(readPeaks(blob!));
  });

  it('is a 404 for an unknown id and a 400 for a malformed one or an unknown parameter', async () => {
    expectApiError(await callJson(gw, API.spectrum(999999)), 404, 'NOT_FOUND');
    expectApiError(await callJson(gw, API.spectrum('abc')), 400, 'BAD_REQUEST', 'id');
    expectApiError(await callJson(gw, API.spectrum(0)), 400, 'BAD_REQUEST', 'id');
    expectApiError(
      await callJson(gw, API.spectrum("1'; DROP TABLE samples; --")),
      400,
      'BAD_REQUEST',
      'id',
    );
    expectApiError(await callJson(gw, `${API.spectrum(sampleId)}?x=1`), 400, 'BAD_REQUEST', 'x');
  });
});

describe('GET tt-audios/play-audition/{auditionCode}', () => {
  const auditionOf = async () => {
    const row = await sampleById(gw, sampleId);
    return { code: String(row.auditionCode), bytes: gw.ctx.blobs.read(String(row.auditionHash)) };
  };

  it('serves the plain MP3 publicly with a long cache', async () => {
    const { code, bytes } = await auditionOf();
    const response = await request(gw, API.audition(code));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(bytes)).toBe(true);
    // An MP3 frame sync or an ID3 tag starts the file.
    expect(body[0] === 0xff || body.subarray(0, 3).toString() === 'ID3').toBe(true);
    const again = await request(gw, API.audition(code), {
      headers: { 'if-none-match': response.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('answers byte ranges with 206 and refuses ranges past the end with 416', async () => {
    const { code, bytes } = await auditionOf();
    const part = await request(gw, API.audition(code), { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await request(gw, API.audition(code), { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(
      true,
    );
    const past = await callJson(gw, API.audition(code), {
      headers: { range: `bytes=${bytes.length}-` },
    });
    expectApiError(past, 416, 'RANGE_NOT_SATISFIABLE');
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    // The error is never cached under the audition's year-long rule.
    expect(past.headers.get('cache-control')).toBe('no-store');
  });

  it('sends the whole audition when If-Range names another version (same responder as songs)', async () => {
    const { code, bytes } = await auditionOf();
    const first = await request(gw, API.audition(code), { headers: { range: 'bytes=0-9' } });
    const etag = first.headers.get('etag')!;
    const same = await request(gw, API.audition(code), {
      headers: { range: 'bytes=0-9', 'if-range': etag },
    });
    expect(same.status).toBe(206);
    const stale = await request(gw, API.audition(code), {
      headers: { range: 'bytes=0-9', 'if-range': '"old"' },
    });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer()).equals(bytes)).toBe(true);
    const weak = await request(gw, API.audition(code), {
      headers: { 'if-none-match': `W/${etag}` },
    });
    expect(weak.status).toBe(304);
    expect(weak.headers.get('etag')).toBe(etag);
  });

  it('is a 404 for an unknown code and a 400 for a malformed one', async () => {
    expectApiError(await callJson(gw, API.audition('nosuchcode')), 404, 'NOT_FOUND');
    expectApiError(await callJson(gw, API.audition('a b')), 400, 'BAD_REQUEST', 'auditionCode');
    expectApiError(
      await callJson(gw, API.audition('code.mp3')),
      400,
      'BAD_REQUEST',
      'auditionCode',
    );
  });
});

describe('GET tt-audios/play/{id}: errors', () => {
  const play = (options: { token?: string; keyId?: string | null; id?: number | string } = {}) =>
    callJson(gw, API.play(options.id ?? sampleId), {
      token: options.token ?? user.accessToken,
      headers:
        options.keyId === null ? {} : { [PLAY_HEADERS.clientKeyId]: options.keyId ?? device.keyId },
    });

  it('needs a valid token: 401 without, garbage or expired', async () => {
    const none = await callJson(gw, API.play(sampleId), {
      headers: { [PLAY_HEADERS.clientKeyId]: device.keyId },
    });
    expectApiError(none, 401, 'UNAUTHORIZED');
    expect(none.body.msg).toBe('未登录');
    expectApiError(await play({ token: 'garbage.token' }), 401, 'UNAUTHORIZED');
    const expired = issueAccessToken(gw.ctx.tokenSecret, user.id, Date.now() - 3 * 3600_000);
    expectApiError(await play({ token: expired }), 401, 'TOKEN_EXPIRED');
  });

  it('is a 409 UNKNOWN_CLIENT_KEY for a missing, unknown or someone else’s key', async () => {
    const missing = await play({ keyId: null });
    expectApiError(missing, 409, 'UNKNOWN_CLIENT_KEY');
    expectApiError(await play({ keyId: 'no-such-key' }), 409, 'UNKNOWN_CLIENT_KEY');
    expectApiError(await play({ keyId: 'bad key!' }), 409, 'UNKNOWN_CLIENT_KEY');
    const stranger = await createUser(gw);
    const theirs = await registerDeviceKey(gw, stranger.accessToken);
    const en = await callJson(gw, API.play(sampleId), {
      token: user.accessToken,
      language: 'en',
      headers: { [PLAY_HEADERS.clientKeyId]: theirs.keyId },
    });
    expectApiError(en, 409, 'UNKNOWN_CLIENT_KEY');
    expect(en.body.msg).toMatch(/register/i);
  });

  it('is a 404 for an unknown sample and a 400 for a malformed id', async () => {
    expectApiError(await play({ id: 999999 }), 404, 'NOT_FOUND');
    expectApiError(await play({ id: 'x' }), 400, 'BAD_REQUEST', 'id');
    expectApiError(await play({ id: -4 }), 400, 'BAD_REQUEST', 'id');
  });
});
