import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { Worker } from 'node:worker_threads';
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

describe('BlobStore.put shared by several writers', () => {
  it('never leaves a torn or temporary file when writers store the same blobs at once', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'yinku-blobs-shared-'));
    const data = randomBytes(1024 * 1024);
    const [WRITERS, ROUNDS] = [4, 20];
    // Threads of one process share its pid, so only a per-write temp name keeps them apart (as
    // it keeps apart instances on hosts sharing one directory). Each writer loads the store,
    // reports ready and waits at a barrier, then stores the same blobs in the same order.
    const source = `
      const { workerData, parentPort } = require('node:worker_threads');
      import(workerData.module).then(({ openBlobStore }) => {
        const store = openBlobStore(workerData.dir);
        const gate = new Int32Array(workerData.gate);
        Atomics.add(gate, 1, 1);
        Atomics.wait(gate, 0, 0);
        const hashes = [];
        for (let round = 0; round < workerData.rounds; round++) {
          workerData.data[0] = round;
          hashes.push(store.put(workerData.data));
        }
        parentPort.postMessage(hashes);
      });`;
    const module = new URL('./blob-store.ts', import.meta.url).href;
    const gate = new Int32Array(new SharedArrayBuffer(8));
    const answers = Array.from({ length: WRITERS }, () => {
      const worker = new Worker(source, {
        eval: true,
        workerData: { module, dir: shared, data, gate: gate.buffer, rounds: ROUNDS },
      });
      return new Promise<string[]>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      }).finally(() => worker.terminate());
    });
    while (Atomics.load(gate, 1) < WRITERS) await new Promise((r) => setTimeout(r, 5));
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    const hashes = await Promise.all(answers);
    for (const mine of hashes) expect(mine).toEqual(hashes[0]);
    const store = openBlobStore(shared);
    for (const [round, hash] of hashes[0]!.entries()) {
      data[0] = round;
      expect(store.read(hash).equals(data)).toBe(true);
    }
    const files = readdirSync(shared, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    expect(files.sort()).toEqual([...hashes[0]!].sort());
    rmSync(shared, { recursive: true, force: true });
  });
});
