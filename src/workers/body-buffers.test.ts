import { describe, expect, it } from 'vitest';
import { BodyBuffers } from './body-buffers.ts';

describe('BodyBuffers', () => {
  it('hands a given-back buffer out again for a body that fits, as a view of the asked size', () => {
    const buffers = new BodyBuffers();
    const first = buffers.take(1000);
    expect(first.length).toBe(1000);
    buffers.give(first);
    const again = buffers.take(600);
    expect(again.buffer).toBe(first.buffer);
    expect(again.length).toBe(600);
    expect(buffers.kept).toBe(0);
    // Too small for 2000 bytes: a fresh one.
    buffers.give(again);
    expect(buffers.take(2000).buffer).not.toBe(first.buffer);
  });

  it('keeps the two largest, none over 16 MB, no detached one and no buffer twice', () => {
    const buffers = new BodyBuffers();
    const [a, b, c] = [100, 300, 200].map((n) => buffers.take(n));
    buffers.give(a!);
    buffers.give(b!);
    buffers.give(b!);
    expect(buffers.kept).toBe(2);
    buffers.give(c!);
    expect(buffers.kept).toBe(2);
    expect(buffers.take(250).buffer).toBe(b!.buffer);
    expect(buffers.take(150).buffer).toBe(c!.buffer);
    const huge = new BodyBuffers();
    huge.give(new Uint8Array(16 * 1024 * 1024 + 1));
    const detached = new Uint8Array(64);
    structuredClone(detached.buffer, { transfer: [detached.buffer] });
    huge.give(detached);
    expect(huge.kept).toBe(0);
  });
});
