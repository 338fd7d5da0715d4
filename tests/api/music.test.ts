import { describe, expect, it } from 'vitest';
import type { MusicTrack, SongListPage } from '../../src/shared/api/music.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { manualClock } from '../../server/clock.ts';
import { startSongGeneration } from '../../server/music/song-generator.ts';
import { apiCall, authHeaders, createUser, login, type TestUser } from '../testing/accounts.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';

const clock = manualClock(Date.parse('2026-03-01T08:00:00Z'));
let gateway: TestGateway;
let creator: TestUser;
let admin: TestUser;
let ordinary: TestUser;
let song: MusicTrack;
let size: number;
let full: Buffer;

const SONGS = 3;

gatewayPerFile({ size: 'none', clock }, async (started) => {
  gateway = started;
  // Songs are off in API tests; generate a few 5-second ones the way the gateway would.
  await startSongGeneration(gateway.ctx, { count: SONGS, seconds: 5 }).done;
  creator = await createUser(gateway, { role: 'CREATOR' });
  admin = await createUser(gateway, { role: 'ADMIN' });
  ordinary = await createUser(gateway);
  const list = await apiCall<SongListPage>(gateway, 'GET', API.songs, {
    token: creator.accessToken,
  });
  song = list.body.data.records[0]!;
  const whole = await fetch(`${gateway.url}${song.streamUrl}`);
  full = Buffer.from(await whole.arrayBuffer());
  size = full.length;
});

const stream = (range?: string, url = song.streamUrl) =>
  fetch(`${gateway.url}${url}`, { headers: range === undefined ? {} : { range } });

describe('songs list', () => {
  it('pages through the catalogue with its status and tags', async () => {
    const first = await apiCall<SongListPage>(gateway, 'GET', `${API.songs}?page=1&pageSize=2`, {
      token: creator.accessToken,
    });
    expect(first.status).toBe(200);
    const page = first.body.data;
    expect(page).toMatchObject({ total: SONGS, page: 1, pageSize: 2 });
    expect(page.status).toEqual({ ready: true, generated: SONGS, total: SONGS });
    expect(page.records.map((r) => r.title)).toEqual(['Rainy Window', 'Neon Skyline']);
    expect(page.tags).toContainEqual({ name: 'lo-fi', count: 1 });
    const second = await apiCall<SongListPage>(gateway, 'GET', `${API.songs}?page=2&pageSize=2`, {
      token: creator.accessToken,
    });
    expect(second.body.data.records.map((r) => r.title)).toEqual(['Tidal Glass']);
  });

  it('describes each song as a music track with escaped line breaks in its prompt', () => {
    expect(song).toMatchObject({ title: 'Rainy Window', titleZh: '雨窗' });
    expect(song.tags).toEqual(['lo-fi', 'hip-hop', 'chill']);
    expect(song.prompt).toContain('\\n[Verse]\\n');
    expect(song.prompt).not.toContain('\n');
    expect(song.duration).toBeGreaterThan(4);
    expect(song.streamUrl).toMatch(new RegExp(`^${API.songStream(song.id)}\\?token=`));
    expect(song.relayImageUrl).toMatch(new RegExp(`^${API.songCover(song.id)}\\?token=`));
  });

  it('filters by tag (case-insensitive, whole tags) and searches titles in both languages', async () => {
    const get = async (query: string) =>
      (
        await apiCall<SongListPage>(gateway, 'GET', `${API.songs}?${query}`, {
          token: admin.accessToken,
        })
      ).body.data.records.map((r) => r.title);
    expect(await get('tag=EDM')).toEqual(['Neon Skyline']);
    expect(await get('tag=ED')).toEqual([]);
    expect(await get(`keyword=${encodeURIComponent('潮汐')}`)).toEqual(['Tidal Glass']);
    expect(await get('keyword=window')).toEqual(['Rainy Window']);
    expect(await get('keyword=100%25')).toEqual([]);
    expect(await get('tag=chill&keyword=tidal')).toEqual(['Tidal Glass']);
  });

  it('answers one song by id and 404 for an unknown one', async () => {
    const one = await apiCall<MusicTrack>(gateway, 'GET', API.song(song.id), {
      token: creator.accessToken,
    });
    expect(one.body.data.title).toBe('Rainy Window');
    const missing = await apiCall(gateway, 'GET', API.song(9999), {
      token: creator.accessToken,
      language: 'en',
    });
    expect(missing.status).toBe(404);
    expect(missing.errorMessage).toBe('Song not found');
  });

  it.each([
    ['an unknown parameter', 'sort=NAME', 'sort'],
    ['a page that is not a number', 'page=abc', 'page'],
    ['a page below 1', 'page=0', 'page'],
    ['a huge pageSize', 'pageSize=100000', 'pageSize'],
    ['an empty keyword', 'keyword=', 'keyword'],
  ])('refuses %s with a 400 naming the field', async (_label, query, field) => {
    const reply = await apiCall(gateway, 'GET', `${API.songs}?${query}`, {
      token: creator.accessToken,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 400, errorCode: 'BAD_REQUEST', field });
  });

  it('refuses a song id that is not a positive integer', async () => {
    const reply = await apiCall(gateway, 'GET', API.song('x1'), { token: creator.accessToken });
    expect(reply.status).toBe(400);
  });
});

describe('roles (docs/PRODUCT.md §6)', () => {
  it('gives ORDINARY users 403 and anonymous callers 401 on every song call', async () => {
    for (const path of [
      API.songs,
      API.song(song.id),
      API.songStream(song.id),
      API.songCover(song.id),
    ]) {
      const forbidden = await apiCall(gateway, 'GET', path, { token: ordinary.accessToken });
      expect(forbidden.status, path).toBe(403);
      expect(forbidden.body.errorCode).toBe('FORBIDDEN');
      const anonymous = await apiCall(gateway, 'GET', path);
      expect(anonymous.status, path).toBe(401);
    }
  });

  it('checks the role before the parameters', async () => {
    expect((await apiCall(gateway, 'GET', `${API.songs}?sort=x`)).status).toBe(401);
    const forbidden = await apiCall(gateway, 'GET', API.song('x'), { token: ordinary.accessToken });
    expect(forbidden.status).toBe(403);
  });

  it('lets CREATOR and ADMIN stream with the bearer header too', async () => {
    for (const user of [creator, admin]) {
      const response = await fetch(`${gateway.url}${API.songStream(song.id)}`, {
        headers: authHeaders(user.accessToken),
      });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(full)).toBe(true);
    }
  });
});

describe('stream', () => {
  it('sends the whole MP3 with Accept-Ranges when no range is asked', async () => {
    const response = await stream();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(Number(response.headers.get('content-length'))).toBe(size);
    // An MP3 frame starts with 11 set sync bits.
    expect(full[0]).toBe(0xff);
    expect(full[1]! & 0xe0).toBe(0xe0);
    expect(size).toBeGreaterThan(20_000);
  });

  it.each([
    ['the first bytes', 'bytes=0-99', () => [0, 99]],
    ['a middle range', 'bytes=1000-1999', () => [1000, 1999]],
    ['a suffix', 'bytes=-500', () => [size - 500, size - 1]],
    ['an open end', 'bytes=2000-', () => [2000, size - 1]],
    ['a range past the end (clamped)', 'bytes=100-99999999', () => [100, size - 1]],
    ['a suffix longer than the file', 'bytes=-99999999', () => [0, size - 1]],
  ])('answers 206 for %s', async (_label, range, expected) => {
    const [start, end] = expected();
    const response = await stream(range);
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
    expect(Number(response.headers.get('content-length'))).toBe(end! - start! + 1);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(full.subarray(start, end! + 1))).toBe(true);
  });

  it.each([
    ['a start past the end', () => `bytes=${size}-`],
    ['an empty suffix', () => 'bytes=-0'],
    ['reversed ends', () => 'bytes=500-100'],
    ['garbage after bytes=', () => 'bytes=abc'],
    ['a missing range', () => 'bytes='],
  ])('answers 416 with bytes */size for %s', async (_label, range) => {
    const response = await stream(range());
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${size}`);
    const body = await response.json();
    expect(body.errorCode).toBe('RANGE_NOT_SATISFIABLE');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(`${gateway.url}${song.streamUrl}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBe(size);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('ignores other range units and multi-range requests (whole body, 200)', async () => {
    for (const range of ['items=0-10', 'bytes=0-10,20-30']) {
      const response = await stream(range);
      expect(response.status, range).toBe(200);
      expect(Number(response.headers.get('content-length'))).toBe(size);
    }
  });

  it('honours If-Range only when it names the current ETag', async () => {
    const etag = (await stream('bytes=0-0')).headers.get('etag')!;
    const same = await fetch(`${gateway.url}${song.streamUrl}`, {
      headers: { range: 'bytes=0-9', 'if-range': etag },
    });
    expect(same.status).toBe(206);
    const stale = await fetch(`${gateway.url}${song.streamUrl}`, {
      headers: { range: 'bytes=0-9', 'if-range': '"old"' },
    });
    expect(stale.status).toBe(200);
  });

  it('answers 304 with the ETag when If-None-Match names it', async () => {
    const etag = (await stream('bytes=0-0')).headers.get('etag')!;
    const again = await fetch(`${gateway.url}${song.streamUrl}`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('private, max-age=3600');
  });

  it('serves the PNG cover', async () => {
    const response = await fetch(`${gateway.url}${song.relayImageUrl}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});

describe('stream tokens', () => {
  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;

  it('refuses a tampered signature, user or expiry', async () => {
    const token = tokenOf(song.streamUrl);
    const [user, sid, exp, mac] = token.split('.') as [string, string, string, string];
    const flipped = mac.slice(0, -2) + (mac.endsWith('AA') ? 'BA' : 'AA');
    const otherSid = sid.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    for (const bad of [
      `${user}.${sid}.${exp}.${flipped}`,
      `${ordinary.id}.${sid}.${exp}.${mac}`,
      `${user}.${otherSid}.${exp}.${mac}`,
      `${user}.${sid}.${Number(exp) + 3_600_000}.${mac}`,
      `${user}.${exp}.${mac}`,
      'not-a-token',
    ]) {
      const response = await stream(undefined, `${API.songStream(song.id)}?token=${bad}`);
      expect(response.status, bad).toBe(401);
      expect((await response.json()).errorCode).toBe('UNAUTHORIZED');
    }
  });

  it('is bound to its song', async () => {
    const other = await apiCall<SongListPage>(gateway, 'GET', `${API.songs}?page=2&pageSize=1`, {
      token: creator.accessToken,
    });
    const otherToken = tokenOf(other.body.data.records[0]!.streamUrl);
    const response = await stream(undefined, `${API.songStream(song.id)}?token=${otherToken}`);
    expect(response.status).toBe(401);
  });

  it('refuses unknown query parameters beside the token', async () => {
    const response = await stream(undefined, `${song.streamUrl}&debug=1`);
    expect(response.status).toBe(400);
  });

  it('expires after its lifetime, while a fresh list issues a working one', async () => {
    clock.advance(21 * 60_000);
    try {
      const expired = await stream('bytes=0-1');
      expect(expired.status).toBe(401);
      expect(decodeURIComponent(expired.headers.get('x-error-message')!)).toContain('过期');
      const fresh = await apiCall<MusicTrack>(gateway, 'GET', API.song(song.id), {
        token: creator.accessToken,
      });
      expect((await stream('bytes=0-1', fresh.body.data.streamUrl)).status).toBe(206);
    } finally {
      clock.advance(-21 * 60_000);
    }
  });

  it('stops working when its session ends (sign-out), while another session’s links play on', async () => {
    const user = await createUser(gateway, { role: 'CREATOR' });
    const [here, other] = [
      await login(gateway, user.email, user.password),
      await login(gateway, user.email, user.password),
    ];
    const urlOf = async (token: string) =>
      (await apiCall<SongListPage>(gateway, 'GET', API.songs, { token })).body.data.records[0]!
        .streamUrl;
    const [mine, theirs] = [await urlOf(here.accessToken), await urlOf(other.accessToken)];
    expect((await stream('bytes=0-1', mine)).status).toBe(206);
    expect((await apiCall(gateway, 'POST', API.logout, { token: here.refreshToken })).status).toBe(
      200,
    );
    const ended = await stream('bytes=0-1', mine);
    expect(ended.status).toBe(401);
    expect((await ended.json()).errorCode).toBe('UNAUTHORIZED');
    expect((await stream('bytes=0-1', theirs)).status).toBe(206);
  });

  it('stops working when the user loses the music role', async () => {
    const demoted = await createUser(gateway, { role: 'CREATOR' });
    const list = await apiCall<SongListPage>(gateway, 'GET', API.songs, {
      token: demoted.accessToken,
    });
    const url = list.body.data.records[0]!.streamUrl;
    expect((await stream('bytes=0-1', url)).status).toBe(206);
    await gateway.oracle.revokeRole(demoted.id, 'CREATOR');
    expect((await stream('bytes=0-1', url)).status).toBe(403);
  });
});
