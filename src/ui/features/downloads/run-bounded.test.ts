import { describe, expect, it } from 'vitest';
import { runBounded, type RunProgress } from './run-bounded.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('runBounded', () => {
  it('never runs more than the limit at once and reports progress per item', async () => {
    let inFlight = 0;
    let peak = 0;
    const progress: RunProgress[] = [];
    const outcomes = await runBounded(
      [1, 2, 3, 4, 5, 6, 7],
      3,
      async (n) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await tick();
        inFlight--;
        if (n === 4) throw new Error('four');
        return n * 10;
      },
      (p) => progress.push(p),
    );
    expect(peak).toBe(3);
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(progress.at(-1)).toEqual({ total: 7, done: 7, failed: 1 });
    expect(outcomes[3]).toMatchObject({ ok: false });
    expect(outcomes[6]).toEqual({ ok: true, value: 70 });
  });

  it('starts nothing new after the signal aborts', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const outcomes = await runBounded(
      [1, 2, 3, 4],
      1,
      async (n) => {
        started.push(n);
        if (n === 2) controller.abort();
        return n;
      },
      undefined,
      controller.signal,
    );
    expect(started).toEqual([1, 2]);
    expect(outcomes[3]).toMatchObject({ ok: false });
  });
});
