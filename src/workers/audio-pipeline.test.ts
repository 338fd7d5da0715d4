import { beforeAll, describe, expect, it } from 'vitest';
import type { AudioJob } from '../shared/audio/worker-protocol.ts';
import { PLAY_HEADERS } from '../shared/audio/protocol.ts';
import { buildWav, referenceSignal } from '../wasm/testing/audio-fixtures.ts';
import { runAudioJob } from './audio-pipeline.ts';
import { decryptPrefix, unwrapAudioKey } from './decrypt-audio.ts';
import { encryptLikeGateway, testDeviceKey, toB64 } from './testing/encrypt-like-gateway.ts';
import { expectAudioError } from '../testing/expect-audio-error.ts';

let device: CryptoKeyPair;
const wav = buildWav(referenceSignal(2, 4410, 44100), { encoding: 'int', bits: 16 });
const job = (over: Partial<AudioJob<CryptoKey>> = {}): AudioJob<CryptoKey> => ({
  jobId: 'j1',
  url: 'http://gateway.test/api/v2/tt-audios/play/1',
  mode: 'encrypted',
  accessToken: 'token-1',
  keyId: 'key-1',
  privateKey: device.privateKey,
  ...over,
});

/** A fetch that answers one fixed response and records the request. */
function answer(body: BodyInit | null, init: ResponseInit = {}) {
  const seen: { url: string; headers: Record<string, string> }[] = [];
  const impl = (async (url: string, options: RequestInit) => {
    seen.push({ url, headers: options.headers as Record<string, string> });
    return new Response(body, init);
  }) as unknown as typeof fetch;
  return { impl, seen };
}

beforeAll(async () => {
  device = await testDeviceKey();
});

describe('the encrypted play pipeline', () => {
  it('sends token and key id, unwraps, decrypts, decodes and computes peaks', async () => {
    const enc = await encryptLikeGateway(wav, device.publicKey);
    const { impl, seen } = answer(enc.body as BodyInit, {
      headers: {
        [PLAY_HEADERS.encryptedKey]: enc.key,
        [PLAY_HEADERS.iv]: enc.iv,
        'content-type': 'audio/mpeg',
      },
    });
    const result = await runAudioJob(job(), new AbortController().signal, { fetch: impl });
    expect(seen[0]!.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'x-client-key-id': 'key-1',
    });
    // Sniffed from bytes: the misleading content-type changes nothing.
    expect(result).toMatchObject({ jobId: 'j1', format: 'wav', sampleRate: 44100, frames: 4410 });
    expect(result.channels).toHaveLength(2);
    expect(result.peaks).toHaveLength(256);
    expect(Math.max(...result.peaks)).toBeCloseTo(0.8, 2);
  });

  it('unwraps the answer key once into GCM and CTR keys, neither extractable', async () => {
    // A private key that may only unwrap, as the app makes it.
    const unwrapOnly = await testDeviceKey(['encrypt', 'wrapKey', 'unwrapKey']);
    const enc = await encryptLikeGateway(wav, unwrapOnly.publicKey);
    const key = await unwrapAudioKey(enc.key, enc.iv, unwrapOnly.privateKey);
    expect(key.gcm.algorithm.name).toBe('AES-GCM');
    expect(key.ctr.algorithm.name).toBe('AES-CTR');
    expect([key.gcm.extractable, key.ctr.extractable]).toEqual([false, false]);
    const prefix = await decryptPrefix(enc.body.subarray(0, 4096), enc.body.length, key);
    expect(prefix).toEqual(wav.subarray(0, 4096));
  });

  it('a wrong IV, a wrong device key or an altered body is DECRYPT', async () => {
    const enc = await encryptLikeGateway(wav, device.publicKey);
    const other = await testDeviceKey(['decrypt', 'unwrapKey']);
    const headers = {
      [PLAY_HEADERS.encryptedKey]: enc.key,
      [PLAY_HEADERS.iv]: toB64(new Uint8Array(12)),
    };
    const signal = new AbortController().signal;
    expect(
      (
        await expectAudioError(
          runAudioJob(job(), signal, { fetch: answer(enc.body as BodyInit, { headers }).impl }),
        )
      ).code,
    ).toBe('DECRYPT');
    const good = { [PLAY_HEADERS.encryptedKey]: enc.key, [PLAY_HEADERS.iv]: enc.iv };
    const wrongKey = runAudioJob(job({ privateKey: other.privateKey }), signal, {
      fetch: answer(enc.body as BodyInit, { headers: good }).impl,
    });
    expect((await expectAudioError(wrongKey)).code).toBe('DECRYPT');
    const altered = enc.body.slice();
    altered[100]! ^= 1;
    expect(
      (
        await expectAudioError(
          runAudioJob(job(), signal, {
            fetch: answer(altered as BodyInit, { headers: good }).impl,
          }),
        )
      ).code,
    ).toBe('DECRYPT');
    expect(
      (
        await expectAudioError(
          runAudioJob(job(), signal, { fetch: answer(enc.body as BodyInit).impl }),
        )
      ).code,
    ).toBe('DECRYPT');
  });

  it('1023 decrypted bytes are INVALID_AUDIO, 1024 get to the decoder', async () => {
    const signal = new AbortController().signal;
    const small = await encryptLikeGateway(wav.subarray(0, 1023), device.publicKey);
    const headers = (e: typeof small) => ({
      [PLAY_HEADERS.encryptedKey]: e.key,
      [PLAY_HEADERS.iv]: e.iv,
    });
    const tooSmall = await expectAudioError(
      runAudioJob(job(), signal, {
        fetch: answer(small.body as BodyInit, { headers: headers(small) }).impl,
      }),
    );
    expect(tooSmall.code).toBe('INVALID_AUDIO');
    const enough = await encryptLikeGateway(wav.subarray(0, 1024), device.publicKey);
    const result = await runAudioJob(job(), signal, {
      fetch: answer(enough.body as BodyInit, { headers: headers(enough) }).impl,
    });
    expect(result.frames).toBe(Math.floor((1024 - 44) / 4));
  });
});

describe('a whole body shorter than its header declares', () => {
  it('plays what it has and is marked truncated, with both lengths; the whole file is not', async () => {
    const long = buildWav(referenceSignal(2, 44100, 44100), { encoding: 'int', bits: 16 });
    const signal = new AbortController().signal;
    const play = async (bytes: Uint8Array) => {
      const enc = await encryptLikeGateway(bytes, device.publicKey);
      const headers = { [PLAY_HEADERS.encryptedKey]: enc.key, [PLAY_HEADERS.iv]: enc.iv };
      return runAudioJob(job(), signal, { fetch: answer(enc.body as BodyInit, { headers }).impl });
    };
    const cut = await play(long.subarray(0, 44 + 4 * 17640));
    expect(cut.frames).toBe(17640);
    expect(Math.max(...cut.peaks)).toBeCloseTo(0.8, 2);
    expect(cut.truncated).toEqual({
      reason: 'the WAV data chunk runs past the end of the file',
      declaredSeconds: 1,
      presentSeconds: 0.4,
    });
    expect((await play(long)).truncated).toBeUndefined();
  });
});

describe('the plain audition pipeline and HTTP failures', () => {
  it('decodes a plain answer without a key', async () => {
    const result = await runAudioJob(
      job({ mode: 'plain', privateKey: undefined }),
      new AbortController().signal,
      {
        fetch: answer(wav as BodyInit).impl,
      },
    );
    expect(result.format).toBe('wav');
  });

  it('an empty body and an HTML error page are INVALID_AUDIO', async () => {
    const signal = new AbortController().signal;
    const plain = job({ mode: 'plain' });
    expect(
      (await expectAudioError(runAudioJob(plain, signal, { fetch: answer(null).impl }))).code,
    ).toBe('INVALID_AUDIO');
    const html = `<!doctype html><title>Oops</title>${'<p>error</p>'.repeat(200)}`;
    expect(
      (await expectAudioError(runAudioJob(plain, signal, { fetch: answer(html).impl }))).code,
    ).toBe('INVALID_AUDIO');
  });

  it('409 UNKNOWN_CLIENT_KEY and other statuses are typed, with the gateway message', async () => {
    const signal = new AbortController().signal;
    const envelope = JSON.stringify({
      code: 409,
      msg: 'unknown key',
      errorCode: 'UNKNOWN_CLIENT_KEY',
      data: null,
    });
    const unknown = await expectAudioError(
      runAudioJob(job(), signal, { fetch: answer(envelope, { status: 409 }).impl }),
    );
    expect(unknown).toMatchObject({
      code: 'UNKNOWN_CLIENT_KEY',
      status: 409,
      message: 'unknown key',
    });
    const missing = await expectAudioError(
      runAudioJob(job(), signal, {
        fetch: answer('nope', {
          status: 404,
          headers: { 'x-error-message': encodeURIComponent('没有这个样本') },
        }).impl,
      }),
    );
    expect(missing).toMatchObject({ code: 'HTTP', status: 404, message: '没有这个样本' });
  });

  it('a network failure is NETWORK; a cancelled job is ABORTED', async () => {
    const broken = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect(
      (await expectAudioError(runAudioJob(job(), new AbortController().signal, { fetch: broken })))
        .code,
    ).toBe('NETWORK');
    const controller = new AbortController();
    const slow = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal!.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        ),
      )) as unknown as typeof fetch;
    const pending = runAudioJob(job(), controller.signal, { fetch: slow });
    controller.abort();
    expect((await expectAudioError(pending)).code).toBe('ABORTED');
  });
});
