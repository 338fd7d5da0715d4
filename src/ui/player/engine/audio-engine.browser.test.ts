import { describe, expect, it } from 'vitest';
import { AudioError } from '../../../shared/audio/audio-errors.ts';
import { AudioEngine } from './audio-engine.ts';
import type { PcmSource } from './track-requests.ts';
import type { LoadedTrack } from './playback-engine.types.ts';
import {
  at,
  engineWith,
  maxStep,
  offlineContext,
  RATE,
  rms,
  tone,
} from './testing/offline-render.ts';

describe('fades rendered in an OfflineAudioContext', () => {
  it('start, pause, seek and end are click-free (largest step stated)', async () => {
    const { ctx, engine, track } = await engineWith(tone(1, RATE), RATE, 1.4);
    let ended = 0;
    const start = (offset: number) =>
      engine.start(track, offset, { fadeIn: true, onEnded: () => ended++ });
    start(0); // t = 0: start from the beginning, on a loud first frame (the 1 ms de-click)
    at(ctx, 0.3, () => engine.stop()); // pause
    at(ctx, 0.5, () => start(0.4)); // seek to 0.4 s: plays 0.6 s, ends at 1.1 s
    const out = (await ctx.startRendering()).getChannelData(0);
    const steps = {
      start: maxStep(out, 0, 0.1),
      pause: maxStep(out, 0.29, 0.45),
      seek: maxStep(out, 0.49, 0.6),
      end: maxStep(out, 1.0, 1.2),
    };
    console.info('largest sample-to-sample step', steps);
    // The tone alone steps by up to 2π·60/48000·0.9 ≈ 0.0071; a click would be ~0.9.
    const { start: first, ...faded } = steps;
    for (const step of Object.values(faded)) expect(step).toBeLessThan(0.01);
    // The de-click's quarter sine over 48 frames lifts 0.9 by at most 0.9·(π/2)/48 ≈ 0.029.
    expect(first).toBeLessThan(0.03);
    expect(rms(out, 0.15, 0.25)).toBeGreaterThan(0.55); // full level between the fades
    expect(rms(out, 0.36, 0.49)).toBe(0); // silent while paused
    expect(rms(out, 1.15, 1.4)).toBe(0); // silent after the end
    expect(ended).toBe(1); // the paused voice never reports an end
  });

  it('a start part-way fades in from the floor gain, audible within 1 ms, full gain at 50 ms', async () => {
    const render = async (fadeIn: boolean) => {
      const { ctx, engine, track } = await engineWith(tone(0.5, RATE), RATE, 0.2);
      // One period in (a resume or a seek), on the tone's peak again.
      engine.start(track, 1 / 60, { fadeIn, onEnded: () => {} });
      return (await ctx.startRendering()).getChannelData(0);
    };
    const faded = await render(true);
    const plain = await render(false); // the same output without the fade (volume glide and all)
    const gain = (i: number) => faded[i]! / plain[i]!;
    expect(gain(0)).toBeCloseTo(0.0001, 6); // the floor, not silence or a jump
    // Equal-power: sin(π/2 · 1/50) ≈ 0.031 after 1 ms (an exponential ramp is still at 1.2e-4,
    // below −60 dBFS for its first ~20 ms).
    expect(gain(RATE / 1000)).toBeGreaterThan(0.03);
    expect(gain(RATE / 40)).toBeCloseTo(Math.SQRT1_2, 3); // half way: −3 dB
    expect(gain(RATE / 20)).toBeCloseTo(1, 6);
    expect(maxStep(faded, 0, 0.1)).toBeLessThan(0.01);
  });

  it('a start at a sound’s beginning plays its attack as the file has it; part-way it fades in', async () => {
    // Silent first frame, then the tone: what a riser or a trimmed one-shot looks like.
    const silent = tone(0.5, RATE);
    silent[0] = 0;
    // A loud first frame (−1 dBFS), such as a sample cut on its attack.
    const loud = tone(0.5, RATE);
    const render = async (plane: Float32Array, offset: number, fadeIn: boolean) => {
      const { ctx, engine, track } = await engineWith(plane, RATE, 0.2);
      engine.start(track, offset, { fadeIn, onEnded: () => {} });
      return (await ctx.startRendering()).getChannelData(0);
    };
    const plain = await render(silent, 0, false);
    const fromStart = await render(silent, 0, true);
    // Full gain from the first frame: the attack is not blunted.
    for (const i of [1, 2, 10, RATE / 1000]) expect(fromStart[i]! / plain[i]!).toBeCloseTo(1, 6);
    // A loud first frame: a ~1 ms de-click ramp from the floor, then the file as it is (not the
    // 50 ms fade, which kept such a sound's quiet first milliseconds under −80 dBFS).
    const loudPlain = await render(loud, 0, false);
    const declicked = await render(loud, 0, true);
    const gain = (i: number) => declicked[i]! / loudPlain[i]!;
    expect(gain(0)).toBeCloseTo(0.0001, 6);
    expect(gain(RATE / 2000)).toBeCloseTo(Math.SQRT1_2, 2); // half way through 1 ms
    for (const i of [RATE / 1000, RATE / 500, RATE / 100]) expect(gain(i)).toBeCloseTo(1, 6);
    // Part-way (a seek, a resume): the 50 ms fade-in stays.
    const partWay = await render(silent, 0.1, true);
    const partWayPlain = await render(silent, 0.1, false);
    expect(partWay[RATE / 1000]! / partWayPlain[RATE / 1000]!).toBeLessThan(0.1);
  });

  it('a source change cross-fades without a click', async () => {
    const { ctx, engine, track } = await engineWith(tone(1, RATE), RATE, 0.6);
    engine.start(track, 0, { fadeIn: true, onEnded: () => {} });
    at(ctx, 0.2, () => engine.start(track, 0.5, { fadeIn: true, onEnded: () => {} }));
    const out = (await ctx.startRendering()).getChannelData(0);
    const step = maxStep(out, 0.19, 0.3);
    console.info('largest step at a source change', step);
    expect(step).toBeLessThan(0.01);
    expect(rms(out, 0.35, 0.45)).toBeGreaterThan(0.55);
  });

  it('a paused voice stays silent through its scheduled end fade', async () => {
    const { ctx, engine, track } = await engineWith(tone(1, RATE), RATE, 0.8);
    engine.start(track, 0.7, { fadeIn: true, onEnded: () => {} }); // end fade due at 0.25 s
    at(ctx, 0.1, () => engine.stop());
    const out = (await ctx.startRendering()).getChannelData(0);
    expect(rms(out, 0.2, 0.8)).toBe(0);
  });

  it('a progressive track starts on its first slice and continues seamlessly on the full buffer', async () => {
    const full = tone(1, RATE, 220);
    const render = async (progressive: boolean) => {
      const ctx = offlineContext(1.2);
      let finishFull: () => void = () => {};
      const source: PcmSource = (_song, _audition, _signal, onFirstChunk) =>
        new Promise((resolve) => {
          const pcm = {
            channels: [full, full],
            sampleRate: RATE,
            frames: full.length,
            peaks: new Float32Array(1),
          };
          if (!progressive) return resolve(pcm);
          const slice = full.subarray(0, 0.3 * RATE);
          onFirstChunk!({ planes: [slice, slice], sampleRate: RATE, estimatedDuration: 1 });
          finishFull = () => resolve(pcm);
        });
      const engine = new AudioEngine({ context: ctx, source });
      engine.setVolume(1);
      const track = await engine.load(
        { id: 1 },
        { audition: true, signal: new AbortController().signal },
      );
      let ended = 0;
      engine.start(track, 0, { fadeIn: true, onEnded: () => ended++ });
      at(ctx, 0.1, () => finishFull()); // the rest arrives while the first slice plays
      const out = (await ctx.startRendering()).getChannelData(0);
      return { out, ended, duration: track.duration };
    };
    const direct = await render(false);
    const progressive = await render(true);
    let diff = 0;
    for (let i = 0; i < direct.out.length; i++)
      diff = Math.max(diff, Math.abs(direct.out[i]! - progressive.out[i]!));
    console.info('largest difference, progressive vs direct', diff);
    expect(diff).toBeLessThan(1e-4);
    expect(maxStep(progressive.out, 0.1, 0.3)).toBeLessThan(0.03); // 220 Hz at 0.9 steps ≤ 0.026
    expect(progressive.ended).toBe(1);
    expect(progressive.duration).toBeCloseTo(1, 5); // the preview's estimate became the real length
  });

  it('a preview whose whole file then fails decryption fades out and reports DECRYPT', async () => {
    const ctx = offlineContext(0.6);
    const slice = tone(0.4, RATE);
    let fail: () => void = () => {};
    const source: PcmSource = (_song, _audition, _signal, onFirstChunk) =>
      new Promise((_resolve, reject) => {
        onFirstChunk!({ planes: [slice, slice], sampleRate: RATE, estimatedDuration: 1 });
        fail = () => reject(new AudioError('DECRYPT', 'decryption failed'));
      });
    const engine = new AudioEngine({ context: ctx, source });
    engine.setVolume(1);
    const track = await engine.load(
      { id: 1 },
      { audition: false, signal: new AbortController().signal },
    );
    const errors: string[] = [];
    let ended = 0;
    engine.start(track, 0, {
      fadeIn: true,
      onEnded: () => ended++,
      onError: (e) => errors.push(e.code),
    });
    at(ctx, 0.1, () => fail());
    const out = (await ctx.startRendering()).getChannelData(0);
    expect(errors).toEqual(['DECRYPT']);
    expect(ended).toBe(0);
    expect(rms(out, 0.02, 0.09)).toBeGreaterThan(0.5); // the preview played
    expect(maxStep(out, 0.09, 0.2)).toBeLessThan(0.01); // then faded out, no click
    expect(rms(out, 0.2, 0.6)).toBe(0); // and stayed silent
  });

  it('a voice that ends with its gate open (too short for an end fade) closes it, so its node stops', async () => {
    // 60 ms: no end fade is scheduled (it needs more than two fades' length).
    const { ctx, engine, track } = await engineWith(tone(0.06, RATE), RATE, 0.5);
    const fade = (
      engine as unknown as { voices: { wiring: { spare: { fade: AudioWorkletNode } } } }
    ).voices.wiring.spare.fade;
    let ended = 0;
    engine.start(track, 0, { fadeIn: false, onEnded: () => ended++ });
    // Give the source's ended event time to arrive while the render waits.
    void ctx.suspend(0.2).then(async () => {
      await new Promise((r) => setTimeout(r, 50));
      void ctx.resume();
    });
    await ctx.startRendering();
    expect(ended).toBe(1);
    expect(fade.parameters.get('gate')!.value).toBe(0); // FADE_GATE.closed, not left at full (2)
  });

  it('a voice stopped in the task that started it stays silent, and plays on the nodes wired ahead', async () => {
    const { ctx, engine, track } = await engineWith(tone(1, RATE), RATE, 0.5);
    // The plain voices' internals (buffer-voices.ts).
    const internals = (
      engine as unknown as {
        voices: {
          wiring: { spare: { source: AudioBufferSourceNode; fade: AudioWorkletNode } | null };
          voice: { source: AudioBufferSourceNode; fade: AudioWorkletNode } | null;
        };
      }
    ).voices;
    const ahead = internals.wiring.spare;
    expect(ahead?.fade).toBeInstanceOf(AudioWorkletNode);
    expect(ahead?.source.buffer).toBeNull();
    engine.start(track, 0, { fadeIn: true, onEnded: () => {} });
    // No node is made or connected between the click and the start: the voice took the set
    // wired ahead, and only its buffer was set.
    expect(internals.voice!.fade).toBe(ahead!.fade);
    expect(internals.voice!.source).toBe(ahead!.source);
    expect(internals.voice!.source.buffer?.duration).toBeCloseTo(1, 3);
    expect(internals.wiring.spare?.fade).not.toBe(ahead!.fade);
    expect(internals.wiring.spare?.source.buffer).toBeNull();
    engine.stop();
    const out = (await ctx.startRendering()).getChannelData(0);
    // It opened for one frame at the floor gain and faded out from there: nothing audible.
    expect(Math.max(...out.map(Math.abs))).toBeLessThan(0.001);
  });

  it('a mono file sounds the same in both channels (through the two-channel node made ahead)', async () => {
    const ctx = offlineContext(0.3);
    const plane = tone(0.5, RATE);
    const engine = new AudioEngine({
      context: ctx,
      source: async () => ({
        channels: [plane],
        sampleRate: RATE,
        frames: plane.length,
        peaks: new Float32Array(1),
      }),
    });
    engine.setVolume(1);
    const track = await engine.load(
      { id: 1 },
      { audition: false, signal: new AbortController().signal },
    );
    engine.start(track, 0, { fadeIn: true, onEnded: () => {} });
    const rendered = await ctx.startRendering();
    const [left, right] = [rendered.getChannelData(0), rendered.getChannelData(1)];
    expect(rms(left, 0.1, 0.2)).toBeGreaterThan(0.55);
    expect(Array.from(right)).toEqual(Array.from(left));
  });

  it('a file of more channels than the node made ahead gets a node of its own, every channel kept', async () => {
    const ctx = offlineContext(0.3, 6);
    // Six channels, each a tone of its own level: the sixth at 0.9 × 6/6, the first at 0.9 × 1/6.
    const planes = Array.from({ length: 6 }, (_, c) =>
      tone(0.5, RATE).map((v) => (v * (c + 1)) / 6),
    );
    const engine = new AudioEngine({
      context: ctx,
      source: async () => ({
        channels: planes,
        sampleRate: RATE,
        frames: planes[0]!.length,
        peaks: new Float32Array(1),
      }),
    });
    engine.setVolume(1);
    ctx.destination.channelCount = 6;
    ctx.destination.channelInterpretation = 'discrete';
    const track = await engine.load(
      { id: 1 },
      { audition: false, signal: new AbortController().signal },
    );
    engine.start(track, 0, { fadeIn: true, onEnded: () => {} });
    const rendered = await ctx.startRendering();
    for (let c = 0; c < 6; c++)
      expect(rms(rendered.getChannelData(c), 0.1, 0.2)).toBeCloseTo(
        (0.9 * Math.SQRT1_2 * (c + 1)) / 6,
        2,
      );
  });

  it('answers a decoded track synchronously (cached), and nothing for an unknown one', async () => {
    const { engine, track } = await engineWith(tone(0.2, RATE), RATE, 0.3);
    expect(engine.cached({ id: 1 }, false)).toEqual(track);
    expect(engine.cached({ id: 2 }, false)).toBeNull();
    expect(engine.cached({ id: 1, auditionCode: 'a1' }, true)).toBeNull();
  });

  it('without the fade the same start is a click (the check can fail)', async () => {
    const { ctx, engine, track } = await engineWith(tone(0.3, RATE), RATE, 0.5);
    engine.start(track, 0, { fadeIn: false, onEnded: () => {} });
    const out = (await ctx.startRendering()).getChannelData(0);
    // The first sample jumps from silence (the volume is still gliding up from 0.6 here).
    expect(maxStep(out, 0, 0.05)).toBeGreaterThan(0.5);
  });

  it('plays a 44.1 kHz file at the right speed and pitch on a 48 kHz context', async () => {
    const { ctx, engine, track } = await engineWith(tone(1, 44100, 441), 44100, 1.2);
    expect((track as LoadedTrack).duration).toBeCloseTo(1, 5);
    engine.start(track, 0, { fadeIn: true, onEnded: () => {} });
    const out = (await ctx.startRendering()).getChannelData(0);
    let crossings = 0;
    for (let i = Math.round(0.1 * RATE); i < Math.round(0.9 * RATE); i++)
      if (out[i - 1]! < 0 && out[i]! >= 0) crossings++;
    expect(crossings).toBeGreaterThanOrEqual(352); // 441 Hz × 0.8 s = 352.8
    expect(crossings).toBeLessThanOrEqual(353);
    expect(rms(out, 1.05, 1.2)).toBe(0); // ended on time: 1 s of audio, not 48/44.1 s
  });
});
