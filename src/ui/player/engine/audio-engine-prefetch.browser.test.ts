import { describe, expect, it } from 'vitest';
import { AudioError } from '../../../shared/audio/audio-errors.ts';
import { AudioEngine } from './audio-engine.ts';
import type { PcmSource } from './track-requests.ts';
import type { LoadedPcm } from './track-loader.ts';

/** A source whose loads the test finishes by hand; it records each request and its signal. */
function handSource() {
  const calls: {
    key: string;
    signal: AbortSignal;
    previewRate: number | undefined;
    /** Hands out a first slice of 480 frames (as the pool does for a progressive file). */
    slice(): void;
    finish(): void;
  }[] = [];
  const source: PcmSource = (song, audition, signal, onFirstChunk, previewRate) =>
    new Promise<LoadedPcm>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new AudioError('ABORTED', 'cancelled')));
      const plane = new Float32Array(4800).fill(0.5);
      calls.push({
        key: `${audition ? 'audition' : 'play'}:${song.id}`,
        signal,
        previewRate,
        slice: () =>
          onFirstChunk?.({
            planes: [plane.slice(0, 480)],
            sampleRate: 48000,
            estimatedDuration: 0.12,
          }),
        finish: () =>
          resolve({ channels: [plane], sampleRate: 48000, frames: plane.length, peaks: plane }),
      });
    });
  const ctx = new OfflineAudioContext({ numberOfChannels: 2, length: 48000, sampleRate: 48000 });
  return { calls, engine: new AudioEngine({ context: ctx, source }) };
}

const signal = () => new AbortController().signal;

describe('AudioEngine prefetch (anticipation)', () => {
  it('a play of a row being prefetched takes the request over: one fetch, then cached', async () => {
    const { calls, engine } = handSource();
    expect(engine.prefetch({ id: 1 }, false)).toBe(true);
    expect(engine.prefetch({ id: 1 }, false)).toBe(false); // already on its way
    const played = engine.load({ id: 1 }, { audition: false, signal: signal() });
    expect(engine.busy()).toBe(true);
    calls[0]!.finish();
    await expect(played).resolves.toMatchObject({ key: 'play:1' });
    expect(calls).toHaveLength(1);
    expect(engine.cached({ id: 1 }, false)).toMatchObject({ key: 'play:1' });
    expect(engine.prefetch({ id: 1 }, false)).toBe(false); // cached
  });

  it('a play of another row stops the prefetches no play has taken over', async () => {
    const { calls, engine } = handSource();
    engine.prefetch({ id: 1 }, false);
    engine.prefetch({ id: 2 }, true);
    const played = engine.load({ id: 3 }, { audition: false, signal: signal() });
    expect(calls.map((c) => [c.key, c.signal.aborted])).toEqual([
      ['play:1', true],
      ['audition:2', true],
      ['play:3', false],
    ]);
    calls[2]!.finish();
    await played;
    // A prefetch stopped is fetched afresh when played.
    const again = engine.load({ id: 1 }, { audition: false, signal: signal() });
    expect(calls).toHaveLength(4);
    calls[3]!.finish();
    await expect(again).resolves.toMatchObject({ key: 'play:1' });
  });

  it('cancelPrefetches keeps the ones asked for and never a claimed one', () => {
    const { calls, engine } = handSource();
    engine.prefetch({ id: 1 }, false);
    engine.prefetch({ id: 2 }, false);
    void engine.load({ id: 2 }, { audition: false, signal: signal() }).catch(() => {});
    engine.prefetch({ id: 3 }, false);
    engine.cancelPrefetches(new Set(['play:3']));
    expect(calls.map((c) => c.signal.aborted)).toEqual([true, false, false]);
  });

  it('a first slice is judged at the speed the song plays; a faster play than a prefetch was judged for waits for the whole', async () => {
    const { calls, engine } = handSource();
    const flush = () => new Promise((r) => setTimeout(r, 0));
    engine.prefetch({ id: 1 }, false); // before Sync sped the song up
    engine.previewRate = (song) => (song.id === 1 ? 1.3 : 1);
    let answer: { duration: number } | null = null;
    const played = engine
      .load({ id: 1 }, { audition: false, signal: signal() })
      .then((t) => (answer = t));
    calls[0]!.slice();
    await flush();
    expect(answer).toBeNull(); // the slice, judged at 1, may run out at 1.3
    calls[0]!.finish();
    await played;
    expect(answer).toMatchObject({ key: 'play:1', duration: 0.1 }); // the whole
    // A play that starts the fetch itself asks for slices at its speed and may start on one.
    const second = engine.load({ id: 2 }, { audition: false, signal: signal() });
    expect(calls[0]!.previewRate).toBe(1);
    expect(calls[1]!.previewRate).toBe(1);
    engine.previewRate = () => 1.3;
    const third = engine.load({ id: 3 }, { audition: false, signal: signal() });
    expect(calls[2]!.previewRate).toBe(1.3);
    calls[2]!.slice();
    await expect(third).resolves.toMatchObject({ key: 'play:3', duration: 0.12 }); // the slice
    // A load that asks for the whole (a start on a bar line) never answers with the slice, even
    // one judged at its speed.
    engine.previewRate = () => 1;
    let whole: { duration: number } | null = null;
    const waited = engine
      .load({ id: 2 }, { audition: false, signal: signal(), whole: true })
      .then((t) => (whole = t));
    calls[1]!.slice();
    await flush();
    expect(whole).toBeNull();
    calls[1]!.finish();
    calls[2]!.finish();
    await Promise.all([second, waited]);
    expect(whole).toMatchObject({ key: 'play:2', duration: 0.1 });
  });

  it('a play that is cancelled frees the row: the next play of it fetches again', async () => {
    const { calls, engine } = handSource();
    const ctrl = new AbortController();
    const first = engine.load({ id: 1 }, { audition: false, signal: ctrl.signal });
    ctrl.abort();
    await expect(first).rejects.toMatchObject({ code: 'ABORTED' });
    const second = engine.load({ id: 1 }, { audition: false, signal: signal() });
    expect(calls).toHaveLength(2);
    calls[1]!.finish();
    await expect(second).resolves.toMatchObject({ key: 'play:1' });
    expect(engine.busy()).toBe(false);
  });
});
