import { describe, expect, it } from 'vitest';
import { createUpgradeQueue } from './row-upgrades.ts';

/** A queue whose frames are run by hand. */
function manualQueue(perFrame: number) {
  const frames: (() => void)[] = [];
  const queue = createUpgradeQueue(perFrame, (run) => frames.push(run));
  const frame = () => frames.shift()?.();
  return { queue, frames, frame };
}

describe('row upgrade queue', () => {
  it('runs at most perFrame upgrades a frame, rows in view first, until none are left', () => {
    const { queue, frames, frame } = manualQueue(2);
    const ran: string[] = [];
    for (const name of ['above', 'a', 'b', 'c', 'below'])
      queue.add(() => ran.push(name), !['above', 'below'].includes(name));
    expect(frames).toHaveLength(1);
    frame();
    expect(ran).toEqual(['a', 'b']);
    frame();
    expect(ran).toEqual(['a', 'b', 'c', 'above']);
    frame();
    expect(ran).toEqual(['a', 'b', 'c', 'above', 'below']);
    expect(frames).toHaveLength(0);
  });

  it('drops a cancelled upgrade (a row scrolled away before its turn)', () => {
    const { queue, frame } = manualQueue(5);
    const ran: number[] = [];
    const cancel = queue.add(() => ran.push(1), true);
    queue.add(() => ran.push(2), true);
    cancel();
    frame();
    expect(ran).toEqual([2]);
  });
});
