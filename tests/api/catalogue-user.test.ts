import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import type { CategoryNode, Pack, Sample } from '../../src/shared/api/catalogue.types.ts';
import type { UserItemRemoveResult } from '../../src/shared/api/download.types.ts';
import { issueAccessToken } from '../../server/accounts/access-token.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import { createUser, type TestUser } from '../testing/accounts.ts';
import {
  callJson,
  downloadReport,
  expectApiError,
  getData,
  withQuery,
} from '../testing/catalogue.ts';
import { samplesWhere, setQuota } from '../testing/oracle.ts';

let gw: TestGateway;
let user: TestUser;
/** Two samples of one pack and one of another, all acquired; two liked. */
let owned: { id: number; pack: string; category: string; primary: string; secondary: string }[];

gatewayPerFile({ size: 'tiny' }, async (started) => {
  gw = started;
  user = await createUser(gw);
  await setQuota(gw, user.id, null);
  // Two samples of a pack that has at least three, and the last sample of another category.
  const all = await samplesWhere(gw);
  const inPack = (code: string) => all.filter((s) => s.packCode === code);
  const pack = [...new Set(all.map((s) => s.packCode))]
    .sort()
    .find((code) => inPack(code).length >= 3)!;
  const rows = inPack(pack).slice(0, 2);
  const other = all.filter((s) => s.category !== rows[0]!.category).at(-1)!;
  owned = [...rows, other].map((row) => ({
    id: row.id,
    pack: row.packCode,
    category: row.category,
    primary: row.primaryName,
    secondary: row.secondaryName,
  }));
  const token = { token: user.accessToken };
  for (const { id } of owned) {
    await getData(gw, API.downloadAuthorize(id), token);
    await getData(gw, API.downloadSaveOrRollback, {
      ...token,
      body: downloadReport(id, true, `/s/${id}.wav`),
    });
  }
  for (const { id } of owned.slice(1)) await getData(gw, API.downloadLike(id), token);
  await getData(gw, `${API.downloadLike('pack')}/${owned[0]!.pack}`, token);
});

const userList = <T>(query: Record<string, string | number>, who: TestUser = user) =>
  getData<ListPage<T>>(gw, withQuery(API.userAudios, query), { token: who.accessToken });
const userTree = (query: Record<string, string>, who: TestUser = user) =>
  getData<CategoryNode[]>(gw, withQuery(API.userInstrumentsStyle, query), {
    token: who.accessToken,
  });
const sortedIds = (records: Sample[]) => records.map((s) => s.id).sort((a, b) => a - b);

describe('GET tt-audios/user', () => {
  it('lists the warehouse and the liked samples with their flags', async () => {
    const stock = await userList<Sample>({ relation: 'stockroom' });
    expect(sortedIds(stock.records)).toEqual(owned.map((o) => o.id).sort((a, b) => a - b));
    expect(stock.records.every((s) => s.download && s.userFilePath === `/s/${s.id}.wav`)).toBe(
      true,
    );
    const liked = await userList<Sample>({ relation: 'likes' });
    expect(sortedIds(liked.records)).toEqual(
      owned
        .slice(1)
        .map((o) => o.id)
        .sort((a, b) => a - b),
    );
    expect(liked.records.every((s) => s.likes && s.download)).toBe(true);
  });

  it('applies the list filters and sorts inside the user list', async () => {
    const first = owned[0]!;
    const filtered = await userList<Sample>({ relation: 'stockroom', category: first.category });
    expect(filtered.records.every((s) => s.category === first.category)).toBe(true);
    expect(filtered.total).toBe(owned.filter((o) => o.category === first.category).length);
    const byName = await userList<Sample>({ relation: 'stockroom', sort: 'NAME' });
    const names = byName.records.map((s) => s.audioName);
    expect(names).toEqual([...names].sort());
  });

  it('lists packs by range or by the kind alias of docs/api/catalogue.md', async () => {
    const byKind = await userList<Pack>({ relation: 'stockroom', kind: 'packs' });
    const byRange = await userList<Pack>({ relation: 'stockroom', range: 'packs' });
    expect(byKind).toEqual(byRange);
    expect(byKind.records.map((p) => p.packCode).sort()).toEqual(
      [...new Set(owned.map((o) => o.pack))].sort(),
    );
    // Owning 2 samples of a bigger pack does not make the whole pack downloaded.
    expect(byKind.records.find((p) => p.packCode === owned[0]!.pack)?.download).toBe(false);
    const likedPacks = await userList<Pack>({ relation: 'likes', kind: 'packs' });
    expect(likedPacks.records.map((p) => p.packCode)).toEqual([owned[0]!.pack]);
    const loops = await userList<Sample>({ relation: 'stockroom', kind: 'loop' });
    expect(loops.records.every((s) => s.audioData.kind === 'loop')).toBe(true);
  });

  it('is empty for someone else', async () => {
    const stranger = await createUser(gw);
    expect(await userList<Sample>({ relation: 'stockroom' }, stranger)).toMatchObject({
      total: 0,
      records: [],
    });
  });

  it('rejects bad queries naming the field', async () => {
    const bad: [Record<string, string>, string][] = [
      [{}, 'relation'],
      [{ relation: 'friends' }, 'relation'],
      [{ relation: 'likes', kind: 'albums' }, 'kind'],
      [{ relation: 'likes', kind: 'packs', range: 'samples' }, 'kind'],
      [{ relation: 'likes', userId: '2' }, 'userId'],
    ];
    for (const [query, field] of bad) {
      const answer = await callJson(gw, withQuery(API.userAudios, query), {
        token: user.accessToken,
      });
      expectApiError(answer, 400, 'BAD_REQUEST', field);
    }
  });

  it('needs a valid token', async () => {
    const path = withQuery(API.userAudios, { relation: 'likes' });
    const none = await callJson(gw, path);
    expectApiError(none, 401, 'UNAUTHORIZED');
    expect(none.body.msg).toBe('未登录');
    expectApiError(await callJson(gw, path, { token: 'nope' }), 401, 'UNAUTHORIZED');
    const badQuery = await callJson(gw, withQuery(API.userAudios, { relation: 'friends' }));
    expectApiError(badQuery, 401, 'UNAUTHORIZED');
    const expired = issueAccessToken(gw.ctx.tokenSecret, user.id, Date.now() - 3 * 3600_000);
    expectApiError(await callJson(gw, path, { token: expired }), 401, 'TOKEN_EXPIRED');
  });
});

describe('GET tt-instruments-style/user', () => {
  it('counts the user’s samples per category, primary and secondary name', async () => {
    const tree = await userTree({ relation: 'stockroom' });
    expect(tree.reduce((n, node) => n + node.count, 0)).toBe(owned.length);
    for (const o of owned) {
      const secondary = tree
        .find((node) => node.category === o.category)
        ?.children.find((p) => p.name === o.primary)
        ?.children.find((s) => s.name === o.secondary);
      expect(secondary?.count).toBe(
        owned.filter(
          (x) =>
            x.category === o.category && x.secondary === o.secondary && x.primary === o.primary,
        ).length,
      );
    }
    const liked = await userTree({ relation: 'likes' });
    expect(liked.reduce((n, node) => n + node.count, 0)).toBe(2);
  });

  it('counts distinct packs for kind=packs', async () => {
    const tree = await userTree({ relation: 'likes', kind: 'packs' });
    expect(tree).toHaveLength(1);
    expect(tree[0]!.count).toBe(1);
    expect(tree[0]!.children.every((p) => p.count === 1)).toBe(true);
  });

  it('rejects bad queries and needs a token', async () => {
    for (const [query, field] of [
      [{}, 'relation'],
      [{ relation: 'likes', kind: 'loop' }, 'kind'],
      [{ relation: 'likes', range: 'packs', kind: 'samples' }, 'kind'],
      [{ relation: 'likes', sort: 'NAME' }, 'sort'],
    ] as const) {
      const answer = await callJson(gw, withQuery(API.userInstrumentsStyle, query), {
        token: user.accessToken,
      });
      expectApiError(answer, 400, 'BAD_REQUEST', field);
    }
    const none = await callJson(gw, withQuery(API.userInstrumentsStyle, { relation: 'likes' }));
    expectApiError(none, 401, 'UNAUTHORIZED');
  });
});

describe('POST tt-audios/user/remove', () => {
  const remove = (body: unknown, who: TestUser) =>
    callJson<UserItemRemoveResult>(gw, API.userItemRemove, { token: who.accessToken, body });

  it('removes samples and packs from the warehouse and the likes', async () => {
    const who = await createUser(gw);
    await setQuota(gw, who.id, null);
    const token = { token: who.accessToken };
    const [a, b] = owned;
    for (const id of [a!.id, b!.id]) {
      await getData(gw, API.downloadAuthorize(id), token);
      await getData(gw, API.downloadSaveOrRollback, {
        ...token,
        body: downloadReport(id, true, null),
      });
      await getData(gw, API.downloadLike(id), token);
    }
    await getData(gw, `${API.downloadLike('pack')}/${a!.pack}`, token);

    const likes = await remove({ relation: 'likes', range: 'samples', ids: [a!.id] }, who);
    expect(likes.body.data).toEqual({ removed: 1 });
    expect((await userList<Sample>({ relation: 'likes' }, who)).records.map((s) => s.id)).toEqual([
      b!.id,
    ]);
    const pack = await remove({ relation: 'likes', range: 'packs', ids: [a!.pack] }, who);
    expect(pack.body.data).toEqual({ removed: 1 });
    const stock = await remove({ relation: 'stockroom', range: 'packs', ids: [a!.pack] }, who);
    expect(stock.body.data.removed).toBe(owned.filter((o) => o.pack === a!.pack).length);
    expect((await userList<Sample>({ relation: 'stockroom' }, who)).total).toBe(0);
    const again = await remove({ relation: 'stockroom', range: 'samples', ids: [a!.id] }, who);
    expect(again.body.data).toEqual({ removed: 0 });
  });

  it('validates the body and removes nothing on bad input', async () => {
    const bad: [unknown, string][] = [
      [{ relation: 'stockroom', range: 'samples' }, 'ids'],
      [{ relation: 'stockroom', range: 'samples', ids: [] }, 'ids'],
      [{ relation: 'stockroom', range: 'samples', ids: ['abc'] }, 'ids'],
      [{ relation: 'stockroom', range: 'samples', ids: [1.5] }, 'ids.0'],
      [{ relation: 'stockroom', range: 'packs', ids: [42] }, 'ids'],
      [{ relation: 'stockroom', range: 'packs', ids: ["'; DROP TABLE packs; --"] }, 'ids'],
      [{ relation: 'friends', range: 'samples', ids: [1] }, 'relation'],
      [{ relation: 'likes', range: 'samples', ids: [1], all: true }, 'all'],
    ];
    for (const [body, field] of bad)
      expectApiError(await remove(body, user), 400, 'BAD_REQUEST', field);
    expect((await userList<Sample>({ relation: 'stockroom' })).total).toBe(owned.length);
    expectApiError(
      await callJson(gw, API.userItemRemove, {
        body: { relation: 'likes', range: 'samples', ids: [1] },
      }),
      401,
      'UNAUTHORIZED',
    );
  });
});
