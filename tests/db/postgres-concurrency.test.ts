import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openStorage, type Storage } from '../../server/db/open-storage.ts';
import type { Repository } from '../../server/db/repository.ts';
import { testPackInsert, testSampleWrite } from '../../server/db/testing/sample-write.ts';
import {
  createTestDatabase,
  startPgCluster,
  type PgCluster,
} from '../../server/db/postgres/testing/pg-cluster.ts';

// The transactions whose correctness depends on locking, raced on a real server: many
// connections at once must leave the same state one request at a time would.
let cluster: PgCluster;
let storage: Storage;
let repo: Repository;
let drop: () => Promise<void>;

beforeAll(async () => {
  cluster = await startPgCluster();
  const database = await createTestDatabase(cluster.url);
  drop = database.drop;
  const dataDir = mkdtempSync(join(tmpdir(), 'yinku-race-'));
  storage = await openStorage({ ...loadConfig({}), dataDir, databaseUrl: database.url });
  rmSync(dataDir, { recursive: true, force: true });
  repo = storage.repo;
  await repo.library.writeBatch({
    brands: [{ name: 'B', nameZh: 'B' }],
    packs: [testPackInsert('p', 'B')],
    samples: [1, 2, 3, 4, 5, 6, 7, 8].map((i) => testSampleWrite(i)),
  });
}, 120_000);

afterAll(async () => {
  await storage?.close();
  await drop?.();
  cluster?.stop();
});

const newUser = async (email: string, quota: number): Promise<number> => {
  const id = (await repo.accounts.createUser({
    email,
    passwordHash: 'x',
    roles: ['ORDINARY'],
    now: 0,
  }))!;
  await storage.oracle.setDownloadQuota(id, quota);
  return id;
};

describe('PostgreSQL transactions under concurrency', () => {
  it('grants no more downloads than the quota when eight authorisations race', async () => {
    const user = await newUser('race@yinku.local', 3);
    const outcomes = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map((id) => repo.downloads.authorize(user, id, 1_000, 60_000)),
    );
    expect(outcomes.filter((o) => o === 'granted')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'quota')).toHaveLength(5);
  });

  it('charges each committed download once when reports race', async () => {
    const user = await newUser('commit@yinku.local', 5);
    await repo.downloads.authorize(user, 1, 1_000, 60_000);
    const reports = await Promise.all(
      [0, 1, 2, 3].map(() => repo.downloads.report(user, 1, true, null, 2_000)),
    );
    expect(reports.filter((r) => r.status === 'committed' && r.charged)).toHaveLength(1);
    expect(await storage.oracle.downloadQuota(user)).toBe(4);
  });

  it('lets one of two racing rotations of a refresh token win and revokes the family', async () => {
    const user = await newUser('rotate@yinku.local', 1);
    await repo.accounts.createRefreshToken({
      userId: user,
      familyId: 'fam',
      tokenHash: 't0',
      now: 0,
      expiresAt: 10_000,
    });
    const results = await Promise.all(
      ['t1', 't2'].map((next) =>
        repo.accounts.rotateRefreshToken({
          tokenHash: 't0',
          nextTokenHash: next,
          now: 1,
          expiresAt: 10_000,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: 'reused' });
    // The winner's successor was revoked with its family.
    const successor = results.some((r) => r.ok) ? ['t1', 't2'] : [];
    const live = await Promise.all(
      successor.map((hash) =>
        repo.accounts.rotateRefreshToken({
          tokenHash: hash,
          nextTokenHash: `${hash}x`,
          now: 2,
          expiresAt: 10_000,
        }),
      ),
    );
    expect(live.every((r) => !r.ok)).toBe(true);
  });

  it('ends a session for good when sign-outs race its refreshes, with versions in commit order', async () => {
    const user = await newUser('signout@yinku.local', 1);
    const start = await repo.accounts.endedSessionsSince(0, -1);
    for (let round = 0; round < 8; round++) {
      const family = `race-${round}`;
      await repo.accounts.createRefreshToken({
        userId: user,
        familyId: family,
        tokenHash: `${family}-0`,
        now: 0,
        expiresAt: 10_000,
      });
      const [rotation] = await Promise.all([
        repo.accounts.rotateRefreshToken({
          tokenHash: `${family}-0`,
          nextTokenHash: `${family}-1`,
          now: 1,
          expiresAt: 10_000,
        }),
        repo.accounts.revokeRefreshFamily(`${family}-0`, 1),
        repo.accounts.revokeRefreshFamily(`${family}-0`, 1),
      ]);
      // Whichever came first, the successor a winning refresh got is refused afterwards.
      if (rotation.ok) {
        const next = await repo.accounts.rotateRefreshToken({
          tokenHash: `${family}-1`,
          nextTokenHash: `${family}-2`,
          now: 2,
          expiresAt: 10_000,
        });
        expect(next).toEqual({ ok: false, reason: 'revoked' });
      }
    }
    const read = await repo.accounts.endedSessionsSince(start.version, -1);
    expect(read.ended.map((end) => end.sessionId).sort()).toEqual(
      Array.from({ length: 8 }, (_, round) => `race-${round}`),
    );
    // Two ends per round, each under its own version.
    expect(read.version).toBe(start.version + 16);
  });

  it('sends one code when two sends for one address race', async () => {
    const sends = await Promise.all(
      [0, 1, 2].map((i) =>
        repo.accounts.issueEmailCode({
          email: 'Code@Yinku.local',
          purpose: 'register',
          codeHash: `h${i}`,
          now: 5_000,
          expiresAt: 60_000,
          minIntervalMs: 60_000,
        }),
      ),
    );
    expect(sends.filter((s) => s.ok)).toHaveLength(1);
  });

  it('spends an invitation code with one use left once when two assessments finish together', async () => {
    await repo.accounts.createInvitationCode('ONE_USE', 1);
    const users = [await newUser('a1@yinku.local', 1), await newUser('a2@yinku.local', 1)];
    for (const [i, user] of users.entries())
      await repo.accounts.startAssessment({
        id: `as${i}`,
        userId: user,
        invitationCode: 'ONE_USE',
        now: 0,
      });
    const finishes = await Promise.all(
      users.map((user, i) =>
        repo.accounts.finishAssessment({
          assessmentId: `as${i}`,
          userId: user,
          answers: {},
          sampleTypes: [],
          now: 1,
        }),
      ),
    );
    expect(finishes.filter((f) => f.ok)).toHaveLength(1);
    expect(await repo.accounts.findInvitationCode('ONE_USE', 1)).toBe(0);
  });

  it('gives a lease to one of several instances claiming it at once', async () => {
    const claims = await Promise.all(
      ['i1', 'i2', 'i3', 'i4'].map((owner) => repo.leases.claim('seed', owner, 100, 10_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Expired, it can be taken by another owner.
    expect(await repo.leases.claim('seed', 'late', 10_000, 20_000)).toBe(true);
  });

  it('gives a new user the next id even after a refused duplicate (no identity spent)', async () => {
    const first = await newUser('ids-1@yinku.local', 1);
    expect(
      await repo.accounts.createUser({
        email: 'IDS-1@yinku.local',
        passwordHash: 'x',
        roles: [],
        now: 0,
      }),
    ).toBeNull();
    expect(await newUser('ids-2@yinku.local', 1)).toBe(first + 1);
  });
});
