import { Mp3Encoder } from '@breezystack/lamejs';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeWav } from '../../../shared/audio/encode-wav.ts';
import type { AudioJob } from '../../../shared/audio/worker-protocol.ts';
import { AudioWorkerPool, defaultPoolSize } from './worker-pool.ts';
import { expectAudioError } from '../../../testing/expect-audio-error.ts';

/** A 16-bit stereo WAV of `frames` frames of a 220 Hz sine. */
function wav(frames: number, sampleRate = 44100): Uint8Array {
  const sine = Float32Array.from(
    { length: frames },
    (_, i) => (20000 / 32768) * Math.sin((2 * Math.PI * 220 * i) / sampleRate),
  );
  return encodeWav([sine, sine], sampleRate, 16);
}

const urls: string[] = [];
const blobUrl = (bytes: BlobPart, type = 'application/octet-stream') => {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  urls.push(url);
  return url;
};
let seq = 0;
const job = (url: string): AudioJob<CryptoKey> => ({ jobId: `t${++seq}`, url, mode: 'plain' });

let pool: AudioWorkerPool;
afterEach(() => {
  pool?.terminate();
  urls.splice(0).forEach((u) => URL.revokeObjectURL(u));
});

describe('the worker pool in Chromium', () => {
  it('is sized 2–4 from the cores and starts workers only when jobs arrive', async () => {
    expect(defaultPoolSize(1)).toBe(2);
    expect(defaultPoolSize(2)).toBe(2);
    expect(defaultPoolSize(8)).toBe(4);
    expect(defaultPoolSize(64)).toBe(4);
    pool = new AudioWorkerPool({ size: 2 });
    expect(pool.workerCount).toBe(0);
    const src = blobUrl(wav(44100) as BlobPart);
    const results = await Promise.all([
      pool.load(job(src)),
      pool.load(job(src)),
      pool.load(job(src)),
    ]);
    expect(pool.workerCount).toBe(2);
    for (const r of results) {
      expect(r).toMatchObject({ format: 'wav', sampleRate: 44100, frames: 44100 });
      // Planes arrive as their own transferred buffers, not views into one copy.
      expect(r.channels[0]!.buffer).not.toBe(r.channels[1]!.buffer);
      expect(r.channels[0]!.byteLength).toBe(44100 * 4);
    }
  });

  it('warm() starts every worker ahead of the first job, once, and jobs then run on them', async () => {
    pool = new AudioWorkerPool({ size: 2 });
    pool.warm();
    expect(pool.workerCount).toBe(2);
    pool.warm();
    expect(pool.workerCount).toBe(2);
    const src = blobUrl(wav(4410) as BlobPart);
    await expect(pool.load(job(src))).resolves.toMatchObject({ format: 'wav', frames: 4410 });
    expect(pool.workerCount).toBe(2);
  });

  it('a file cut short plays what it has and comes back marked truncated (TRUNCATED)', async () => {
    pool = new AudioWorkerPool({ size: 2 });
    const whole = wav(44100);
    // The data chunk still declares 1 s; 0.4 s of it arrived.
    const cut = await pool.load(job(blobUrl(whole.slice(0, 44 + 17640 * 4) as BlobPart)));
    expect(cut).toMatchObject({ format: 'wav', frames: 17640 });
    expect(cut.truncated).toMatchObject({ declaredSeconds: 1, presentSeconds: 0.4 });
    expect((await pool.load(job(blobUrl(whole as BlobPart)))).truncated).toBeUndefined();
  });

  it('decodes MP3 (mpg123 WASM) inside the worker', async () => {
    pool = new AudioWorkerPool({ size: 2 });
    const pcm = Int16Array.from({ length: 22050 }, (_, i) =>
      Math.round(12000 * Math.sin((2 * Math.PI * 440 * i) / 22050)),
    );
    const enc = new Mp3Encoder(1, 22050, 64);
    const mp3 = new Blob([enc.encodeBuffer(pcm) as BlobPart, enc.flush() as BlobPart]);
    const result = await pool.load(job(blobUrl(mp3)));
    expect(result).toMatchObject({ format: 'mp3', sampleRate: 22050 });
    expect(result.channels).toHaveLength(1); // mono stays mono
    expect(Math.abs(result.frames - 22050)).toBeLessThan(2 * 1152);
  });

  it('sends the first MP3 slice before the whole file is decoded', async () => {
    pool = new AudioWorkerPool({ size: 2 });
    const rate = 44100;
    const pcm = Int16Array.from({ length: rate * 8 }, (_, i) =>
      Math.round(12000 * Math.sin((2 * Math.PI * 440 * i) / rate)),
    );
    const enc = new Mp3Encoder(1, rate, 128);
    const mp3 = new Blob([enc.encodeBuffer(pcm) as BlobPart, enc.flush() as BlobPart]);
    const events: string[] = [];
    let estimate = 0;
    const result = await pool.load(job(blobUrl(mp3)), (chunk) => {
      events.push(`first:${chunk.planes[0]!.length}`);
      estimate = chunk.estimatedDuration;
    });
    events.push('full');
    expect(events).toHaveLength(2);
    expect(events[1]).toBe('full');
    const firstFrames = Number(events[0]!.split(':')[1]);
    expect(firstFrames).toBeGreaterThan(0);
    expect(firstFrames).toBeLessThan(result.frames / 4); // a slice, not the file
    expect(estimate).toBeGreaterThan(6);
    expect(estimate).toBeLessThan(10); // 8 s, extrapolated from 16 KB
  });

  it('corrupt answers give typed errors and the pool keeps serving', async () => {
    pool = new AudioWorkerPool({ size: 2 });
    const good = wav(4410);
    const flipped = good.slice();
    flipped[22] = 0; // zero channels
    const cases: [BlobPart, string][] = [
      [new Uint8Array(0), 'INVALID_AUDIO'],
      [good.slice(0, 1023), 'INVALID_AUDIO'],
      [`<!doctype html><h1>502 Bad Gateway</h1>${' '.repeat(2000)}`, 'INVALID_AUDIO'],
      [Uint8Array.from({ length: 4096 }, (_, i) => (i * 131) & 0xff), 'UNSUPPORTED_FORMAT'],
      [flipped, 'INVALID_AUDIO'],
      [good.slice(0, 1100).fill(0xff, 44), 'DECODE'],
    ];
    cases[5]![0] = new Uint8Array([
      ...new TextEncoder().encode('fLaC'),
      ...new Uint8Array(2000).fill(7),
    ]);
    for (const [body, code] of cases)
      expect((await expectAudioError(pool.load(job(blobUrl(body))))).code).toBe(code);
    expect((await expectAudioError(pool.load(job('http://127.0.0.1:9/nothing')))).code).toBe(
      'NETWORK',
    );
    const after = await pool.load(job(blobUrl(good as BlobPart)));
    expect(after.frames).toBe(4410);
  });

  it('a cancelled job rejects at once with ABORTED; others finish', async () => {
    pool = new AudioWorkerPool({ size: 2 });
    const big = blobUrl(wav(44100 * 20) as BlobPart);
    const a = job(big);
    const pending = pool.load(a);
    const other = pool.load(job(blobUrl(wav(4410) as BlobPart)));
    pool.cancel(a.jobId);
    expect((await expectAudioError(pending)).code).toBe('ABORTED');
    expect((await other).frames).toBe(4410);
  });

  it('a worker that crashes fails its jobs with DECODE and is replaced', async () => {
    let spawned = 0;
    const broken = URL.createObjectURL(
      new Blob(['self.onmessage = () => { throw new Error("boom"); };'], {
        type: 'text/javascript',
      }),
    );
    urls.push(broken);
    pool = new AudioWorkerPool({
      size: 1,
      spawn: () =>
        ++spawned === 1
          ? new Worker(broken)
          : new Worker(new URL('../../../workers/audio.worker.ts', import.meta.url), {
              type: 'module',
            }),
    });
    const src = blobUrl(wav(4410) as BlobPart);
    expect((await expectAudioError(pool.load(job(src)))).code).toBe('DECODE');
    expect(pool.workerCount).toBe(0);
    expect((await pool.load(job(src))).frames).toBe(4410);
    expect(spawned).toBe(2);
  });

  it('stops idle workers and starts again on the next job', async () => {
    pool = new AudioWorkerPool({ size: 2, idleMs: 50 });
    const src = blobUrl(wav(4410) as BlobPart);
    await pool.load(job(src));
    expect(pool.workerCount).toBe(1);
    await new Promise((r) => setTimeout(r, 150));
    expect(pool.workerCount).toBe(0);
    expect((await pool.load(job(src))).frames).toBe(4410);
  });
});
