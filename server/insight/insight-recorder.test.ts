import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { DAY_MS, createInsightRecorder, type InsightRecorder } from './insight-recorder.ts';
import type { InsightCount, InsightRepository } from './insight.repository.ts';

/** A store that keeps each batch it is given, failing the next `failures` adds. */
function memoryStore() {
  const batches: InsightCount[][] = [];
  const prunes: number[] = [];
  const store = {
    failures: 0,
    batches,
    prunes,
    async add(counts: readonly InsightCount[]) {
      if (store.failures > 0) {
        store.failures--;
        throw new Error('database away');
      }
      batches.push([...counts]);
    },
    async prune(beforeDay: number) {
      prunes.push(beforeDay);
      return 0;
    },
    perDay: async () => [],
    topKeys: async () => [],
    topPacks: async () => [],
  };
  return store satisfies InsightRepository;
}

let recorder: InsightRecorder | undefined;
afterEach(async () => {
  await recorder?.close();
  recorder = undefined;
});

describe('createInsightRecorder', () => {
  it('sums events per (day, kind, key) and writes them as one sorted batch', async () => {
    const clock = manualClock(10 * DAY_MS + 5);
    const store = memoryStore();
    recorder = createInsightRecorder({ store, clock, flushMs: 60_000 });
    recorder.count('search', 'kick');
    recorder.count('play', '7');
    recorder.count('search', 'kick');
    recorder.count('download', '7', 3);
    clock.advance(DAY_MS);
    recorder.count('play', '7');
    expect(store.batches).toEqual([]);
    await recorder.flush();
    expect(store.batches).toEqual([
      [
        { day: 10, kind: 'download', key: '7', count: 3 },
        { day: 10, kind: 'play', key: '7', count: 1 },
        { day: 10, kind: 'search', key: 'kick', count: 2 },
        { day: 11, kind: 'play', key: '7', count: 1 },
      ],
    ]);
    await recorder.flush();
    expect(store.batches).toHaveLength(1);
  });

  it('keeps a failed batch and adds it to the next one', async () => {
    const store = memoryStore();
    let errors = 0;
    recorder = createInsightRecorder({
      store,
      clock: manualClock(0),
      flushMs: 60_000,
      onError: () => errors++,
    });
    recorder.count('play', '1', 2);
    store.failures = 1;
    await recorder.flush();
    expect(errors).toBe(1);
    recorder.count('play', '1');
    await recorder.flush();
    expect(store.batches).toEqual([[{ day: 0, kind: 'play', key: '1', count: 3 }]]);
  });

  it('flushes on its timer and on close', async () => {
    const store = memoryStore();
    recorder = createInsightRecorder({ store, clock: manualClock(0), flushMs: 20 });
    recorder.count('search0', 'wombat');
    await expect.poll(() => store.batches.length, { timeout: 2000 }).toBe(1);
    recorder.count('search0', 'wombat');
    await recorder.close();
    recorder = undefined;
    expect(store.batches.flat().map((c) => c.count)).toEqual([1, 1]);
  });

  it('prunes days past retention once a day, and drops new keys past its cap', async () => {
    const clock = manualClock(500 * DAY_MS);
    const store = memoryStore();
    recorder = createInsightRecorder({
      store,
      clock,
      flushMs: 60_000,
      retentionDays: 400,
      maxKeys: 2,
    });
    await recorder.flush();
    await recorder.flush();
    expect(store.prunes).toEqual([101]);
    clock.advance(DAY_MS);
    await recorder.flush();
    expect(store.prunes).toEqual([101, 102]);
    for (const key of ['a', 'b', 'c', 'a']) recorder.count('search', key);
    await recorder.flush();
    expect(store.batches.at(-1)?.map((c) => `${c.key}=${c.count}`)).toEqual(['a=2', 'b=1']);
  });
});
