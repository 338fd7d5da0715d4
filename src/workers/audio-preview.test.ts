import { Mp3Encoder } from '@breezystack/lamejs';
import { beforeAll, describe, expect, it } from 'vitest';
import { AudioError } from '../shared/audio/audio-errors.ts';
import { PLAY_HEADERS } from '../shared/audio/protocol.ts';
import type { AudioJob } from '../shared/audio/worker-protocol.ts';
import { buildWav, referenceSignal } from '../wasm/testing/audio-fixtures.ts';
import { concatBytes } from '../shared/bytes.ts';
import { PREVIEW_BYTES, runAudioJob } from './audio-pipeline.ts';
import { encryptLikeGateway, testDeviceKey } from './testing/encrypt-like-gateway.ts';

// 1 s of stereo 16-bit 44.1 kHz: 176 KB, of which the preview gets the first slice.
const wav = buildWav(referenceSignal(2, 44100, 44100), { encoding: 'int', bits: 16 });
let device: CryptoKeyPair;

beforeAll(async () => {
  device = await testDeviceKey();
});

/** A fetch answering `body` in two parts: the first `split` bytes, then the rest `restAfterMs` later. */
function streamed(
  body: Uint8Array,
  headers: Record<string, string>,
  { split = 32 * 1024, firstAfterMs = 0, restAfterMs = 20, length = true } = {},
) {
  return (async () => {
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        await new Promise((r) => setTimeout(r, firstAfterMs));
        controller.enqueue(body.slice(0, split));
        await new Promise((r) => setTimeout(r, restAfterMs));
        controller.enqueue(body.slice(split));
        controller.close();
      },
    });
    const all = length ? { ...headers, 'content-length': String(body.length) } : headers;
    return new Response(stream, { headers: all });
  }) as unknown as typeof fetch;
}

async function encrypted(plain: Uint8Array) {
  const enc = await encryptLikeGateway(plain, device.publicKey);
  const headers = { [PLAY_HEADERS.encryptedKey]: enc.key, [PLAY_HEADERS.iv]: enc.iv };
  return { body: enc.body, headers };
}

const job = (mode: 'encrypted' | 'plain'): AudioJob<CryptoKey> => ({
  jobId: 'p1',
  url: 'http://gateway.test/api/v2/tt-audios/play/1',
  mode,
  accessToken: 'token-1',
  keyId: 'key-1',
  privateKey: device.privateKey,
});

/** 6 s of stereo 128 kbit/s LAME: ~96 KB. */
const mp3 = (() => {
  const [l, r] = referenceSignal(2, 6 * 44100, 44100).map((p) =>
    Int16Array.from(p, (v) => Math.round(v * 32767)),
  ) as [Int16Array, Int16Array];
  const encoder = new Mp3Encoder(2, 44100, 128);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < l.length; i += 1152)
    parts.push(encoder.encodeBuffer(l.subarray(i, i + 1152), r.subarray(i, i + 1152)));
  parts.push(encoder.flush());
  return concatBytes(parts);
})();

/** Runs a job, collecting the preview slices it hands out (and when, from the job's start). */
async function run(mode: 'encrypted' | 'plain', fetchImpl: typeof fetch, previewRate?: number) {
  const chunks: { planes: Float32Array[]; fraction: number; atMs: number }[] = [];
  const started = performance.now();
  const outcome = await runAudioJob({ ...job(mode), previewRate }, new AbortController().signal, {
    fetch: fetchImpl,
    onChunk: (planes, _rate, fraction) =>
      chunks.push({ planes, fraction, atMs: performance.now() - started }),
  }).then(
    (result) => ({ result, error: null }),
    (error: unknown) => ({ result: null, error: error as AudioError }),
  );
  return { ...outcome, chunks };
}

describe('previews from the first bytes of a body', () => {
  it('an encrypted or plain WAV is previewed from its first bytes, identical to the full decode', async () => {
    const enc = await encrypted(wav);
    for (const [mode, body, headers] of [
      ['encrypted', enc.body, enc.headers],
      ['plain', wav, {}],
    ] as const) {
      const { result, chunks } = await run(mode, streamed(body, headers));
      expect(chunks).toHaveLength(1);
      const [left, right] = chunks[0]!.planes;
      // Every whole frame of the first 32 KB (header 44 bytes, 4 bytes a frame).
      expect(left!.length).toBe(Math.floor((32 * 1024 - 44) / 4));
      expect(chunks[0]!.fraction).toBeCloseTo((32 * 1024) / wav.length, 6);
      expect(left).toEqual(result!.channels[0]!.subarray(0, left!.length));
      expect(right).toEqual(result!.channels[1]!.subarray(0, right!.length));
      expect(result!.frames).toBe(44100);
    }
  });

  it('a body altered after its preview still ends in DECRYPT (the tag is checked)', async () => {
    const enc = await encrypted(wav);
    enc.body[100_000]! ^= 1;
    const { error, chunks } = await run('encrypted', streamed(enc.body, enc.headers));
    expect(chunks).toHaveLength(1);
    expect(error).toBeInstanceOf(AudioError);
    expect(error!.code).toBe('DECRYPT');
  });

  it('a wrong IV gives no preview (the bytes are noise) and DECRYPT', async () => {
    const enc = await encrypted(wav);
    const headers = { ...enc.headers, [PLAY_HEADERS.iv]: btoa('\0'.repeat(12)) };
    const { error, chunks } = await run('encrypted', streamed(enc.body, headers));
    expect(chunks).toHaveLength(0);
    expect(error!.code).toBe('DECRYPT');
  });

  it('no preview when the rest would arrive after the preview ran out, or the length is unknown', async () => {
    const enc = await encrypted(wav);
    // The first 16 KB took 150 ms: the other 160 KB would take ~1.5 s, the preview lasts 0.09 s.
    const slow = await run(
      'encrypted',
      streamed(enc.body, enc.headers, { split: PREVIEW_BYTES + 100, firstAfterMs: 150 }),
    );
    expect(slow.chunks).toHaveLength(0);
    expect(slow.result!.frames).toBe(44100);
    const chunked = await run('encrypted', streamed(enc.body, enc.headers, { length: false }));
    expect(chunked.chunks).toHaveLength(0);
    expect(chunked.result!.frames).toBe(44100);
  });

  it('a preview played faster (a synced stretch) must outlast the rest at that speed', async () => {
    const enc = await encrypted(wav);
    // 32 KB in ≥ 5 ms: the other 144 KB take ≥ 22 ms; 0.19 s of preview at 8× lasts 23 ms.
    const fast = await run('encrypted', streamed(enc.body, enc.headers, { firstAfterMs: 5 }), 8);
    expect(fast.chunks).toHaveLength(0);
    expect(fast.result!.frames).toBe(44100);
  });

  it('a body that arrives in one read is previewed from its first 32 KB; a short file is not', async () => {
    const enc = await encrypted(wav);
    const atOnce = await run(
      'encrypted',
      streamed(enc.body, enc.headers, { split: enc.body.length }),
    );
    expect(atOnce.chunks).toHaveLength(1);
    expect(atOnce.chunks[0]!.planes[0]!.length).toBe(Math.floor((32 * 1024 - 44) / 4));
    expect(atOnce.result!.frames).toBe(44100);
    // 0.3 s (53 KB): decoded whole at once, no preview.
    const short = buildWav(referenceSignal(2, 13230, 44100), { encoding: 'int', bits: 16 });
    const small = await encrypted(short);
    const one = await run('encrypted', streamed(small.body, small.headers, { split: 20_000 }));
    expect(one.chunks).toHaveLength(0);
    expect(one.result!.frames).toBe(13230);
  });

  it('a plain MP3 is previewed from its first 8 KB, the same samples as the full decode', async () => {
    const { result, chunks } = await run('plain', streamed(mp3, {}, { split: 20_000 }));
    expect(chunks).toHaveLength(1);
    const preview = chunks[0]!.planes[0]!;
    // 8 KB at 128 kbit/s is about half a second; whole 1152-sample frames only.
    expect(preview.length).toBeGreaterThan(0.4 * 44100);
    expect(preview.length).toBeLessThan(0.6 * 44100);
    expect(chunks[0]!.fraction).toBeCloseTo((8 * 1024) / mp3.length, 6);
    expect(preview).toEqual(result!.channels[0]!.subarray(0, preview.length));
  });

  it('a plain MP3 is previewed once 8 KB are in; a WAV waits for 16 KB', async () => {
    // 9,000 bytes first, the rest 150 ms later.
    const plan = { split: 9000, restAfterMs: 150 };
    const early = await run('plain', streamed(mp3, {}, plan));
    expect(early.chunks).toHaveLength(1);
    expect(early.chunks[0]!.atMs).toBeLessThan(100);
    expect(early.chunks[0]!.fraction).toBeCloseTo((8 * 1024) / mp3.length, 6);
    const late = await run('plain', streamed(wav, {}, plan));
    expect(late.chunks).toHaveLength(1);
    expect(late.chunks[0]!.atMs).toBeGreaterThanOrEqual(140);
  });

  it('a body shorter than its Content-Length is NETWORK', async () => {
    const short = (async () =>
      new Response(wav.slice(0, 40_000), {
        headers: { 'content-length': String(wav.length) },
      })) as unknown as typeof fetch;
    const { error } = await run('plain', short);
    expect(error!.code).toBe('NETWORK');
  });
});
