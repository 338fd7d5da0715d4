import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudioJob } from '../shared/audio/worker-protocol.ts';
import { expectAudioError } from '../testing/expect-audio-error.ts';
import { decodeAudio } from '../wasm/decode-audio.ts';
import { computePeaks } from '../wasm/pcm/compute-peaks.ts';
import { decodeWav } from '../wasm/pcm/decode-wav.ts';
import { buildWav, referenceSignal } from '../wasm/testing/audio-fixtures.ts';
import { runAudioJob } from './audio-pipeline.ts';
import { BodyBuffers } from './body-buffers.ts';
import { SparePlanes } from './spare-planes.ts';

// The real decoder, counted: a WAV decoded while it downloads must not be decoded whole again.
vi.mock('../wasm/decode-audio.ts', async (original) => {
  const real = await original<{ decodeAudio: typeof decodeAudio }>();
  return { ...real, decodeAudio: vi.fn(real.decodeAudio) };
});
const wholeDecodes = vi.mocked(decodeAudio);
beforeEach(() => {
  wholeDecodes.mockClear();
});

// 2 s of stereo 24-bit at 44.1 kHz: 529 KB.
const wav = buildWav(referenceSignal(2, 88200, 44100), { encoding: 'int', bits: 24 });

const job = (over: Partial<AudioJob<CryptoKey>> = {}): AudioJob<CryptoKey> => ({
  jobId: 's1',
  url: 'http://gateway.test/api/v2/tt-audios/play-audition/x',
  mode: 'plain',
  ...over,
});

interface StreamPlan {
  /** Read sizes in order (the last one repeats). */
  reads?: number[];
  /** Content-Length sent; default the body's length; null for none. */
  length?: number | null;
  /** After this many bytes the body fails (a broken connection). */
  breakAfter?: number;
  /** After this many bytes the body stalls until aborted. */
  stallAfter?: number;
  /** Called after each read is handed over, with the bytes sent so far. */
  onRead?: (sent: number) => void;
}

/** A fetch answering `body` as a stream of reads, honouring the request's AbortSignal. */
function streamed(body: Uint8Array, plan: StreamPlan = {}): typeof fetch {
  return (async (_url: string, init: RequestInit) => {
    const reads = plan.reads ?? [65536];
    let sent = 0;
    let n = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        init.signal?.addEventListener('abort', () =>
          controller.error(new DOMException('aborted', 'AbortError')),
        );
      },
      pull(controller) {
        if (init.signal?.aborted) return;
        if (sent === plan.breakAfter) return controller.error(new TypeError('connection reset'));
        if (sent === plan.stallAfter) return new Promise(() => {});
        if (sent >= body.length) return controller.close();
        const size = reads[Math.min(n++, reads.length - 1)]!;
        const end = Math.min(body.length, sent + size, plan.breakAfter ?? Infinity);
        controller.enqueue(body.slice(sent, Math.min(end, plan.stallAfter ?? Infinity)));
        sent = Math.min(end, plan.stallAfter ?? Infinity);
        plan.onRead?.(sent);
      },
    });
    const length = plan.length === undefined ? body.length : plan.length;
    const headers: Record<string, string> =
      length === null ? {} : { 'content-length': `${length}` };
    return new Response(stream, { headers });
  }) as unknown as typeof fetch;
}

const run = (fetchImpl: typeof fetch, signal = new AbortController().signal) =>
  runAudioJob(job(), signal, { fetch: fetchImpl });

describe('a plain WAV is decoded while it downloads', () => {
  it('in reads of every size: the same samples and peaks as the whole-file decode, never decoded twice', async () => {
    const expected = decodeWav(wav);
    const peaks = computePeaks(expected.channels, 256);
    const few = (size: number, count: number) => [...Array<number>(count).fill(size), 65536];
    for (const reads of [few(1, 2000), few(3, 10_000), [4095], [65536, 7, 131072], [wav.length]]) {
      const result = await run(streamed(wav, { reads }));
      expect(result.channels).toEqual(expected.channels);
      expect(result.peaks).toEqual(peaks);
      expect(result).toMatchObject({
        format: 'wav',
        frames: 88200,
        sampleRate: 44100,
        bitDepth: 24,
      });
    }
    expect(wholeDecodes).not.toHaveBeenCalled();
  });

  it('also with a preview callback; without a Content-Length it is decoded whole, the same', async () => {
    const chunks: number[] = [];
    const previewed = await runAudioJob(job(), new AbortController().signal, {
      fetch: streamed(wav, { reads: [32768, 65536] }),
      onChunk: (planes) => chunks.push(planes[0]!.length),
    });
    expect(chunks).toHaveLength(1);
    expect(wholeDecodes).toHaveBeenCalledTimes(1); // the preview's 32 KB only
    const chunked = await run(streamed(wav, { length: null }));
    expect(wholeDecodes).toHaveBeenCalledTimes(2);
    expect(chunked.channels).toEqual(previewed.channels);
    expect(chunked.peaks).toEqual(previewed.peaks);
  });

  it('a data chunk larger than the file gives the whole frames present, like decodeWav', async () => {
    const cut = wav.slice(0, 44 + 6 * 40_000 + 5);
    const result = await run(streamed(cut, { reads: [4095] }));
    expect(result.frames).toBe(40_000);
    expect(result.channels).toEqual(decodeWav(cut).channels);
    expect(wholeDecodes).not.toHaveBeenCalled();
    // Only once the whole body is in is it called short: it plays, and says TRUNCATED.
    expect(result.truncated).toMatchObject({ declaredSeconds: 2 });
    expect(result.truncated!.presentSeconds).toBeCloseTo(40_000 / 44100, 6);
  });

  it('a whole WAV streamed in small reads, previewed or not, is never called truncated', async () => {
    const plain = await run(streamed(wav, { reads: [4095] }));
    expect(plain.truncated).toBeUndefined();
    const previewed = await runAudioJob(job(), new AbortController().signal, {
      fetch: streamed(wav, { reads: [40_000, 4096] }),
      onChunk: () => {},
    });
    expect(previewed.frames).toBe(88200);
    expect(previewed.truncated).toBeUndefined();
  });

  it('a header the stream is unsure of is decoded whole: same error as decodeWav', async () => {
    const adpcm = wav.slice();
    adpcm[20] = 0x11;
    const noChannels = wav.slice();
    noChannels[22] = 0;
    const html = new TextEncoder().encode(`<!doctype html>${'<p>error</p>'.repeat(200)}`);
    for (const [body, code] of [
      [adpcm, 'UNSUPPORTED_FORMAT'],
      [noChannels, 'INVALID_AUDIO'],
      [html, 'INVALID_AUDIO'],
      [wav.subarray(0, 1023), 'INVALID_AUDIO'],
    ] as const) {
      const error = await expectAudioError(run(streamed(body, { reads: [777] })));
      expect(error.code).toBe(code);
    }
  });
});

describe('buffers made ahead', () => {
  it('the next WAV is converted into the planes prepared after the last one', async () => {
    const idle: (() => void)[] = [];
    const sparePlanes = new SparePlanes((task) => idle.push(task));
    const runWith = () =>
      runAudioJob(job(), new AbortController().signal, {
        fetch: streamed(wav, { reads: [5000] }),
        sparePlanes,
      });
    await runWith();
    expect([sparePlanes.ready, sparePlanes.untouched]).toEqual([2, 2]);
    while (idle.length > 0) idle.shift()!();
    expect(sparePlanes.untouched).toBe(0);
    const second = await runWith();
    expect(second.channels).toEqual(decodeWav(wav).channels);
    // Both were taken by the second file, and two new ones made for the next.
    expect([sparePlanes.ready, sparePlanes.untouched]).toEqual([2, 2]);
  });

  it("the next job reads into the last one's buffer and decodes only its own bytes", async () => {
    const bodyBuffers = new BodyBuffers();
    const other = buildWav(referenceSignal(1, 30_000, 22050), { encoding: 'int', bits: 16 });
    const runWith = (body: Uint8Array) =>
      runAudioJob(job(), new AbortController().signal, {
        fetch: streamed(body, { reads: [5000] }),
        bodyBuffers,
      });
    await runWith(wav);
    await Promise.resolve();
    expect(bodyBuffers.kept).toBe(1);
    // Shorter than the kept buffer: read into it, whose tail still holds the first file.
    const [a, b] = await Promise.all([runWith(other), runWith(other)]);
    expect(a.channels).toEqual(decodeWav(other).channels);
    expect(b.channels).toEqual(a.channels);
    await Promise.resolve();
    expect(bodyBuffers.kept).toBe(2);
    // A failed job gives its buffer back too.
    const afterFailure = new BodyBuffers();
    await expectAudioError(
      runAudioJob(job(), new AbortController().signal, {
        fetch: streamed(wav, { breakAfter: 10_000 }),
        bodyBuffers: afterFailure,
      }),
    );
    await Promise.resolve();
    expect(afterFailure.kept).toBe(1);
    expect((await runWith(wav)).channels).toEqual(decodeWav(wav).channels);
  });
});

describe('a WAV stream that fails is a typed error, and nothing hangs', () => {
  it('a body that breaks off mid-stream is NETWORK', async () => {
    const error = await expectAudioError(
      run(streamed(wav, { reads: [4095], breakAfter: 200_000 })),
    );
    expect(error.code).toBe('NETWORK');
  });

  it('a body longer than its Content-Length is NETWORK', async () => {
    const error = await expectAudioError(run(streamed(wav, { length: wav.length - 10 })));
    expect(error).toMatchObject({ code: 'NETWORK', message: expect.stringMatching(/longer/) });
  });

  it('a body shorter than its Content-Length is NETWORK', async () => {
    const error = await expectAudioError(run(streamed(wav, { length: wav.length + 6 })));
    expect(error).toMatchObject({ code: 'NETWORK', message: expect.stringMatching(/broke off/) });
  });

  it('an abort mid-stream is ABORTED, and the next job decodes', async () => {
    const controller = new AbortController();
    const pending = run(
      streamed(wav, {
        reads: [10_000],
        stallAfter: 100_000,
        onRead: (sent) => sent >= 100_000 && controller.abort(),
      }),
      controller.signal,
    );
    expect((await expectAudioError(pending)).code).toBe('ABORTED');
    expect((await run(streamed(wav))).frames).toBe(88200);
  });
});
