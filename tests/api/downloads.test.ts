import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import type { Pack, Sample } from '../../src/shared/api/catalogue.types.ts';
import type { DownloadSaveResult, SyncItem } from '../../src/shared/api/download.types.ts';
import { issueAccessToken } from '../../server/accounts/access-token.ts';
import { manualClock } from '../../server/clock.ts';
import { testPackInsert, testSampleWrite } from '../../server/db/testing/sample-write.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import { createUser, type TestUser } from '../testing/accounts.ts';
import {
  callJson,
  downloadReport,
  expectApiError,
  fetchAndSave,
  getData,
  request,
  withQuery,
} from '../testing/catalogue.ts';
import { packsWhere, quotaOf, sampleById, sampleIdsWhere, setQuota } from '../testing/oracle.ts';

let gw: TestGateway;
let ids: number[];

gatewayPerFile({ size: 'tiny' }, async (started) => {
  gw = started;
  ids = (await sampleIdsWhere(gw)).slice(0, 8);
});

const authorize = (user: TestUser, id: number) =>
  callJson<boolean>(gw, API.downloadAuthorize(id), { token: user.accessToken });
const report = (user: TestUser, id: number, success: boolean, path: string | null = null) =>
  callJson<DownloadSaveResult>(gw, API.downloadSaveOrRollback, {
    token: user.accessToken,
    body: downloadReport(id, success, path),
  });
const warehouse = (user: TestUser) =>
  getData<ListPage<Sample>>(gw, withQuery(API.userAudios, { relation: 'stockroom' }), {
    token: user.accessToken,
  });
const acquisitions = async (user: TestUser) =>
  (await gw.ctx.repo.downloads.acquisitions(user.id)).length;

/** The whole docs/PRODUCT.md §7 flow for one sample: authorise, fetch, report success. */
async function download(user: TestUser, id: number, path = `/sounds/packs/x/${id}.wav`) {
  expect((await authorize(user, id)).body.data).toBe(true);
  return fetchAndSave(gw, id, user.accessToken, path);
}

describe('download flow', () => {
  it('serves the original file with a safe attachment name only after authorisation', async () => {
    const user = await createUser(gw);
    const id = ids[0]!;
    const before = await callJson(gw, API.download(id), { token: user.accessToken });
    expectApiError(before, 403, 'FORBIDDEN');
    expect((await authorize(user, id)).body).toMatchObject({ code: 200, data: true });
    const response = await request(gw, API.download(id), { token: user.accessToken });
    expect(response.status).toBe(200);
    const row = await sampleById(gw, id);
    expect(response.headers.get('content-type')).toBe(row.mediaType);
    expect(response.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(gw.ctx.blobs.read(row.blobHash))).toBe(true);
  });

  it('commits: the item shows in the warehouse list, in sync and in the flags, charged once', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 5);
    const id = ids[1]!;
    const result = await download(user, id, '/sounds/packs/Neon/Drums/kick.wav');
    expect(result).toEqual({ status: 'committed', charged: true, downloadQuota: 4 });
    expect(await quotaOf(gw, user.id)).toBe(4);
    const list = await warehouse(user);
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({
      id,
      download: true,
      userFilePath: '/sounds/packs/Neon/Drums/kick.wav',
    });
    const sync = await getData<SyncItem[]>(gw, API.downloadSync, { token: user.accessToken });
    const row = await sampleById(gw, id);
    expect(sync).toEqual([
      expect.objectContaining({
        resourceId: id,
        audioType: row.primaryName,
        audioGroup: row.secondaryName,
        fileName: row.fileName,
        userFilePath: '/sounds/packs/Neon/Drums/kick.wav',
      }),
    ]);
    const flags = await getData<ListPage<Sample>>(
      gw,
      withQuery(API.audios, { packCode: list.records[0]!.packCode, pageSize: 100 }),
      { token: user.accessToken },
    );
    expect(flags.records.find((s) => s.id === id)?.download).toBe(true);
    expect(flags.records.filter((s) => s.download)).toHaveLength(1);
  });

  it('POST sync forgets the paths of files gone from the desktop folder; they stay owned', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 5);
    const [kept, gone] = [ids[2]!, ids[3]!];
    await download(user, kept, 'sounds/packs/Neon/Drums/kept.wav');
    await download(user, gone, 'sounds/packs/Neon/Drums/gone.wav');
    const other = await createUser(gw);
    await setQuota(gw, other.id, 5);
    await download(other, gone, 'sounds/packs/Neon/Drums/theirs.wav');

    const sync = await getData<SyncItem[]>(gw, API.downloadSync, {
      token: user.accessToken,
      body: { missing: [gone, 999999] },
    });
    expect(sync.map((item) => [item.resourceId, item.userFilePath])).toEqual([
      [kept, 'sounds/packs/Neon/Drums/kept.wav'],
      [gone, null],
    ]);
    const list = await warehouse(user);
    expect(list.records.find((s) => s.id === gone)).toMatchObject({ download: true });
    // Another user's path is untouched.
    const theirs = await getData<SyncItem[]>(gw, API.downloadSync, { token: other.accessToken });
    expect(theirs[0]?.userFilePath).toBe('sounds/packs/Neon/Drums/theirs.wav');

    for (const body of [{}, { missing: ['x'] }, { missing: [1], extra: true }, { missing: 3 }]) {
      const bad = await callJson(gw, API.downloadSync, { token: user.accessToken, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await callJson(gw, API.downloadSync, { body: { missing: [] } })).status).toBe(401);
  });

  it('counts a new acquisition in the popularity of the sample and its pack, once', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, null);
    const id = ids[3]!;
    const popularity = async () => {
      const sample = await sampleById(gw, id);
      const [pack] = await packsWhere(gw, (p) => p.code === sample.packCode);
      return { sample: sample.popularity, pack: pack!.popularity };
    };
    const before = await popularity();
    await download(user, id);
    expect(await popularity()).toEqual({ sample: before.sample + 1, pack: before.pack + 1 });
    await download(user, id);
    expect(await popularity()).toEqual({ sample: before.sample + 1, pack: before.pack + 1 });
  });

  it('grants exactly the quota to parallel authorisations', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 3);
    const answers = await Promise.all(ids.map((id) => authorize(user, id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(ids.length - 3);
  });

  it('re-downloads owned items for free, even with the quota used up', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 1);
    const id = ids[2]!;
    await download(user, id);
    expect(await quotaOf(gw, user.id)).toBe(0);
    expectApiError(await authorize(user, ids[3]!), 402, 'QUOTA_EXCEEDED');
    const again = await download(user, id, '/elsewhere/kick.wav');
    expect(again).toEqual({ status: 'committed', charged: false, downloadQuota: 0 });
    expect(await acquisitions(user)).toBe(1);
    expect((await warehouse(user)).records[0]!.userFilePath).toBe('/elsewhere/kick.wav');
  });

  it('refuses to authorise past the quota, counting pending grants', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 2);
    expect((await authorize(user, ids[0]!)).body.data).toBe(true);
    // Authorising the same item again reuses its grant.
    expect((await authorize(user, ids[0]!)).body.data).toBe(true);
    expect((await authorize(user, ids[1]!)).body.data).toBe(true);
    const third = await callJson(gw, API.downloadAuthorize(ids[2]!), {
      token: user.accessToken,
      language: 'en',
    });
    expectApiError(third, 402, 'QUOTA_EXCEEDED');
    expect(third.body.msg).toMatch(/quota/i);
    // A rollback frees its reservation.
    await report(user, ids[1]!, false);
    expect((await authorize(user, ids[2]!)).body.data).toBe(true);
    expect(await quotaOf(gw, user.id)).toBe(2);
  });

  it('is unlimited when the quota is NULL', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, null);
    const result = await download(user, ids[4]!);
    expect(result).toEqual({ status: 'committed', charged: false, downloadQuota: null });
  });

  it('rolls back: nothing acquired, nothing charged, and the file is no longer served', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 3);
    const id = ids[5]!;
    await authorize(user, id);
    const rolled = await report(user, id, false);
    expect(rolled.body.data).toEqual({ status: 'rolledBack', charged: false, downloadQuota: 3 });
    expect(await acquisitions(user)).toBe(0);
    expect(await quotaOf(gw, user.id)).toBe(3);
    expect((await warehouse(user)).total).toBe(0);
    expectApiError(
      await callJson(gw, API.download(id), { token: user.accessToken }),
      403,
      'FORBIDDEN',
    );
    // A success report without a grant commits nothing.
    const late = await report(user, id, true, '/x.wav');
    expectApiError(late, 409, 'CONFLICT');
    expect(await acquisitions(user)).toBe(0);
  });

  it('lets a grant lapse after 30 minutes', async () => {
    // A gateway of its own with a hand-moved clock and one hand-made sample.
    const clock = manualClock();
    const timed = await startTestGateway({ size: 'none', clock });
    try {
      const user = await createUser(timed);
      const [id] = await timed.ctx.repo.library.writeBatch({
        brands: [{ name: 'B', nameZh: 'B' }],
        packs: [{ ...testPackInsert('p', 'B'), createdAt: '2026-01-01' }],
        samples: [
          testSampleWrite(0, {
            blobHash: timed.ctx.blobs.put(new Uint8Array([1, 2, 3, 4])),
            createdAt: '2026-01-01',
          }),
        ],
      });
      expect(id).toBe(1);
      const token = { token: user.accessToken };
      expect((await callJson(timed, API.downloadAuthorize(1), token)).body.data).toBe(true);
      clock.advance(31 * 60 * 1000);
      // A token of a session nobody ended (tokens name their session, docs/api/accounts.md).
      const fresh = issueAccessToken(timed.ctx.tokenSecret, user.id, clock.now(), 'later');
      expectApiError(await callJson(timed, API.download(1), { token: fresh }), 403, 'FORBIDDEN');
    } finally {
      await timed.close();
    }
  });
});

describe('likes', () => {
  it('toggles a sample like, answers true, and the state shows in lists and flags', async () => {
    const user = await createUser(gw);
    const id = ids[6]!;
    const like = () => callJson<boolean>(gw, API.downloadLike(id), { token: user.accessToken });
    expect((await like()).body).toMatchObject({ code: 200, data: true });
    const liked = await getData<ListPage<Sample>>(
      gw,
      withQuery(API.userAudios, { relation: 'likes' }),
      { token: user.accessToken },
    );
    expect(liked.records.map((s) => s.id)).toEqual([id]);
    expect(liked.records[0]!.likes).toBe(true);
    expect((await like()).body.data).toBe(true);
    const after = await getData<ListPage<Sample>>(
      gw,
      withQuery(API.userAudios, { relation: 'likes' }),
      { token: user.accessToken },
    );
    expect(after.total).toBe(0);
  });

  it('toggles a pack like (extension) and lists liked packs', async () => {
    const user = await createUser(gw);
    const { code } = (await packsWhere(gw))[0]!;
    const path = `${API.downloadLike('pack')}/${code}`;
    expect((await callJson(gw, path, { token: user.accessToken })).body.data).toBe(true);
    const packs = await getData<ListPage<Pack>>(
      gw,
      withQuery(API.userAudios, { relation: 'likes', kind: 'packs' }),
      { token: user.accessToken },
    );
    expect(packs.records.map((p) => p.packCode)).toEqual([code]);
    expect(packs.records[0]!.likes).toBe(true);
    expectApiError(
      await callJson(gw, `${API.downloadLike('pack')}/no-such-pack`, { token: user.accessToken }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('download calls: tokens and bad input', () => {
  const paths = (id: number) => [
    { path: API.downloadAuthorize(id) },
    { path: API.download(id) },
    { path: API.downloadLike(id) },
    { path: API.downloadSync },
    {
      path: API.downloadSaveOrRollback,
      body: {
        resourceId: id,
        audioType: 'a',
        audioGroup: 'b',
        success: false,
        error: null,
        userFilePath: null,
      },
    },
  ];

  it('every call needs a token: 401 未登录 without, 401 for garbage, TOKEN_EXPIRED when expired', async () => {
    const user = await createUser(gw);
    const expired = issueAccessToken(gw.ctx.tokenSecret, user.id, Date.now() - 3 * 3600_000);
    for (const { path, body } of paths(ids[0]!)) {
      const none = await callJson(gw, path, { body });
      expectApiError(none, 401, 'UNAUTHORIZED');
      expect(none.body.msg).toBe('未登录');
      const en = await callJson(gw, path, { body, language: 'en' });
      expect(en.body.msg).toBe('Not signed in');
      expectApiError(await callJson(gw, path, { body, token: 'x.y' }), 401, 'UNAUTHORIZED');
      expectApiError(await callJson(gw, path, { body, token: expired }), 401, 'TOKEN_EXPIRED');
    }
    // The token is checked before the input: nothing about the rules leaks without one.
    const badBody = await callJson(gw, API.downloadSaveOrRollback, { body: { resourceId: 'x' } });
    expectApiError(badBody, 401, 'UNAUTHORIZED');
    expectApiError(await callJson(gw, API.downloadAuthorize('abc')), 401, 'UNAUTHORIZED');
  });

  it('unknown samples are 404s and malformed ids 400s', async () => {
    const user = await createUser(gw);
    const token = user.accessToken;
    for (const path of [
      API.downloadAuthorize(999999),
      API.download(999999),
      API.downloadLike(999999),
    ])
      expectApiError(await callJson(gw, path, { token }), 404, 'NOT_FOUND');
    for (const path of [API.downloadAuthorize('abc'), API.download(0), API.downloadLike(-1)])
      expectApiError(await callJson(gw, path, { token }), 400, 'BAD_REQUEST', 'id');
    expectApiError(
      await callJson(gw, withQuery(API.downloadSync, { since: 1 }), { token }),
      400,
      'BAD_REQUEST',
      'since',
    );
  });

  it('saveOrRollback validates its body and changes nothing on bad input', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 2);
    await authorize(user, ids[7]!);
    const base = {
      resourceId: ids[7]!,
      audioType: 'Drums',
      audioGroup: 'Kick',
      success: true,
      error: null,
      userFilePath: '/a.wav',
    };
    const bad: [unknown, string][] = [
      [{ ...base, resourceId: String(ids[7]) }, 'resourceId'],
      [{ ...base, success: 'yes' }, 'success'],
      [{ ...base, extra: 1 }, 'extra'],
      [{ audioType: 'Drums', success: true }, 'resourceId'],
      [{ ...base, userFilePath: 'x'.repeat(5000) }, 'userFilePath'],
      [{ ...base, resourceId: '1; DROP TABLE acquisitions; --' }, 'resourceId'],
    ];
    for (const [body, field] of bad) {
      const answer = await callJson(gw, API.downloadSaveOrRollback, {
        token: user.accessToken,
        body,
      });
      expectApiError(answer, 400, 'BAD_REQUEST', field);
    }
    const notJson = await callJson(gw, API.downloadSaveOrRollback, {
      token: user.accessToken,
      body: '{"resourceId": 1,',
    });
    expectApiError(notJson, 400, 'BAD_REQUEST');
    expect(await acquisitions(user)).toBe(0);
    expect(await quotaOf(gw, user.id)).toBe(2);
    // The grant survived the bad reports.
    const ok = await callJson<DownloadSaveResult>(gw, API.downloadSaveOrRollback, {
      token: user.accessToken,
      body: base,
    });
    expect(ok.body.data).toMatchObject({ status: 'committed', charged: true, downloadQuota: 1 });
  });
});
