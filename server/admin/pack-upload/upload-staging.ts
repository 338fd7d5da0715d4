import { closeSync, createReadStream, existsSync, openSync, rmSync, writeSync } from 'node:fs';
import { mkdtemp, mkdir } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { basename, extname, join } from 'node:path';
import { Unzip, UnzipInflate } from 'fflate';
import { ApiError } from '../../http/api-error.ts';

/** The limits of one upload (the gateway's `upload` settings). */
export interface UploadLimits {
  /** The largest file (or zip) one part may send. */
  fileMaxBytes: number;
  /** The most one upload may store, its zips expanded. */
  maxBytes: number;
}

/** Why an upload is refused: the status's code and a message in both languages. */
const refuse = (zh: string, en: string, status: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE') =>
  new ApiError(status, { zh, en }, { field: 'files' });

/** An upload's files on disk, in a folder of their own, before the importer reads them. */
export interface StagedUpload {
  dir: string;
  /** Every file kept, by the name it is stored under (unique in the upload). */
  files: string[];
  /** Bytes stored so far, zips expanded. */
  bytes: number;
  /** Removes the folder and everything in it. */
  discard(): void;
}

/** Makes an empty staging folder under `<dataDir>/uploads` (one per upload, removed after it). */
export async function startStaging(dataDir: string): Promise<StagedUpload> {
  const root = join(dataDir, 'uploads');
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(join(root, 'upload-'));
  return {
    dir,
    files: [],
    bytes: 0,
    discard: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A file name inside an upload: the last part of the browser's name (a folder upload sends its
 * relative path), made unique in the upload by a " (2)" before the extension.
 */
function storedName(staged: StagedUpload, name: string): string {
  const base = basename(name.replaceAll('\\', '/')) || 'file';
  const ext = extname(base);
  let candidate = base;
  for (let n = 2; staged.files.includes(candidate) || existsSync(join(staged.dir, candidate)); n++)
    candidate = `${base.slice(0, base.length - ext.length)} (${n})${ext}`;
  return candidate;
}

/** Whether a file is a zip by its name (its bytes are checked when it is read). */
export const isZipName = (name: string): boolean => extname(name).toLowerCase() === '.zip';

/**
 * Streams one uploaded part to the staging folder. The multipart reader stops the stream with
 * an error when the part passes `fileMaxBytes`, so an oversized file is refused while it is still
 * being sent; the caller discards the folder.
 */
export async function stagePart(
  staged: StagedUpload,
  name: string,
  stream: Readable & { truncated?: boolean },
  limits: UploadLimits,
): Promise<string> {
  const stored = storedName(staged, name);
  const path = join(staged.dir, stored);
  staged.files.push(stored);
  let bytes = 0;
  // The reader only marks the part truncated and drops the rest of it: stop at once instead,
  // so the refusal is answered while the client is still sending.
  stream.once('limit', () => stream.destroy(tooLarge(name, limits)));
  stream.on('data', (chunk: Buffer) => {
    bytes += chunk.byteLength;
    if (staged.bytes + bytes > limits.maxBytes) stream.destroy(tooMuch(limits));
  });
  try {
    await pipeline(stream, createWriteStream(path));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'FST_REQ_FILE_TOO_LARGE' || stream.truncated)
      throw tooLarge(name, limits);
    throw error;
  }
  if (stream.truncated) throw tooLarge(name, limits);
  staged.bytes += bytes;
  return stored;
}

const tooLarge = (name: string, limits: UploadLimits) =>
  refuse(
    `文件 ${name} 超过 ${limits.fileMaxBytes} 字节上限，上传已取消`,
    `${name} is over the ${limits.fileMaxBytes}-byte limit for one file; the upload was refused`,
    'PAYLOAD_TOO_LARGE',
  );

const tooMuch = (limits: UploadLimits) =>
  refuse(
    `上传内容（含解压后）超过 ${limits.maxBytes} 字节上限，上传已取消`,
    `The upload, its zips expanded, is over the ${limits.maxBytes}-byte limit; it was refused`,
    'PAYLOAD_TOO_LARGE',
  );

/**
 * Why a name inside a zip may not be written: absolute (`/etc/x`, `C:\x`), with a backslash, or
 * climbing out (`../x`). Null when it is fine.
 */
export function unsafeEntryName(name: string): string | null {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'absolute';
  if (name.includes('\\')) return 'backslash';
  if (name.split('/').some((part) => part === '..')) return 'traversal';
  if (name.includes('\0')) return 'nul';
  return null;
}

/**
 * Expands a staged zip into the staging folder (flat: each entry under its own last name) and
 * removes the zip. Every entry name is checked before anything is written; the expanded bytes
 * are counted as they come out of the inflater, so a zip bomb stops at the upload's cap whatever
 * its headers claim. Folders and macOS resource forks (`__MACOSX/`) are left out.
 */
export async function expandZip(
  staged: StagedUpload,
  stored: string,
  limits: UploadLimits,
): Promise<void> {
  const zipPath = join(staged.dir, stored);
  staged.files.splice(staged.files.indexOf(stored), 1);
  let failure: Error | null = null;
  const open = new Set<number>();
  const unzip = new Unzip((file) => {
    if (failure) return;
    const why = unsafeEntryName(file.name);
    if (why) {
      failure = refuse(
        `压缩包 ${stored} 中的文件名 ${file.name} 不安全（${why}），上传已取消`,
        `${stored} holds an unsafe name, ${file.name} (${why}); the upload was refused`,
        'BAD_REQUEST',
      );
      return;
    }
    if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/')) return;
    if (file.originalSize !== undefined && staged.bytes + file.originalSize > limits.maxBytes) {
      failure = tooMuch(limits);
      return;
    }
    const name = storedName(staged, file.name);
    staged.files.push(name);
    const fd = openSync(join(staged.dir, name), 'w');
    open.add(fd);
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = corruptZip(stored);
        return;
      }
      staged.bytes += chunk.byteLength;
      if (staged.bytes > limits.maxBytes) {
        failure = tooMuch(limits);
        file.terminate();
        return;
      }
      writeSync(fd, chunk);
      if (final) {
        closeSync(fd);
        open.delete(fd);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of createReadStream(zipPath)) {
      unzip.push(chunk as Uint8Array);
      if (failure) break;
    }
    if (!failure) unzip.push(new Uint8Array(0), true);
  } catch {
    failure ??= corruptZip(stored);
  } finally {
    for (const fd of open) closeSync(fd);
    rmSync(zipPath, { force: true });
  }
  if (failure) throw failure;
}

const corruptZip = (name: string) =>
  refuse(`压缩包 ${name} 已损坏`, `${name} is not a readable zip`, 'BAD_REQUEST');
