import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import type { InsightReport } from '../../src/shared/api/insight.types.ts';
import type { SearchListPage as ListPage, Sample } from '../../src/shared/api/catalogue.types.ts';
import { PLAY_HEADERS } from '../../src/shared/audio/protocol.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import { createUser, type TestUser } from '../testing/accounts.ts';
import {
  callJson,
  expectApiError,
  getData,
  registerDeviceKey,
  request,
  withQuery,
} from '../testing/catalogue.ts';
import { firstSample } from '../testing/oracle.ts';
import type { StoredSample } from '../../server/db/oracle.repository.ts';

// Insight over HTTP (docs/api/admin.md "Insight"): events made through the real play, audition,
// download and search routes come back in GET admin/insight, on both engines.

let gw: TestGateway;
let admin: TestUser;
let user: TestUser;
let sample: StoredSample & { id: number };

gatewayPerFile({ size: 'tiny' }, async (started) => {
  gw = started;
  admin = await createUser(gw, { role: 'ADMIN' });
  user = await createUser(gw);
  sample = await firstSample(gw, (s) => s.auditionCode !== null);
});

const insight = (query = '', token = admin.accessToken) =>
  callJson<InsightReport>(gw, `${API.adminInsight}${query}`, { token, language: 'en' });

describe('GET admin/insight', () => {
  it('counts plays, auditions, downloads and searches made through the real routes', async () => {
    const device = await registerDeviceKey(gw, user.accessToken);
    const play = await request(gw, API.play(sample.id), {
      token: user.accessToken,
      headers: { [PLAY_HEADERS.clientKeyId]: device.keyId },
    });
    expect(play.status).toBe(200);
    await play.arrayBuffer();
    const audition = API.audition(sample.auditionCode!);
    await (await request(gw, audition)).arrayBuffer();
    // A later range is the same play seeking: not counted again.
    const range = await request(gw, audition, { headers: { range: 'bytes=100-' } });
    expect(range.status).toBe(206);
    await range.arrayBuffer();

    const token = user.accessToken;
    await getData(gw, API.downloadAuthorize(sample.id), { token });
    await getData(gw, API.downloadAuthorizeBatch, {
      token,
      body: { ids: [sample.id], dryRun: true },
    });

    const word = sample.nameEn.split(/\s+/)[0]!;
    const found = await getData<ListPage<Sample>>(
      gw,
      withQuery(API.search, { keyword: `  ${word.toUpperCase()}  ` }),
    );
    expect(found.total).toBeGreaterThan(0);
    await getData(gw, withQuery(API.search, { keyword: word, page: 2 })); // paging: not a search
    await getData(gw, withQuery(API.audios, { keyword: word.toLowerCase() }));
    const nothing = await getData<ListPage<Sample>>(
      gw,
      withQuery(API.search, { keyword: 'Qzxv Wombat' }),
    );
    expect(nothing.total).toBe(0);

    const answer = await insight('?days=7');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body.data;
    expect(report.days).toBe(7);
    expect(report.perDay).toHaveLength(7);
    expect(report.perDay.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      plays: 2,
      downloads: 1,
    });
    expect(report.perDay.slice(0, -1).every((d) => d.plays === 0 && d.downloads === 0)).toBe(true);
    expect(report.searches).toEqual(
      expect.arrayContaining([
        { keyword: word.toLowerCase(), count: 2 },
        { keyword: 'qzxv wombat', count: 1 },
      ]),
    );
    expect(report.zeroResults).toEqual([{ keyword: 'qzxv wombat', count: 1 }]);
    expect(report.packs).toHaveLength(1);
    expect(report.packs[0]).toMatchObject({ packCode: sample.packCode, plays: 2, downloads: 1 });
  });

  it('is a 400 for a bad `days` and a 403 for ORDINARY', async () => {
    for (const days of ['0', '401', 'abc', '1.5'])
      expectApiError(await insight(`?days=${days}`), 400, 'BAD_REQUEST', 'days');
    expectApiError(await insight('?since=1'), 400, 'BAD_REQUEST', 'since');
    expectApiError(await insight('', user.accessToken), 403, 'FORBIDDEN');
    expect((await insight()).body.data.perDay).toHaveLength(30);
  });

  it('adds batches from several instances to the same rows, and prunes old days', async () => {
    // Two gateways sharing the database each flush their own counts of the same key.
    const { insight: store } = gw.ctx.repo;
    const today = Math.floor(Date.now() / 86_400_000);
    const batch = [{ day: today, kind: 'search0' as const, key: 'two gateways', count: 2 }];
    await Promise.all([store.add(batch), store.add(batch)]);
    await store.add([{ day: today - 500, kind: 'search', key: 'long ago', count: 1 }]);
    expect(await store.topKeys('search0', today, 50)).toContainEqual({
      key: 'two gateways',
      count: 4,
    });
    expect(await store.prune(today - 399)).toBe(1);
    expect(await store.topKeys('search', today - 600, 50)).not.toContainEqual(
      expect.objectContaining({ key: 'long ago' }),
    );
  });
});
