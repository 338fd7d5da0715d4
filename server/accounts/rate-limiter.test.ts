import { describe, expect, it } from 'vitest';
import { manualClock, type Clock } from '../clock.ts';
import { openDatabase } from '../db/sqlite/open-database.ts';
import { sqliteLimits } from '../db/sqlite/coordination.ts';
import { createRateLimiter, retryAfterSeconds } from './rate-limiter.ts';

/** Limiters over one real (in-memory) database, as two gateway instances would share it. */
function limitersOn(clock: Clock, limit: number) {
  const store = sqliteLimits(openDatabase(':memory:'));
  return (bucket = 'test') => createRateLimiter({ bucket, limit, windowMs: 1000, clock, store });
}

describe('createRateLimiter', () => {
  it('blocks a key after `limit` events until the oldest leaves the window', async () => {
    const clock = manualClock(0);
    const limiter = limitersOn(clock, 3)();
    for (let i = 0; i < 3; i++) {
      expect(await limiter.blockedFor('a')).toBe(0);
      await limiter.record('a');
      clock.advance(100);
    }
    // Events at 0, 100, 200; now 300: the one at 0 leaves the window at 1000.
    expect(await limiter.blockedFor('a')).toBe(700);
    expect(await limiter.blockedFor('b')).toBe(0);
    clock.advance(699);
    expect(await limiter.blockedFor('a')).toBe(1);
    clock.advance(1);
    expect(await limiter.blockedFor('a')).toBe(0);
  });

  it('forgets a key on reset', async () => {
    const clock = manualClock(0);
    const limiter = limitersOn(clock, 1)();
    await limiter.record('a');
    expect(await limiter.blockedFor('a')).toBe(1000);
    await limiter.reset('a');
    expect(await limiter.blockedFor('a')).toBe(0);
  });

  it('counts events of every limiter on the store together, per bucket', async () => {
    const clock = manualClock(0);
    const on = limitersOn(clock, 2);
    // Two limiters of one bucket stand for the same limiter on two instances.
    const [a, b, other] = [on(), on(), on('other')];
    await a.record('k');
    await b.record('k');
    expect(await a.blockedFor('k')).toBe(1000);
    expect(await b.blockedFor('k')).toBe(1000);
    expect(await other.blockedFor('k')).toBe(0);
    await b.reset('k');
    expect(await a.blockedFor('k')).toBe(0);
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds, at least 1', () => {
    expect(retryAfterSeconds(1)).toBe('1');
    expect(retryAfterSeconds(1000)).toBe('1');
    expect(retryAfterSeconds(1001)).toBe('2');
    expect(retryAfterSeconds(0)).toBe('1');
  });
});
