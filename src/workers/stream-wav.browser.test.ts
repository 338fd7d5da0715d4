import type * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import type { AudioJobOutcome, AudioWorkerApi } from '../shared/audio/worker-protocol.ts';
import { computePeaks } from '../wasm/pcm/compute-peaks.ts';
import { decodeWav } from '../wasm/pcm/decode-wav.ts';
import { buildWav, referenceSignal } from '../wasm/testing/audio-fixtures.ts';
import { cleanUpAfterEach, startPoolWorker } from './testing/pool-worker.ts';

const { urls, workers } = cleanUpAfterEach();
const poolWorker = () => startPoolWorker(workers);

const blobUrl = (bytes: Uint8Array) => {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
  urls.push(url);
  return url;
};

let seq = 0;
const load = (worker: Comlink.Remote<AudioWorkerApi<CryptoKey>>, url: string) =>
  worker.load({ jobId: `w${++seq}`, url, mode: 'plain' });

/** The job decoded exactly what decodeWav + computePeaks make of the same bytes. */
function expectWholeFileResult(outcome: AudioJobOutcome, bytes: Uint8Array): void {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  const whole = decodeWav(bytes);
  expect(outcome.result).toMatchObject({
    format: 'wav',
    frames: whole.frames,
    sampleRate: whole.sampleRate,
  });
  expect(outcome.result.channels).toEqual(whole.channels);
  expect(outcome.result.peaks).toEqual(computePeaks(whole.channels, 256));
}

describe('WAV decoded while it downloads, in the real pool worker (Chromium)', () => {
  it('over HTTP (the test server, with Content-Length): sox fixtures of 8, 16, 24 and 32 bits', async () => {
    const worker = poolWorker();
    for (const bits of [8, 16, 24, 32]) {
      const url = new URL(`../wasm/pcm/fixtures/pluck-pcm${bits}.wav`, import.meta.url).href;
      const response = await fetch(url);
      expect(response.headers.get('content-length')).not.toBeNull();
      const bytes = new Uint8Array(await response.arrayBuffer());
      expectWholeFileResult(await load(worker, url), bytes);
    }
  });

  it('10 s stereo 16-bit, 6-channel 24-bit and a short file in turn: planes made ahead fit or not', async () => {
    const worker = poolWorker();
    const files = [
      buildWav(referenceSignal(2, 441_000, 44100), { encoding: 'int', bits: 16 }),
      buildWav(referenceSignal(2, 441_000, 44100), { encoding: 'int', bits: 16 }),
      buildWav(referenceSignal(6, 96_000, 48000), { encoding: 'int', bits: 24, sampleRate: 48000 }),
      buildWav(referenceSignal(1, 5000, 22050), { encoding: 'float', bits: 32, sampleRate: 22050 }),
      buildWav(referenceSignal(2, 441_000, 44100), { encoding: 'int', bits: 16 }),
    ];
    for (const bytes of files) {
      const url = blobUrl(bytes);
      // Blob answers carry their length too, so the body is streamed into one buffer.
      expect((await fetch(url)).headers.get('content-length')).toBe(String(bytes.length));
      expectWholeFileResult(await load(worker, url), bytes);
      // Idle time for the worker to make the next file's planes.
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('bad bodies are typed errors and the worker keeps serving', async () => {
    const worker = poolWorker();
    const good = buildWav(referenceSignal(2, 4410, 44100), { encoding: 'int', bits: 16 });
    const adpcm = good.slice();
    adpcm[20] = 0x11;
    const noChannels = good.slice();
    noChannels[22] = 0;
    for (const [bytes, code] of [
      [good.slice(0, 1023), 'INVALID_AUDIO'],
      [adpcm, 'UNSUPPORTED_FORMAT'],
      [noChannels, 'INVALID_AUDIO'],
    ] as const) {
      const outcome = await load(worker, blobUrl(bytes));
      expect(outcome.ok ? 'ok' : outcome.error.code).toBe(code);
    }
    expectWholeFileResult(await load(worker, blobUrl(good)), good);
  });
});
