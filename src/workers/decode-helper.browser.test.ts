import { Mp3Encoder } from '@breezystack/lamejs';
import { describe, expect, it, vi } from 'vitest';
import type { AudioJobResult, DecodedPcm } from '../shared/audio/worker-protocol.ts';
import { decodeAudio } from '../wasm/decode-audio.ts';
import { decodeFlacFrames } from '../wasm/flac/decode-flac-frames.ts';
import { decodeFlacWithLibflac } from '../wasm/flac/decode-flac.ts';
import { encodeFlac16 } from '../wasm/testing/flac-encoder.ts';
import { referenceSignal } from '../wasm/testing/audio-fixtures.ts';
import { createDecodeHelper } from './decode-helper.ts';
import { cleanUpAfterEach, startPoolWorker } from './testing/pool-worker.ts';

const flac = () => encodeFlac16(referenceSignal(2, 441000, 44100), 44100);
function mp3(): Uint8Array {
  const [l, r] = referenceSignal(2, 441000, 44100).map((p) =>
    Int16Array.from(p, (v) => Math.round(v * 32767)),
  ) as [Int16Array, Int16Array];
  const enc = new Mp3Encoder(2, 44100, 192);
  const parts: (Int8Array | Uint8Array)[] = [];
  for (let i = 0; i < l.length; i += 1152)
    parts.push(enc.encodeBuffer(l.subarray(i, i + 1152), r.subarray(i, i + 1152)));
  parts.push(enc.flush());
  return new Uint8Array(
    parts.flatMap((p) => [...new Uint8Array(p.buffer, p.byteOffset, p.byteLength)]),
  );
}

const { urls, workers } = cleanUpAfterEach();
const poolWorker = () => startPoolWorker(workers);

/** The real helper worker, counted. */
function helperWorker(): Worker {
  const worker = new Worker(new URL('./decode-helper.worker.ts', import.meta.url), {
    type: 'module',
  });
  workers.push(worker);
  return worker;
}

async function load(bytes: Uint8Array): Promise<AudioJobResult> {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
  urls.push(url);
  const outcome = await poolWorker().load({ jobId: `s${urls.length}`, url, mode: 'plain' });
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.result;
}

function maxDifference(a: DecodedPcm, b: DecodedPcm): number {
  expect(a.frames).toBe(b.frames);
  expect(a.channels.length).toBe(b.channels.length);
  let max = 0;
  a.channels.forEach((p, c) => {
    for (let i = 0; i < p.length; i++) max = Math.max(max, Math.abs(p[i]! - b.channels[c]![i]!));
  });
  return max;
}

describe('split decoding in Chromium', () => {
  it('a pool job on a 10 s FLAC decodes in two halves, sample-identical to one decode', async () => {
    const bytes = flac();
    const result = await load(bytes);
    expect(result.splitAt).toBeGreaterThan(0);
    expect(maxDifference(result, await decodeAudio(bytes))).toBe(0);
    expect(maxDifference(result, await decodeFlacWithLibflac(bytes))).toBe(0);
  });

  it('FLAC and MP3 jobs in a row on one pool worker (the later ones into planes made ahead)', async () => {
    const api = poolWorker();
    for (const bytes of [flac(), flac(), mp3(), mp3()]) {
      const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
      urls.push(url);
      const outcome = await api.load({ jobId: `r${urls.length}`, url, mode: 'plain' });
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(maxDifference(outcome.result, await decodeAudio(bytes))).toBeLessThanOrEqual(1e-6);
      await new Promise((r) => setTimeout(r, 100)); // idle: the spare planes are touched
    }
  });

  it('a pool job on a 10 s MP3 decodes in two halves, within 1e-6 of one decode', async () => {
    const bytes = mp3();
    const result = await load(bytes);
    expect(result.splitAt).toBeGreaterThan(0);
    expect(maxDifference(result, await decodeAudio(bytes))).toBeLessThanOrEqual(1e-6);
  });

  it('the helper starts on first use, serves again, and stops after its idle time', async () => {
    const spawn = vi.fn(helperWorker);
    const decodeSegment = createDecodeHelper({ spawn, idleMs: 200 });
    const bytes = flac();
    const whole = await decodeAudio(bytes);
    expect(spawn).not.toHaveBeenCalled();
    for (let i = 0; i < 2; i++) {
      const pcm = await decodeAudio(bytes, { decodeSegment });
      expect(pcm.splitAt).toBeGreaterThan(0);
      expect(maxDifference(pcm, whole)).toBe(0);
    }
    expect(spawn).toHaveBeenCalledOnce();
    const terminate = vi.spyOn(spawn.mock.results[0]!.value as Worker, 'terminate');
    await new Promise((r) => setTimeout(r, 400));
    expect(terminate).toHaveBeenCalled();
    await decodeAudio(bytes, { decodeSegment });
    expect(spawn).toHaveBeenCalledTimes(2);
  });

  it('a helper that crashes: the second half is decoded locally, the same PCM', async () => {
    const crashing = () => {
      const url = URL.createObjectURL(
        new Blob(['throw new Error("boom")'], { type: 'text/javascript' }),
      );
      urls.push(url);
      const worker = new Worker(url);
      workers.push(worker);
      return worker;
    };
    const spawn = vi.fn(crashing);
    const decodeSegment = createDecodeHelper({ spawn });
    const bytes = flac();
    const t0 = performance.now();
    const pcm = await decodeAudio(bytes, { decodeSegment });
    expect(performance.now() - t0).toBeLessThan(1000); // the crash is noticed, not waited out
    expect(pcm.splitAt).toBeGreaterThan(0);
    expect(maxDifference(pcm, await decodeAudio(bytes))).toBe(0);
    // The next file starts a fresh helper.
    await decodeAudio(bytes, { decodeSegment });
    expect(spawn).toHaveBeenCalledTimes(2);
  });
});

describe('the TypeScript FLAC reader in Chromium', () => {
  it('gives libFLAC’s samples (VERBATIM, and escaped residuals with wasted bits)', async () => {
    for (const escaped of [false, true]) {
      const planes = referenceSignal(2, 44100, 44100);
      // Even samples in the first half of channel 0: a wasted bit in the escaped file.
      for (let i = 0; i < 22050; i++)
        planes[0]![i] = (2 * Math.round(planes[0]![i]! * 16384)) / 32768;
      const bytes = encodeFlac16(planes, 44100, { escaped });
      const ours = decodeFlacFrames(bytes);
      expect(ours).not.toBeNull();
      expect(maxDifference(ours!, await decodeFlacWithLibflac(bytes))).toBe(0);
    }
  });
});
