/**
 * The batch authorise call (docs/api/downloads.md "POST /api/v2/download/authorize"): a pack or a
 * selection is granted whole or not at all, owned samples cost nothing, a dry run only quotes,
 * and batches racing for the last downloads never overdraw.
 */
import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import type { DownloadBatchAuthorization } from '../../src/shared/api/download.types.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import { createUser, type TestUser } from '../testing/accounts.ts';
import { callJson, expectApiError, fetchAndSave } from '../testing/catalogue.ts';
import { quotaOf, sampleIdsWhere, setQuota } from '../testing/oracle.ts';

let gw: TestGateway;
let ids: number[];

gatewayPerFile({ size: 'tiny' }, async (started) => {
  gw = started;
  ids = (await sampleIdsWhere(gw)).slice(0, 10);
});

const batch = (user: TestUser, body: unknown, language?: 'zh' | 'en') =>
  callJson<DownloadBatchAuthorization>(gw, API.downloadAuthorizeBatch, {
    token: user.accessToken,
    body,
    language,
  });

/** Distinct samples with a pending grant of the user. */
const pendingGrants = async (user: TestUser) => {
  const grants = await gw.oracle.downloadGrants(user.id);
  return new Set(grants.filter((g) => g.status === 'pending').map((g) => g.sampleId)).size;
};

/** Fetches and commits one granted sample, as the client does after the batch grant. */
async function commit(user: TestUser, id: number): Promise<void> {
  await fetchAndSave(gw, id, user.accessToken, `/x/${id}.wav`);
}

describe('batch authorise', () => {
  it('grants every item when the balance covers them, charging only on commit', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 5);
    const answer = await batch(user, { ids: ids.slice(0, 3) });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      granted: true,
      charged: ids.slice(0, 3),
      owned: [],
      cost: 3,
      downloadQuota: 5,
      available: 5,
    });
    expect(await pendingGrants(user)).toBe(3);
    expect(await quotaOf(gw, user.id)).toBe(5);
    for (const id of ids.slice(0, 3)) await commit(user, id);
    expect(await quotaOf(gw, user.id)).toBe(2);
  });

  it('refuses a batch larger than the balance and grants none of it', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 4);
    const answer = await batch(user, { ids: ids.slice(0, 6) }, 'en');
    expectApiError(answer, 402, 'QUOTA_EXCEEDED');
    expect(answer.body.msg).toContain('needs 6 downloads and 4 are left');
    expect(await pendingGrants(user)).toBe(0);
    // Nothing was reserved: the single-item call still has the whole balance.
    const single = await callJson<boolean>(gw, API.downloadAuthorize(ids[0]!), {
      token: user.accessToken,
    });
    expect(single.body.data).toBe(true);
    expect(await quotaOf(gw, user.id)).toBe(4);
  });

  it('counts owned samples as free and repeats once', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 2);
    await batch(user, { ids: [ids[0]!] });
    await commit(user, ids[0]!);
    expect(await quotaOf(gw, user.id)).toBe(1);
    const answer = await batch(user, { ids: [ids[0]!, ids[1]!, ids[1]!] });
    expect(answer.body.data).toMatchObject({
      granted: true,
      charged: [ids[1]],
      owned: [ids[0]],
      cost: 1,
      available: 1,
    });
  });

  it('quotes without granting on a dry run, even when the balance is short', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 2);
    const answer = await batch(user, { ids: ids.slice(0, 5), dryRun: true });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      granted: false,
      cost: 5,
      downloadQuota: 2,
      available: 2,
    });
    expect(await pendingGrants(user)).toBe(0);
  });

  it('keeps grants pending outside the batch reserved', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 3);
    await callJson(gw, API.downloadAuthorize(ids[9]!), { token: user.accessToken });
    const short = await batch(user, { ids: ids.slice(0, 3) });
    expectApiError(short, 402, 'QUOTA_EXCEEDED');
    // Re-authorising a batch that holds its own pending grant reuses it instead of counting twice.
    const fits = await batch(user, { ids: [ids[9]!, ids[0]!, ids[1]!] });
    expect(fits.body.data).toMatchObject({ granted: true, cost: 3, available: 3 });
    expect(await pendingGrants(user)).toBe(3);
  });

  it('costs nothing on an unlimited plan', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, null);
    const answer = await batch(user, { ids: ids.slice(0, 8) });
    expect(answer.body.data).toMatchObject({
      granted: true,
      cost: 0,
      downloadQuota: null,
      available: null,
    });
  });

  it('lets exactly one of two batches racing for the last downloads through', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 4);
    const answers = await Promise.all([
      batch(user, { ids: ids.slice(0, 3) }),
      batch(user, { ids: ids.slice(3, 6) }),
      batch(user, { ids: ids.slice(6, 9) }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 402, 402]);
    expect(await pendingGrants(user)).toBe(3);
  });

  it('names unknown samples and grants nothing', async () => {
    const user = await createUser(gw);
    await setQuota(gw, user.id, 10);
    const answer = await batch(user, { ids: [ids[0]!, 2_000_000_000] }, 'en');
    expectApiError(answer, 404, 'NOT_FOUND');
    expect(answer.body.msg).toContain('2000000000');
    expect(await pendingGrants(user)).toBe(0);
  });

  it('rejects malformed bodies with a 400 naming the field, and visitors with a 401', async () => {
    const user = await createUser(gw);
    for (const body of [{}, { ids: [] }, { ids: ['1'] }, { ids: [1], extra: true }]) {
      const answer = await batch(user, body);
      expect(answer.status).toBe(400);
    }
    const tooMany = await batch(user, { ids: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
    const visitor = await callJson(gw, API.downloadAuthorizeBatch, { body: { ids: [ids[0]] } });
    expectApiError(visitor, 401, 'UNAUTHORIZED');
  });
});
