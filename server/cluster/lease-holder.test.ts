import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../clock.ts';
import { openDatabase } from '../db/sqlite/open-database.ts';
import { sqliteLeases } from '../db/sqlite/coordination.ts';
import { tryHoldLease } from './lease-holder.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('tryHoldLease', () => {
  it('gives a lease to one owner at a time, and to the next once released', async () => {
    const clock = manualClock(0);
    const leases = sqliteLeases(openDatabase(':memory:'));
    const first = await tryHoldLease(leases, 'job', 'a', clock, 3000);
    expect(first).not.toBeNull();
    expect(await tryHoldLease(leases, 'job', 'b', clock, 3000)).toBeNull();
    // Another name is another lease.
    expect(await tryHoldLease(leases, 'other', 'b', clock, 3000)).not.toBeNull();
    await first!.release();
    expect(await tryHoldLease(leases, 'job', 'b', clock, 3000)).not.toBeNull();
  });

  it('keeps a lease alive by renewing it, and lets it expire when its holder stops', async () => {
    vi.useFakeTimers();
    const clock = manualClock(0);
    const leases = sqliteLeases(openDatabase(':memory:'));
    const held = await tryHoldLease(leases, 'job', 'a', clock, 3000);
    // Ten lifetimes pass, the holder renewing every 1 s: nobody else may take it.
    for (let i = 0; i < 30; i++) {
      clock.advance(1000);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(await leases.claim('job', 'b', clock.now(), clock.now() + 3000)).toBe(false);
    expect(held!.lost).toBe(false);
    // A holder that dies renews no more (here: the renewal timer stops): the lease expires.
    vi.clearAllTimers();
    clock.advance(3000);
    expect(await leases.claim('job', 'b', clock.now(), clock.now() + 3000)).toBe(true);
  });

  it('marks a lease lost when a renewal finds it taken', async () => {
    vi.useFakeTimers();
    const clock = manualClock(0);
    const leases = sqliteLeases(openDatabase(':memory:'));
    const held = await tryHoldLease(leases, 'job', 'a', clock, 3000);
    // The holder stalled past its lease (timers did not run) and another took it over.
    clock.advance(3000);
    expect(await leases.claim('job', 'b', clock.now(), clock.now() + 3000)).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(held!.lost).toBe(true);
    // Releasing a lost lease leaves the new holder's lease alone.
    await held!.release();
    expect(await leases.claim('job', 'c', clock.now(), clock.now() + 3000)).toBe(false);
  });
});
