import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../src/shared/constants.ts';
import { manualClock } from '../clock.ts';
import { openDatabase } from '../db/sqlite/open-database.ts';
import { createSqliteRepository } from '../db/open-storage.ts';
import { createSessionGuard } from './session-guard.ts';

/** One in-memory database with a user signed in `sessions` times, and a clock. */
async function signedIn(sessions: number) {
  const repo = createSqliteRepository(openDatabase(':memory:'));
  const clock = manualClock(10 * DEFAULTS.tokenLifetimeMs);
  const now = clock.now();
  const userId = (await repo.accounts.createUser({
    email: 'guard@yinku.local',
    passwordHash: 'x',
    roles: ['ORDINARY'],
    now,
  }))!;
  const ids = Array.from({ length: sessions }, (_, i) => `session-${i}`);
  for (const id of ids)
    await repo.accounts.createRefreshToken({
      userId,
      familyId: id,
      tokenHash: `hash-${id}`,
      now,
      expiresAt: now + DEFAULTS.tokenLifetimeMs * 100,
    });
  return { repo, clock, userId, ids };
}

describe('createSessionGuard', () => {
  it('knows the ends written before it started and those a sync reads, in any instance', async () => {
    const { repo, clock, ids } = await signedIn(3);
    await repo.accounts.revokeRefreshFamily('hash-session-0', clock.now());
    // Two guards over one database: two gateway instances.
    const [a, b] = [0, 1].map(() => createSessionGuard({ accounts: repo.accounts, clock }));
    await a!.start(() => {});
    await b!.start(() => {});
    expect(a!.isEnded(ids[0]!)).toBe(true);
    expect(a!.isEnded(ids[1]!)).toBe(false);
    await repo.accounts.revokeRefreshFamily('hash-session-1', clock.now());
    await a!.sync();
    expect(a!.isEnded(ids[1]!)).toBe(true);
    // B learns it by its own poll (every 250 ms).
    const started = Date.now();
    while (!b!.isEnded(ids[1]!)) {
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(b!.isEnded(ids[2]!)).toBe(false);
    a!.stop();
    b!.stop();
  });

  it('ends every session of a user on a password change, and reads nothing new when the version stands', async () => {
    const { repo, clock, userId, ids } = await signedIn(3);
    const guard = createSessionGuard({ accounts: repo.accounts, clock });
    await guard.start(() => {});
    const before = await repo.accounts.endedSessionsSince(0, 0);
    await repo.accounts.updatePassword(userId, 'y', clock.now());
    await guard.sync();
    for (const id of ids) expect(guard.isEnded(id)).toBe(true);
    const after = await repo.accounts.endedSessionsSince(before.version, 0);
    expect(after.version).toBe(before.version + 1);
    expect(after.ended.map((end) => end.sessionId).sort()).toEqual(ids);
    expect(await repo.accounts.endedSessionsSince(after.version, 0)).toEqual({
      version: after.version,
      ended: [],
    });
    guard.stop();
  });

  it('forgets an end once every token of the session has run out', async () => {
    const { repo, clock, ids } = await signedIn(2);
    await repo.accounts.revokeRefreshFamily('hash-session-0', clock.now());
    const held = createSessionGuard({ accounts: repo.accounts, clock });
    await held.start(() => {});
    expect(held.isEnded(ids[0]!)).toBe(true);
    clock.advance(DEFAULTS.tokenLifetimeMs + 61_000);
    await repo.accounts.revokeRefreshFamily('hash-session-1', clock.now());
    await held.sync();
    expect([held.isEnded(ids[0]!), held.isEnded(ids[1]!)]).toEqual([false, true]);
    held.stop();
    // A guard started now does not load the end of over 2 h ago; one that held it drops it.
    const late = createSessionGuard({ accounts: repo.accounts, clock });
    await late.start(() => {});
    expect([late.isEnded(ids[0]!), late.isEnded(ids[1]!)]).toEqual([false, true]);
    late.stop();
  });

  it('keeps the ends it read when a read fails, and reports the failure', async () => {
    const { repo, clock, ids } = await signedIn(1);
    await repo.accounts.revokeRefreshFamily('hash-session-0', clock.now());
    let failing = false;
    const accounts = {
      endedSessionsSince: (version: number, after: number) =>
        failing
          ? Promise.reject(new Error('database gone'))
          : repo.accounts.endedSessionsSince(version, after),
    };
    const errors: unknown[] = [];
    const guard = createSessionGuard({ accounts, clock, pollMs: 10 });
    await guard.start((error) => errors.push(error));
    failing = true;
    await expect(guard.sync()).rejects.toThrow('database gone');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors.length).toBeGreaterThan(0);
    expect(guard.isEnded(ids[0]!)).toBe(true);
    guard.stop();
  });
});
