import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  writeFileSync,
  createReadStream,
  statSync,
} from 'node:fs';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import type { ReadStream } from 'node:fs';
import { join } from 'node:path';

/**
 * Content-addressed files under `<blob dir>/ab/abcdef…` (sha-256 hex). The one blob interface:
 * a local (or shared network) directory today; an object store would be another adapter.
 */
export interface BlobStore {
  /** Stores bytes, returns their hash; storing the same bytes twice is free. */
  put(bytes: Uint8Array): string;
  read(hash: string): Buffer;
  stream(hash: string, range?: { start: number; end: number }): ReadStream;
  /** The whole blob, its first bytes read at once (see `readEagerly`). */
  streamEagerly(hash: string): Readable;
  size(hash: string): number;
  has(hash: string): boolean;
  pathOf(hash: string): string;
}

const HASH = /^[0-9a-f]{64}$/;

/** Opens the blob store rooted at `dir`. */
export function openBlobStore(dir: string): BlobStore {
  mkdirSync(dir, { recursive: true });
  const pathOf = (hash: string): string => {
    if (!HASH.test(hash)) throw new Error(`not a blob hash: ${hash}`);
    return join(dir, hash.slice(0, 2), hash);
  };
  return {
    put(bytes) {
      const hash = createHash('sha256').update(bytes).digest('hex');
      const path = pathOf(hash);
      if (!existsSync(path)) {
        mkdirSync(join(dir, hash.slice(0, 2)), { recursive: true });
        // Write then rename so a crash never leaves a half-written blob under its hash. The
        // temp name is unique to this write, so two instances (or hosts sharing the directory)
        // writing the same blob never write into one file; the rename is atomic and either
        // copy is the same bytes.
        const temp = `${path}.${randomBytes(8).toString('hex')}.tmp`;
        writeFileSync(temp, bytes);
        renameSync(temp, path);
      }
      return hash;
    },
    read: (hash) => readFileSync(pathOf(hash)),
    stream: (hash, range) => createReadStream(pathOf(hash), range),
    streamEagerly: (hash) => readEagerly(pathOf(hash)),
    size: (hash) => statSync(pathOf(hash)).size,
    has: (hash) => HASH.test(hash) && existsSync(pathOf(hash)),
    pathOf,
  };
}

/** Bytes `readEagerly` reads before returning: one read of a file stream. */
const EAGER_BYTES = 64 * 1024;

/**
 * Streams a file whose first 64 KB are read before this returns, so an answer's first bytes
 * leave with its headers instead of after an asynchronous open and read (~1–3 ms here, on the
 * way to a player's first sound); the rest streams. A read error destroys the stream.
 */
export function readEagerly(path: string): Readable {
  const fd = openSync(path, 'r');
  const out = new PassThrough();
  try {
    const head = Buffer.allocUnsafe(EAGER_BYTES);
    const read = readSync(fd, head, 0, EAGER_BYTES, 0);
    out.write(head.subarray(0, read));
    pipeline(createReadStream('', { fd, start: read }), out, () => {});
  } catch (error) {
    closeSync(fd);
    out.destroy(error as Error);
  }
  return out;
}
