import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioError } from '../../../shared/audio/audio-errors.ts';
import type { AudioJob, AudioJobResult } from '../../../shared/audio/worker-protocol.ts';
import { forgetDeviceKey, loadPrivateKey } from './device-key.ts';
import { TrackLoader } from './track-loader.ts';
import type { AudioWorkerPool } from './worker-pool.ts';

/** A pool that records jobs and answers from a script of outcomes. */
function fakePool(outcomes: (AudioJobResult | AudioError)[]) {
  const jobs: AudioJob<CryptoKey>[] = [];
  const pool = {
    load: async (job: AudioJob<CryptoKey>) => {
      jobs.push(job);
      const next = outcomes.shift()!;
      if (next instanceof AudioError) throw next;
      return { ...next, jobId: job.jobId };
    },
    cancel: vi.fn(),
  };
  return { pool: pool as unknown as AudioWorkerPool, jobs, cancel: pool.cancel };
}

const pcm = (): AudioJobResult => ({
  jobId: '',
  channels: [new Float32Array(10)],
  sampleRate: 44100,
  frames: 10,
  format: 'wav',
  bitDepth: 16,
  peaks: new Float32Array([0.5]),
  timings: { fetch: 0, decrypt: 0, decode: 0 },
});

let registrations: { publicKey: string; auth: string | null }[];
beforeEach(async () => {
  await forgetDeviceKey();
  registrations = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { publicKey: string };
    registrations.push({
      publicKey: body.publicKey,
      auth: new Headers(init?.headers).get('authorization'),
    });
    return Response.json({ code: 200, msg: 'ok', data: { keyId: `key-${registrations.length}` } });
  });
});
afterEach(() => vi.restoreAllMocks());

const session = { baseUrl: 'http://gateway.test/', getAccessToken: () => 'tok' };

describe('device key and track loading', () => {
  it('makes one non-extractable RSA-OAEP key per device and keeps it across loads', async () => {
    const a = await loadPrivateKey();
    const b = await loadPrivateKey();
    expect(a.privateKey.extractable).toBe(false);
    expect(a.privateKey.algorithm).toMatchObject({
      name: 'RSA-OAEP',
      modulusLength: 2048,
      hash: { name: 'SHA-256' },
    });
    expect(b.publicKey).toBe(a.publicKey);
  });

  it('registers the public key once per session and sends the key id with each play job', async () => {
    const { pool, jobs } = fakePool([pcm(), pcm()]);
    const loader = new TrackLoader(pool);
    loader.setSession(session);
    const signal = new AbortController().signal;
    await loader.load({ id: 1 }, false, signal);
    await loader.load({ id: 2 }, false, signal);
    expect(registrations).toHaveLength(1);
    expect(registrations[0]!.auth).toBe('Bearer tok');
    expect(registrations[0]!.publicKey).toBe((await loadPrivateKey()).publicKey);
    expect(jobs.map((j) => [j.mode, j.keyId, j.url])).toEqual([
      ['encrypted', 'key-1', 'http://gateway.test/api/v2/tt-audios/play/1'],
      ['encrypted', 'key-1', 'http://gateway.test/api/v2/tt-audios/play/2'],
    ]);
    expect(jobs[0]!.privateKey).toBeInstanceOf(CryptoKey);
    expect(Array.from(loader.spectra.get(1)!)).toEqual([0.5]);
  });

  it('posts a play synchronously once key and keyId are known (not after queued microtasks)', async () => {
    const { pool, jobs } = fakePool([pcm(), pcm(), pcm()]);
    const loader = new TrackLoader(pool);
    loader.setSession(session);
    const signal = new AbortController().signal;
    // First play: the key is loaded and registered, so the job waits for both.
    const first = loader.load({ id: 1 }, false, signal);
    expect(jobs).toHaveLength(0);
    await first;
    const second = loader.load({ id: 2 }, false, signal);
    expect(jobs.map((j) => j.keyId)).toEqual(['key-1', 'key-1']);
    await second;
    // A forgotten device key is not used from memory: the next play waits for the new one.
    await forgetDeviceKey();
    const third = loader.load({ id: 3 }, false, signal);
    expect(jobs).toHaveLength(2);
    await third;
    expect(jobs[2]!.keyId).toBe('key-2');
    expect(registrations).toHaveLength(2);
  });

  it('re-registers exactly once when the gateway says the key is unknown', async () => {
    const unknown = () => new AudioError('UNKNOWN_CLIENT_KEY', 'unknown key', 409);
    const { pool, jobs } = fakePool([unknown(), pcm(), unknown(), unknown()]);
    const loader = new TrackLoader(pool);
    loader.setSession(session);
    const signal = new AbortController().signal;
    await loader.load({ id: 1 }, false, signal);
    expect(jobs.map((j) => j.keyId)).toEqual(['key-1', 'key-2']);
    const error = await loader.load({ id: 2 }, false, signal).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNKNOWN_CLIENT_KEY' });
    expect(registrations).toHaveLength(3); // one retry per play, never a loop
  });

  it('auditions use the plain preview URL without token or key; no token means no full play', async () => {
    const { pool, jobs } = fakePool([pcm()]);
    const loader = new TrackLoader(pool);
    loader.setSession({ ...session, getAccessToken: () => null });
    await loader.load({ id: 3, auditionCode: 'AUD_3' }, true, new AbortController().signal);
    expect(jobs[0]).toMatchObject({
      mode: 'plain',
      url: 'http://gateway.test/api/v2/tt-audios/play-audition/AUD_3',
    });
    expect(jobs[0]!.accessToken).toBeUndefined();
    const error = await loader
      .load({ id: 3 }, false, new AbortController().signal)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'HTTP', status: 401 });
    expect(registrations).toHaveLength(0);
  });

  it('an abort cancels the job in the pool by its id', async () => {
    const { pool, cancel } = fakePool([]);
    (pool as unknown as { load: () => Promise<never> }).load = () => new Promise(() => {});
    const loader = new TrackLoader(pool);
    loader.setSession(session);
    const controller = new AbortController();
    void loader.load({ id: 4, auditionCode: 'A4' }, true, controller.signal);
    await new Promise((r) => setTimeout(r, 0));
    controller.abort();
    expect(cancel).toHaveBeenCalledWith(expect.stringMatching(/^job-/));
  });

  it('a play refused with 401 refreshes once (the shared refresh) and plays with the new token', async () => {
    const { pool, jobs } = fakePool([new AudioError('HTTP', 'token expired', 401), pcm()]);
    const loader = new TrackLoader(pool);
    let token = 'old';
    const refresh = vi.fn(async () => (token = 'new'));
    loader.setSession({ ...session, getAccessToken: () => token, refresh });
    await loader.load({ id: 1 }, false, new AbortController().signal);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('old');
    expect(jobs.map((j) => j.accessToken)).toEqual(['old', 'new']);
    // The new token has its own key registration.
    expect(registrations.map((r) => r.auth)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('a stale token is refreshed before the play; a session that is over stays a 401', async () => {
    const { pool, jobs } = fakePool([pcm()]);
    const loader = new TrackLoader(pool);
    const refresh = vi.fn(async () => 'fresh');
    loader.setSession({ ...session, refresh, tokenStale: () => true });
    await loader.load({ id: 1 }, false, new AbortController().signal);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(jobs.map((j) => j.accessToken)).toEqual(['fresh']);
    const over = new TrackLoader(fakePool([]).pool);
    over.setSession({ ...session, refresh: async () => null, tokenStale: () => true });
    await expect(over.load({ id: 2 }, false, new AbortController().signal)).rejects.toMatchObject({
      code: 'HTTP',
      status: 401,
    });
  });
});
