import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DecodedPcm } from '../shared/audio/worker-protocol.ts';
import { decodeAudio, decodeSegmentHere } from './decode-audio.ts';
import { decodeFlac } from './flac/decode-flac.ts';
import { splitFlac } from './flac/split-flac.ts';
import { decodeSplit, oneAtATime, type SplitPlan } from './split-decode.ts';
import { libflacEncode, testSignal } from './testing/split-fixtures.ts';

let bytes: Uint8Array;
let plan: SplitPlan;
let whole: DecodedPcm;
beforeAll(async () => {
  bytes = await libflacEncode(testSignal(2, 220500, 44100), 44100);
  plan = splitFlac(bytes)!;
  whole = await decodeFlac(bytes);
});

const expectWhole = (pcm: DecodedPcm | null) => {
  expect(pcm).not.toBeNull();
  expect(pcm!.frames).toBe(whole.frames);
  pcm!.channels.forEach((p, c) => expect(p).toEqual(whole.channels[c]));
};

describe('decodeSplit when the second thread lets it down', () => {
  it('a helper that fails: the tail is decoded here', async () => {
    const remote = vi.fn(() => Promise.reject(new Error('helper crashed')));
    const pcm = await decodeSplit(plan, 'flac', (b) => decodeFlac(b), remote);
    expectWhole(pcm);
    expect(pcm!.splitAt).toBe(plan.headFrames);
    expect(remote).toHaveBeenCalledOnce();
  });

  it('a helper that never answers: the tail is decoded here after the grace time', async () => {
    const t0 = performance.now();
    expectWhole(
      await decodeSplit(
        plan,
        'flac',
        (b) => decodeFlac(b),
        () => new Promise(() => {}),
      ),
    );
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it('a tail of the wrong length, rate or channel count: null (the caller decodes whole)', async () => {
    const tail = await decodeSegmentHere(plan.tail, 'flac');
    const short = { ...tail, frames: tail.frames - 1 };
    const mono = { ...tail, channels: tail.channels.slice(0, 1) };
    const rate = { ...tail, sampleRate: 48000 };
    for (const wrong of [short, mono, rate])
      expect(
        await decodeSplit(
          plan,
          'flac',
          (b) => decodeFlac(b),
          async () => wrong,
        ),
      ).toBeNull();
  });

  it('decodeAudio decodes the whole file when the halves do not add up', async () => {
    const broken = vi.fn(async () => ({ ...whole, frames: 10 }));
    const pcm = await decodeAudio(bytes, { decodeSegment: broken });
    expectWhole(pcm);
    expect(pcm.splitAt).toBeUndefined();
    expect(broken).toHaveBeenCalledOnce();
  });

  it('a head that fails to decode: null', async () => {
    const failing = () => Promise.reject(new Error('trap'));
    expect(await decodeSplit(plan, 'flac', failing, decodeSegmentHere)).toBeNull();
  });
});

describe('decodeSplit joins', () => {
  it('into the head’s own planes when the FLAC reader sized them for the whole file', async () => {
    let headBuffer: ArrayBufferLike | undefined;
    const local = async (b: Uint8Array) => {
      const pcm = await decodeFlac(b);
      headBuffer ??= pcm.channels[0]!.buffer;
      return pcm;
    };
    const pcm = await decodeSplit(plan, 'flac', local, decodeSegmentHere);
    expectWhole(pcm);
    expect(headBuffer!.byteLength).toBe(whole.frames * 4);
    expect(pcm!.channels[0]!.buffer).toBe(headBuffer);
  });

  it('into new planes when the head’s are only as long as the head', async () => {
    const exact = async (b: Uint8Array) => {
      const pcm = await decodeFlac(b);
      return { ...pcm, channels: pcm.channels.map((p) => p.slice()) };
    };
    const head = await exact(plan.head);
    expect(head.channels[0]!.buffer.byteLength).toBe(plan.headFrames * 4);
    const pcm = await decodeSplit(plan, 'flac', exact, decodeSegmentHere);
    expectWhole(pcm);
    expect(pcm!.channels[0]!.buffer.byteLength).toBe(whole.frames * 4);
  });
});

describe('oneAtATime', () => {
  it('runs calls in order, each after the previous one settled (failures included)', async () => {
    const log: string[] = [];
    const run = oneAtATime(async (name: string, fail: boolean) => {
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    });
    const results = await Promise.allSettled([run('a', true), run('b', false)]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
  });
});
