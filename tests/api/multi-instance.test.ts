// Two gateway processes on one database (docs/DEPLOY.md#several-instances): what lived in one
// process — rate limits, refresh-token families, the download quota, song slots, first-start
// seeding — holds across instances, and a `kill -9` leaves no half-done work. DATABASE_URL
// unset runs it on one shared SQLite file (WAL); set, on that PostgreSQL database.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../src/shared/api/account.types.ts';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import type { Sample } from '../../src/shared/api/catalogue.types.ts';
import type { DownloadReport, DownloadSaveResult } from '../../src/shared/api/download.types.ts';
import type { SongListPage } from '../../src/shared/api/music.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import type { AppContext } from '../../server/context.ts';
import { createUser, login, type TestUser } from '../testing/accounts.ts';
import { callJson, expectApiError, getData, withQuery } from '../testing/catalogue.ts';
import {
  runRefusedGateway,
  sharedStorage,
  spawnGateway,
  type GatewayProcess,
  type SharedStorage,
} from '../testing/gateway-processes.ts';

/** Lease lifetime in the gateways: how long a dead instance's song slot stays blocked. */
const LEASE_MS = 4000;
const SONGS = { YINKU_SONGS_COUNT: '4', YINKU_SONGS_SECONDS: '10' };

let storage: SharedStorage;
let a: GatewayProcess;
let b: GatewayProcess;
let ctx: AppContext;
const spawned: GatewayProcess[] = [];

/** A process gateway as the call helpers take it (they only use `url`). */
const at = (gateway: GatewayProcess) => ({ url: gateway.url, ctx });

const start = async (name: string, env: Record<string, string> = {}) => {
  const gateway = await spawnGateway(name, { ...storage.envFor(name), ...env });
  spawned.push(gateway);
  return gateway;
};

beforeAll(async () => {
  storage = await sharedStorage({ leaseMs: LEASE_MS });
  // Both start on an empty database at once: one seeds, the other waits for it.
  [a, b] = await Promise.all([start('A', SONGS), start('B', SONGS)]);
  ctx = await storage.openContext();
}, 120_000);

afterAll(async () => {
  await Promise.all(spawned.map((gateway) => gateway.stop()));
  await storage?.dispose();
});

/** Signs a fresh user in on `gateway`; answers the user and its token pair. */
async function signedInUser(gateway: GatewayProcess, role?: 'CREATOR') {
  const user = await createUser(at(gateway), role ? { role } : {});
  return { user, pair: await login(at(gateway), user.email, user.password) };
}

const loginAnswer = (gateway: GatewayProcess, user: TestUser, password: string) =>
  callJson<TokenPair>(at(gateway), API.login, {
    body: {
      email: user.email,
      password: createHashHex(password),
      loginType: 'EMAIL',
    },
  });

function createHashHex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

describe('two gateways on one database', () => {
  it('seeds the library once: one instance seeds, the other waits and serves the same rows', async () => {
    const seeders = [a, b].filter((g) => g.messages().some((m) => m.includes('library ready')));
    expect(seeders).toHaveLength(1);
    const { pair } = await signedInUser(a);
    const totals = await Promise.all(
      [a, b].map(
        async (g) =>
          (
            await getData<ListPage<Sample>>(at(g), withQuery(API.audios, { pageSize: 1 }), {
              token: pair.accessToken,
            })
          ).total,
      ),
    );
    expect(totals[0]).toBeGreaterThan(40);
    expect(totals[1]).toBe(totals[0]);
  });

  it('refreshes on B a session signed in on A; replaying the spent token revokes the family on both', async () => {
    const { pair } = await signedInUser(a);
    const next = await getData<TokenPair>(at(b), API.refreshToken, { token: pair.refreshToken });
    expect(next.refreshToken).not.toBe(pair.refreshToken);
    // A token minted by B is good on A (one secret).
    await getData(at(a), API.profile, { token: next.accessToken });
    const replay = await callJson(at(a), API.refreshToken, { token: pair.refreshToken });
    expectApiError(replay, 401, 'UNAUTHORIZED');
    // The whole family is gone: B's fresh token no longer refreshes, on either instance.
    for (const g of [b, a])
      expectApiError(
        await callJson(at(g), API.refreshToken, { token: next.refreshToken }),
        401,
        'UNAUTHORIZED',
      );
  });

  it('refuses on B, within 1 s, the access token of a session signed out on A', async () => {
    const { pair } = await signedInUser(a);
    await getData(at(b), API.profile, { token: pair.accessToken });
    await getData(at(a), API.logout, { token: pair.refreshToken, method: 'POST' });
    // A refuses it from the logout's answer on (its own read), B once its poll reads the end.
    expectApiError(
      await callJson(at(a), API.profile, { token: pair.accessToken }),
      401,
      'UNAUTHORIZED',
    );
    const started = performance.now();
    let answer = await callJson(at(b), API.profile, { token: pair.accessToken });
    while (answer.status === 200 && performance.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      answer = await callJson(at(b), API.profile, { token: pair.accessToken });
    }
    expect(performance.now() - started).toBeLessThan(1000);
    expectApiError(answer, 401, 'UNAUTHORIZED');
  });

  it('counts failed sign-ins once across instances: 20 failures over A and B hit the limit', async () => {
    const user = await createUser(at(a));
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await loginAnswer(i % 2 === 0 ? a : b, user, 'wrong')).status);
    // The account limit is 10 (account-policy.ts): one process each would have allowed 20.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    // Even the right password waits now, on both.
    for (const g of [a, b]) expect((await loginAnswer(g, user, user.password)).status).toBe(429);
  });

  it('grants exactly the quota to 50 concurrent authorisations spread over both', async () => {
    const ids = await sampleIds(25);
    const users = await Promise.all([signedInUser(a), signedInUser(b)]);
    const answers = await Promise.all(
      users.flatMap(({ pair }, u) =>
        ids.map((id, i) =>
          callJson<boolean>(at((i + u) % 2 === 0 ? a : b), API.downloadAuthorize(id), {
            token: pair.accessToken,
          }),
        ),
      ),
    );
    for (const [u, { user }] of users.entries()) {
      const mine = answers.slice(u * ids.length, (u + 1) * ids.length);
      // A new account has 20 downloads (docs/PRODUCT.md §7): 20 granted, 5 refused.
      expect(mine.filter((x) => x.status === 200 && x.body.data === true)).toHaveLength(20);
      for (const refused of mine.filter((x) => x.status !== 200))
        expectApiError(refused, 402, 'QUOTA_EXCEEDED');
      expect((await ctx.repo.accounts.findAccount(user.id))?.downloadQuota).toBe(20);
    }
  });

  it('renders each song once between the two instances', async () => {
    const { pair } = await signedInUser(a, 'CREATOR');
    for (const g of [a, b]) await songsReady(g, pair.accessToken, 4);
    const rendered = [a, b].flatMap((g) => renderedSlots(g));
    expect(rendered.sort()).toEqual([0, 1, 2, 3]);
    const { records } = await ctx.repo.music.listSongs({ page: 1, pageSize: 100 });
    expect(records.map((s) => s.slot).sort()).toEqual([0, 1, 2, 3]);
    // Each instance streams every song, whichever rendered it (one blob directory).
    const song = records[0]!;
    for (const g of [a, b]) {
      const page = await getData<SongListPage>(at(g), API.songs, { token: pair.accessToken });
      const track = page.records.find((t) => t.id === song.id)!;
      const audio = await fetch(`${g.url}${track.streamUrl}`);
      expect(audio.status).toBe(200);
      expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
  }, 90_000);

  it('refuses to start an instance whose token secret differs from a live one', async () => {
    const refused = await runRefusedGateway({
      ...storage.envFor('X'),
      YINKU_TOKEN_SECRET: 'another secret',
    });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('YINKU_TOKEN_SECRET');
    // The live instances are untouched.
    await signedInUser(a);
  }, 40_000);

  it('kill -9 amid download commits and a song render: nothing half-done, the other serves on', async () => {
    // C wants one more song: kill it while it renders that and while commits are in flight.
    const c = await start('C', { YINKU_SONGS_COUNT: '5', YINKU_SONGS_SECONDS: '60' });
    const { user, pair } = await signedInUser(c);
    const ids = await sampleIds(20);
    for (const id of ids)
      await getData(at(c), API.downloadAuthorize(id), { token: pair.accessToken });
    await c.waitFor(/rendering slot 4/);
    const report = (g: GatewayProcess, id: number) =>
      callJson<DownloadSaveResult>(at(g), API.downloadSaveOrRollback, {
        token: pair.accessToken,
        body: {
          resourceId: id,
          audioType: 'Drums',
          audioGroup: 'Kick',
          success: true,
          error: null,
          userFilePath: `/sounds/${id}.wav`,
        } satisfies DownloadReport,
      }).catch(() => null);
    const reports = ids.map((id, i) => report(i % 2 === 0 ? a : c, id));
    await Promise.race(reports);
    await c.killHard();
    const answers = await Promise.all(reports);
    // A reported commit is stored whole: owned, charged once, quota down by one.
    const committed = answers.filter((x) => x?.status === 200).length;
    const owned = await ctx.repo.downloads.acquisitions(user.id);
    const quota = (await ctx.repo.accounts.findAccount(user.id))?.downloadQuota;
    expect(owned.length).toBeGreaterThanOrEqual(committed);
    expect(quota).toBe(20 - owned.length);
    // A serves on: every report C never answered is committed there, each charged once.
    const lost = ids.filter((_, i) => answers[i]?.status !== 200);
    for (const id of lost) {
      const again = await report(a, id);
      expect(again?.status).toBe(200);
    }
    expect((await ctx.repo.downloads.acquisitions(user.id)).length).toBe(20);
    expect((await ctx.repo.accounts.findAccount(user.id))?.downloadQuota).toBe(0);
    // The song C was rendering is taken over once its lease expires (here by its replacement).
    const d = await start('D', { YINKU_SONGS_COUNT: '5', YINKU_SONGS_SECONDS: '60' });
    const { pair: creator } = await signedInUser(a, 'CREATOR');
    await songsReady(d, creator.accessToken, 5, 90_000);
    const { records } = await ctx.repo.music.listSongs({ page: 1, pageSize: 100 });
    expect(records.map((s) => s.slot).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(renderedSlots(d)).toEqual([4]);
    await getData(at(a), API.songs, { token: creator.accessToken });
  }, 180_000);
});

/** The first `count` sample ids of the shared library. */
async function sampleIds(count: number): Promise<number[]> {
  const { pair } = await signedInUser(a);
  const page = await getData<ListPage<Sample>>(at(a), withQuery(API.audios, { pageSize: count }), {
    token: pair.accessToken,
  });
  expect(page.records.length).toBe(count);
  return page.records.map((s) => s.id);
}

/** The slots whose rendering `gateway` started (it logs each one). */
function renderedSlots(gateway: GatewayProcess): number[] {
  return gateway
    .messages()
    .flatMap((m) => /\[songs\] rendering slot (\d+)/.exec(m)?.[1] ?? [])
    .map(Number);
}

/** Waits until `gateway` reports a ready catalogue of `total` songs. */
async function songsReady(
  gateway: GatewayProcess,
  token: string,
  total: number,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await callJson<SongListPage>(at(gateway), API.songs, { token });
    // A failure names the gateway's own error records, which live in the child's output.
    if (answer.status !== 200)
      throw new Error(
        `${gateway.name}: songs ${answer.status}:\n${gateway.lines.filter((l) => l.includes('"level":50')).join('\n')}`,
      );
    const page = answer.body.data;
    if (page.status.ready && page.status.generated === total) return;
    if (Date.now() > deadline)
      throw new Error(`${gateway.name}: songs not ready: ${JSON.stringify(page.status)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
