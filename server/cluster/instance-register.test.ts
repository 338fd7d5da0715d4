import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { openDatabase } from '../db/sqlite/open-database.ts';
import { createSqliteRepository } from '../db/open-storage.ts';
import { joinInstances, secretFingerprint } from './instance-register.ts';

/** Two "instances" sharing one database and clock, each with its own token secret. */
function instancesOn() {
  const repo = createSqliteRepository(openDatabase(':memory:'));
  const clock = manualClock(1_000_000);
  const ctx = (secret: string) => ({ repo, clock, tokenSecret: Buffer.from(secret) });
  return { repo, clock, ctx };
}

describe('joinInstances', () => {
  it('admits instances with the same secret and refuses one with another', async () => {
    const { ctx } = instancesOn();
    const first = await joinInstances(ctx('same'));
    const second = await joinInstances(ctx('same'));
    expect(second.id).not.toBe(first.id);
    await expect(joinInstances(ctx('different'))).rejects.toThrow(/YINKU_TOKEN_SECRET/);
    await first.leave();
    await second.leave();
  });

  it('ignores instances that left or stopped beating, so a restart may change the secret', async () => {
    const { ctx, clock } = instancesOn();
    const left = await joinInstances(ctx('old'));
    await left.leave();
    const replaced = await joinInstances(ctx('new'));
    await replaced.leave();
    // One killed outright never leaves; after three missed beats (30 s) it no longer counts.
    const killed = await joinInstances(ctx('old'), 10_000);
    clock.advance(29_000);
    await expect(joinInstances(ctx('new'), 10_000)).rejects.toThrow(/different secret/);
    clock.advance(2_000);
    const next = await joinInstances(ctx('new'), 10_000);
    await next.leave();
    await killed.leave();
  });

  it('compares fingerprints, never the secrets', async () => {
    const { ctx, repo } = instancesOn();
    const joined = await joinInstances(ctx('top secret'));
    const others = await repo.instances.heartbeat(
      { id: 'probe', secretFingerprint: 'x', seenAt: 1_000_000 },
      0,
    );
    expect(others.map((o) => o.secretFingerprint)).toEqual([
      secretFingerprint(Buffer.from('top secret')),
    ]);
    expect(others[0]!.secretFingerprint).not.toContain('top secret');
    await joined.leave();
  });
});
