import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { openBlobStore, readEagerly } from './blob-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'yinku-blobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 31) & 0xff));

describe('readEagerly', () => {
  it('has the first 64 KB ready before it returns, then streams the rest byte-exact', async () => {
    const file = join(dir, 'big');
    const data = bytes(300_000);
    writeFileSync(file, data);
    const stream = readEagerly(file);
    expect(stream.readableLength).toBe(64 * 1024);
    expect((await buffer(stream)).equals(data)).toBe(true);
  });

  it('streams a file shorter than the first read, and an empty one', async () => {
    for (const length of [0, 1, 1000]) {
      const file = join(dir, `small-${length}`);
      writeFileSync(file, bytes(length));
      expect((await buffer(readEagerly(file))).equals(bytes(length))).toBe(true);
    }
  });

  it('throws for a missing file instead of answering an empty body', () => {
    expect(() => readEagerly(join(dir, 'missing'))).toThrow(/ENOENT/);
  });
});

describe('blob store', () => {
  it('stores by content hash once and streams a blob eagerly', async () => {
    const store = openBlobStore(join(dir, 'store'));
    const data = bytes(70_000);
    const hash = store.put(data);
    expect(store.put(data)).toBe(hash);
    expect(store.has(hash)).toBe(true);
    expect(store.size(hash)).toBe(data.length);
    expect((await buffer(store.streamEagerly(hash))).equals(data)).toBe(true);
    expect(store.has('0'.repeat(64))).toBe(false);
  });
});
