// A disk cache of rendered samples for the test sizes: every API test file starts its own
// gateway with the tiny library, so rendering it once per machine (per version of the synth
// code) instead of once per test file saves most of each start. Keys hash the synth sources
// and the job, so a changed voice or plan never reads a stale sound.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderJob } from '../synth/render-sample.ts';
import type { RenderResult } from './sample-files.ts';

/** Reads and writes rendered samples by job. */
export interface RenderCache {
  get(job: RenderJob): RenderResult | null;
  put(job: RenderJob, result: RenderResult): void;
}

let sourceHash: string | null = null;

/**
 * Hash of the code that renders a sample: the generator (server/synth), the audition encoder,
 * this folder, and the two modules of src/wasm it takes (peaks, the MP3 frame header).
 */
function codeVersion(): string {
  if (sourceHash) return sourceHash;
  const hash = createHash('sha256');
  const dirs = [
    join(import.meta.dirname, '../synth'),
    join(import.meta.dirname, 'auditions'),
    import.meta.dirname,
  ];
  for (const dir of dirs)
    for (const name of readdirSync(dir).sort())
      if (name.endsWith('.ts') && !name.endsWith('.test.ts'))
        hash.update(name).update(readFileSync(join(dir, name)));
  for (const file of ['pcm/compute-peaks.ts', 'mpg123/mp3-frame-header.ts'])
    hash.update(file).update(readFileSync(join(import.meta.dirname, '../../src/wasm', file)));
  sourceHash = hash.digest('hex');
  return sourceHash;
}

/** Opens the cache under `root` (default: `$YINKU_SEED_CACHE_DIR` or the system temp folder). */
export function openRenderCache(
  root = process.env.YINKU_SEED_CACHE_DIR ?? join(tmpdir(), 'yinku-seed-cache'),
): RenderCache {
  const version = codeVersion();
  const dir = join(root, version.slice(0, 16));
  mkdirSync(dir, { recursive: true });
  // Entries of other synth versions can never be read again: drop them so the cache stays small.
  for (const name of readdirSync(root)) {
    // The analysis cache (server/library/analysis-cache.ts) keeps its own versions here.
    if (name === version.slice(0, 16) || name.startsWith('analysis-')) continue;
    try {
      rmSync(join(root, name), { recursive: true, force: true });
    } catch {
      // Another process is still writing there; a later start removes it.
    }
  }
  const fileOf = (job: RenderJob) =>
    join(dir, createHash('sha256').update(version).update(JSON.stringify(job)).digest('hex'));
  return {
    get(job) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(fileOf(job));
      } catch {
        return null;
      }
      if (bytes.byteLength < 16) return null;
      const wavLength = bytes.readUInt32LE(0);
      const mp3Length = bytes.readUInt32LE(4);
      const frames = bytes.readUInt32LE(8);
      const peakCount = bytes.readUInt32LE(12);
      if (bytes.byteLength !== 16 + wavLength + mp3Length + peakCount * 4) return null;
      const copy = (start: number, length: number) =>
        new Uint8Array(
          bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + start + length),
        );
      return {
        wav: copy(16, wavLength),
        mp3: copy(16 + wavLength, mp3Length),
        peaks: new Float32Array(copy(16 + wavLength + mp3Length, peakCount * 4).buffer),
        frames,
        duration: frames / job.sampleRate,
      };
    },
    put(job, result) {
      if (!result.mp3) return;
      const header = Buffer.alloc(16);
      header.writeUInt32LE(result.wav.byteLength, 0);
      header.writeUInt32LE(result.mp3.byteLength, 4);
      header.writeUInt32LE(result.frames, 8);
      header.writeUInt32LE(result.peaks.length, 12);
      const file = fileOf(job);
      // Write then rename: parallel test files may fill the same entry at the same time. The
      // cache is best effort: a failed write (full disk, folder pruned by a newer synth version
      // running in parallel) only means the sample is rendered again next time.
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        writeFileSync(
          temp,
          Buffer.concat([header, result.wav, result.mp3, new Uint8Array(result.peaks.buffer)]),
        );
        renameSync(temp, file);
      } catch {
        rmSync(temp, { force: true });
      }
    },
  };
}
