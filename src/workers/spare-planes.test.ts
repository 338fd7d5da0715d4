import { describe, expect, it } from 'vitest';
import { SparePlanes } from './spare-planes.ts';

/** A SparePlanes whose idle tasks run when the test says. */
function withIdleTasks() {
  const tasks: (() => void)[] = [];
  const spares = new SparePlanes((task) => tasks.push(task));
  const runIdle = (max = Infinity) => {
    for (let n = 0; n < max && tasks.length > 0; n++) tasks.shift()!();
  };
  return { spares, tasks, runIdle };
}

describe('SparePlanes', () => {
  it('prepares planes like the last file and hands each out once, as a view that fits', () => {
    const { spares, runIdle } = withIdleTasks();
    expect(spares.take(1000).buffer.byteLength).toBe(4000); // nothing prepared: fresh
    spares.prepare(2, 1000);
    expect([spares.ready, spares.untouched]).toEqual([2, 2]);
    runIdle();
    expect([spares.ready, spares.untouched]).toEqual([2, 0]);
    const a = spares.take(900);
    expect(a.length).toBe(900);
    expect(a.buffer.byteLength).toBe(4000);
    expect(Array.from(a.subarray(0, 4))).toEqual([0, 0, 0, 0]);
    // Too large, or so small that most of a spare would travel unused: fresh planes.
    expect(spares.take(1001).buffer.byteLength).toBe(4004);
    expect(spares.take(500).buffer.byteLength).toBe(2000);
    expect(spares.ready).toBe(1);
    expect(spares.take(1000).buffer).not.toBe(a.buffer);
    expect(spares.ready).toBe(0);
  });

  it('prepares like the last plane taken, once; nothing when no plane was taken since', () => {
    const { spares, runIdle } = withIdleTasks();
    spares.take(1100); // a decoder's bound, a little over the file's frames
    spares.take(1100);
    spares.prepareLikeLast(2);
    runIdle();
    expect(spares.ready).toBe(2);
    expect(spares.take(1100).buffer.byteLength).toBe(4400);
    spares.prepareLikeLast(0); // a file not decoded into these planes: the size is forgotten
    spares.prepareLikeLast(2);
    expect(spares.ready).toBe(1);
  });

  it('touches pages in slices, one idle task at a time, never in a plane already taken', () => {
    const { spares, tasks, runIdle } = withIdleTasks();
    const frames = 600_000; // 2.4 MB a plane: ten 256 KB slices
    spares.prepare(2, frames);
    expect(tasks).toHaveLength(1);
    runIdle(3);
    expect(spares.untouched).toBe(2);
    const plane = spares.take(frames);
    plane.fill(0.5);
    runIdle();
    expect(spares.untouched).toBe(0);
    expect(plane.every((v) => v === 0.5)).toBe(true);
  });

  it('drops spares of another size, and makes none for huge or empty files', () => {
    const { spares, tasks, runIdle } = withIdleTasks();
    spares.prepare(2, 1000);
    spares.prepare(1, 3000);
    runIdle();
    expect(spares.ready).toBe(1);
    expect(spares.take(3000).buffer.byteLength).toBe(12000);
    spares.prepare(2, 4_200_000); // 33.6 MB in all
    spares.prepare(8, 1_100_000);
    spares.prepare(2, 0);
    expect([spares.ready, tasks.length]).toEqual([0, 0]);
  });
});
