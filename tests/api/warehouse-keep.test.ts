import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import type { Pack, Sample } from '../../src/shared/api/catalogue.types.ts';
import type {
  DownloadBatchAuthorization,
  DownloadSaveResult,
  SyncItem,
  UserItemRemoveResult,
  UserItemRestoreResult,
} from '../../src/shared/api/download.types.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import { createUser, type TestUser } from '../testing/accounts.ts';
import {
  callJson,
  expectApiError,
  fetchAndSave,
  getData,
  withQuery,
} from '../testing/catalogue.ts';
import { quotaOf, samplesWhere, setQuota } from '../testing/oracle.ts';

// What you paid for stays yours (issue 30 §1, docs/api/catalogue.md "POST /api/v2/tt-audios/user/remove"):
// removing from the warehouse hides an item, a later download of it is free, and undo brings it
// back. Runs on SQLite and, in the api-pg project, on PostgreSQL.

let gw: TestGateway;
/** Three samples of one pack, and one of another pack. */
let packIds: number[];
let packCode: string;
let otherId: number;

gatewayPerFile({ size: 'tiny' }, async (started) => {
  gw = started;
  const all = await samplesWhere(gw);
  const inPack = (code: string) => all.filter((s) => s.packCode === code);
  packCode = [...new Set(all.map((s) => s.packCode))]
    .sort()
    .find((code) => inPack(code).length >= 3)!;
  packIds = inPack(packCode)
    .slice(0, 3)
    .map((s) => s.id);
  otherId = all.find((s) => s.packCode !== packCode)!.id;
});

const as = (user: TestUser) => ({ token: user.accessToken });

/** The whole download of one sample: authorise, fetch, report success. */
async function download(user: TestUser, id: number): Promise<DownloadSaveResult> {
  expect((await callJson<boolean>(gw, API.downloadAuthorize(id), as(user))).body.data).toBe(true);
  return fetchAndSave(gw, id, user.accessToken, `a/${id}.wav`);
}

const items = (user: TestUser, path: string, body: unknown) =>
  callJson<UserItemRemoveResult & UserItemRestoreResult>(gw, path, { ...as(user), body });
const warehouseIds = async (user: TestUser) =>
  (
    await getData<ListPage<Sample>>(
      gw,
      withQuery(API.userAudios, { relation: 'stockroom', sort: 'NAME' }),
      as(user),
    )
  ).records
    .map((s) => s.id)
    .sort((a, b) => a - b);
const flagOf = async (user: TestUser, id: number) =>
  (
    await getData<ListPage<Sample>>(
      gw,
      withQuery(API.audios, { packCode, pageSize: 100 }),
      as(user),
    )
  ).records.find((s) => s.id === id)?.download;

describe('removing from the warehouse keeps the purchase', () => {
  it('hides the item, and a later download is free even at 0 downloads left', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 2);
    const [a] = packIds;
    expect(await download(user, a!)).toMatchObject({ charged: true, downloadQuota: 1 });
    const firstSync = await getData<SyncItem[]>(gw, API.downloadSync, as(user));

    const removed = await items(user, API.userItemRemove, {
      relation: 'stockroom',
      range: 'samples',
      ids: [a],
    });
    expect(removed.body.data).toEqual({ removed: 1 });
    expect(await warehouseIds(user)).toEqual([]);
    expect(await flagOf(user, a!)).toBe(false);
    expect(await getData<SyncItem[]>(gw, API.downloadSync, as(user))).toEqual([]);

    await setQuota(gw, user.id, 0);
    // The quote counts it as owned, the single authorisation grants it, the commit is free.
    const quote = await getData<DownloadBatchAuthorization>(gw, API.downloadAuthorizeBatch, {
      ...as(user),
      body: { ids: [a, otherId], dryRun: true },
    });
    expect(quote).toMatchObject({ owned: [a], charged: [otherId], cost: 1, available: 0 });
    expect(await download(user, a!)).toMatchObject({
      status: 'committed',
      charged: false,
      downloadQuota: 0,
    });
    expect(await quotaOf(gw, user.id)).toBe(0);
    // Back in the warehouse, with its first acquisition time; what was never bought still costs.
    expect(await warehouseIds(user)).toEqual([a]);
    expect(await flagOf(user, a!)).toBe(true);
    const again = await getData<SyncItem[]>(gw, API.downloadSync, as(user));
    expect(again.map((item) => [item.resourceId, item.acquiredAt])).toEqual([
      [a, firstSync[0]!.acquiredAt],
    ]);
    expectApiError(
      await callJson(gw, API.downloadAuthorize(otherId), as(user)),
      402,
      'QUOTA_EXCEEDED',
    );
  });

  it('a removed pack hides its samples; undo brings exactly them back, for this user only', async () => {
    const user = await createUser(gw);
    const stranger = await createUser(gw);
    await setQuota(gw, user.id, null);
    for (const id of [...packIds, otherId]) await download(user, id);
    const packs = (
      await getData<ListPage<Pack>>(
        gw,
        withQuery(API.userAudios, { relation: 'stockroom', range: 'packs' }),
        as(user),
      )
    ).records.map((p) => p.packCode);
    expect(packs).toContain(packCode);

    const body = { relation: 'stockroom', range: 'packs', ids: [packCode] };
    expect((await items(user, API.userItemRemove, body)).body.data).toEqual({ removed: 3 });
    expect(await warehouseIds(user)).toEqual([otherId]);
    // Another user's undo touches nothing of this user's.
    expect((await items(stranger, API.userItemRestore, body)).body.data).toEqual({ restored: 0 });
    expect(await warehouseIds(user)).toEqual([otherId]);

    expect((await items(user, API.userItemRestore, body)).body.data).toEqual({ restored: 3 });
    expect(await warehouseIds(user)).toEqual([...packIds, otherId].sort((a, b) => a - b));
    // Nothing hidden any more: a second undo restores nothing.
    expect((await items(user, API.userItemRestore, body)).body.data).toEqual({ restored: 0 });
  });

  it('undo of a like removal likes again', async () => {
    const user = await createUser(gw);
    const [a] = packIds;
    await getData(gw, API.downloadLike(a!), as(user));
    await getData(gw, API.downloadPackLike(packCode), as(user));
    const samples = { relation: 'likes', range: 'samples', ids: [a] };
    const packs = { relation: 'likes', range: 'packs', ids: [packCode] };
    expect((await items(user, API.userItemRemove, samples)).body.data).toEqual({ removed: 1 });
    expect((await items(user, API.userItemRemove, packs)).body.data).toEqual({ removed: 1 });
    expect((await items(user, API.userItemRestore, samples)).body.data).toEqual({ restored: 1 });
    expect((await items(user, API.userItemRestore, packs)).body.data).toEqual({ restored: 1 });
    const liked = await getData<ListPage<Sample>>(
      gw,
      withQuery(API.userAudios, { relation: 'likes' }),
      as(user),
    );
    expect(liked.records.map((s) => s.id)).toEqual([a]);
    const likedPacks = await getData<ListPage<Pack>>(
      gw,
      withQuery(API.userAudios, { relation: 'likes', range: 'packs' }),
      as(user),
    );
    expect(likedPacks.records.map((p) => p.packCode)).toEqual([packCode]);
  });

  it('restore checks its body like remove, and needs a token', async () => {
    const user = await createUser(gw);
    const bad: [unknown, string][] = [
      [{ relation: 'stockroom', range: 'samples', ids: [] }, 'ids'],
      [{ relation: 'stockroom', range: 'samples', ids: ['abc'] }, 'ids'],
      [{ relation: 'stockroom', range: 'packs', ids: [42] }, 'ids'],
      [{ relation: 'friends', range: 'samples', ids: [1] }, 'relation'],
      [{ relation: 'likes', range: 'samples', ids: [1], all: true }, 'all'],
    ];
    for (const [body, field] of bad)
      expectApiError(await items(user, API.userItemRestore, body), 400, 'BAD_REQUEST', field);
    expectApiError(
      await callJson(gw, API.userItemRestore, {
        body: { relation: 'likes', range: 'samples', ids: [1] },
      }),
      401,
      'UNAUTHORIZED',
    );
  });
});
