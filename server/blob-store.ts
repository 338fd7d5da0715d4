import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
  createReadStream,
  statSync,
} from 'node:fs';
import type { ReadStream } from 'node:fs';
import { join } from 'node:path';

/** Content-addressed files under `<dataDir>/blobs/ab/abcdef…` (sha-256 hex). */
export interface BlobStore {
  /** Stores bytes, returns their hash; storing the same bytes twice is free. */
  put(bytes: Uint8Array): string;
  read(hash: string): Buffer;
  stream(hash: string, range?: { start: number; end: number }): ReadStream;
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
        // Write then rename so a crash never leaves a half-written blob under its hash.
        const temp = `${path}.${process.pid}.tmp`;
        writeFileSync(temp, bytes);
        renameSync(temp, path);
      }
      return hash;
    },
    read: (hash) => readFileSync(pathOf(hash)),
    stream: (hash, range) => createReadStream(pathOf(hash), range),
    size: (hash) => statSync(pathOf(hash)).size,
    has: (hash) => HASH.test(hash) && existsSync(pathOf(hash)),
    pathOf,
  };
}
