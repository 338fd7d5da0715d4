import { describe, expect, it } from 'vitest';
import { SparePlanes } from './spare-planes.ts';

describe('SparePlanes', () => {
  it('prepares planes like the last file when idle and hands them out once, as views', () => {
    const tasks: (() => void)[] = [];
    const spares = new SparePlanes((task) => tasks.push(task));
    const fresh = spares.take(1000);
    expect(fresh.buffer.byteLength).toBe(4000);
    spares.prepare(2, 1000);
    expect(spares.ready).toBe(0); // only once the thread is idle
    tasks.shift()!();
    expect(spares.ready).toBe(2);
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

  it('drops spares of another size, and makes none for huge or empty files', () => {
    const tasks: (() => void)[] = [];
    const spares = new SparePlanes((task) => tasks.push(task));
    spares.prepare(2, 1000);
    spares.prepare(1, 3000);
    tasks.splice(0).forEach((t) => t());
    expect(spares.ready).toBe(1);
    expect(spares.take(3000).buffer.byteLength).toBe(12000);
    spares.prepare(2, 5_000_000);
    spares.prepare(2, 0);
    expect(tasks).toHaveLength(0);
  });
});
