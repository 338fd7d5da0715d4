/**
 * Loops rendered in an OfflineAudioContext through the engine's own voices (docs/AUDIO.md,
 * "Loops"): a loop is one continuous voice, its passes the buffer tiled, the first slice handing
 * over without a seam, its position wrapping, its mode changing without a restart.
 */
import { describe, expect, it } from 'vitest';
import { AudioEngine } from './audio-engine.ts';
import type { PcmSource } from './track-requests.ts';
import { at, engineWith, maxStep, offlineContext, RATE, rms } from './testing/offline-render.ts';

/** The engine's volume when nobody sets it (DEFAULTS.playerVolume): constant, no glide. */
const GAIN = 0.6;
/** The loop's length: 0.25 s. */
const L = RATE / 4;

/**
 * A loop that is not periodic inside itself and does not run into its own start (a step at the
 * seam), so a pass started at the wrong frame, a fade or a gap at a seam all show; silent first
 * frame, so it opens at full gain.
 */
function loopSignal(): Float32Array {
  return Float32Array.from({ length: L }, (_, i) => {
    const t = i / RATE;
    return (
      (0.5 * Math.sin(2 * Math.PI * 97.3 * t) + 0.3 * Math.sin(2 * Math.PI * 313.7 * t)) *
      (0.4 + 2 * t)
    );
  });
}

/** Largest |out[i] − GAIN · plane[(i + shift) mod L]| over [from, to) seconds. */
function tiledError(out: Float32Array, plane: Float32Array, from: number, to: number, shift = 0) {
  let max = 0;
  for (let i = Math.round(from * RATE); i < Math.round(to * RATE); i++)
    max = Math.max(max, Math.abs(out[i]! - GAIN * plane[(i + shift) % plane.length]!));
  return max;
}

/** An engine whose track arrives as a first slice of `sliceFrames`, the whole at `fullAt` (s). */
async function progressive(
  plane: Float32Array,
  sliceFrames: number,
  fullAt: number,
  seconds: number,
) {
  const ctx = offlineContext(seconds);
  let finish: () => void = () => {};
  const source: PcmSource = (_song, _audition, _signal, onFirstChunk) =>
    new Promise((resolve) => {
      const slice = plane.subarray(0, sliceFrames);
      onFirstChunk!({ planes: [slice, slice], sampleRate: RATE, estimatedDuration: L / RATE });
      finish = () =>
        resolve({
          channels: [plane, plane],
          sampleRate: RATE,
          frames: L,
          peaks: new Float32Array(1),
        });
    });
  const engine = new AudioEngine({ context: ctx, source });
  const track = await engine.load(
    { id: 1 },
    { audition: false, signal: new AbortController().signal },
  );
  at(ctx, fullAt, () => finish());
  return { ctx, engine, track };
}

describe('loops rendered in an OfflineAudioContext', () => {
  it('three passes of a looped buffer equal the buffer tiled three times', async () => {
    const plane = loopSignal();
    const { ctx, engine, track } = await engineWith(plane, RATE, 0.8, {});
    let ended = 0;
    engine.start(track, 0, { fadeIn: true, loop: true, onEnded: () => ended++ });
    const out = (await ctx.startRendering()).getChannelData(0);
    const error = tiledError(out, plane, 0, 0.75);
    console.info('largest difference, three looped passes vs the buffer tiled', error);
    expect(error).toBeLessThan(1e-6);
    expect(rms(out, 0.75, 0.8)).toBeGreaterThan(0.1); // still playing: no end fade at a seam
    expect(ended).toBe(0);
  });

  it('the first slice hands over to the full buffer without a seam, on the first pass', async () => {
    const plane = loopSignal();
    const { ctx, engine, track } = await progressive(plane, RATE / 10, 0.05, 0.8);
    engine.start(track, 0, { fadeIn: true, loop: true, onEnded: () => {} });
    const out = (await ctx.startRendering()).getChannelData(0);
    expect(tiledError(out, plane, 0, 0.75)).toBeLessThan(1e-6);
  });

  it('a slice that holds the whole loop loops itself, and the full buffer takes over past a seam', async () => {
    const plane = loopSignal();
    // The whole arrives in the second pass: the seam at 0.25 s fell inside the slice.
    const { ctx, engine, track } = await progressive(plane, L, 0.33, 0.8);
    engine.start(track, 0, { fadeIn: true, loop: true, onEnded: () => {} });
    const out = (await ctx.startRendering()).getChannelData(0);
    expect(tiledError(out, plane, 0, 0.75)).toBeLessThan(1e-6);
  });

  it('the position wraps at the loop’s length', async () => {
    const { ctx, engine, track } = await engineWith(loopSignal(), RATE, 0.8, {});
    engine.start(track, 0, { fadeIn: true, loop: true, onEnded: () => {} });
    const seen: number[] = [];
    for (const t of [0.1, 0.3, 0.6]) at(ctx, t, () => seen.push(engine.position()));
    await ctx.startRendering();
    // One render quantum (2.7 ms) of slack: the context suspends on quantum boundaries.
    [0.1, 0.05, 0.1].forEach((expected, i) => expect(seen[i]).toBeCloseTo(expected, 2));
  });

  it('a loop started part-way (a seek) fades in there and wraps to the file’s start', async () => {
    const plane = loopSignal();
    const { ctx, engine, track } = await engineWith(plane, RATE, 0.6, {});
    engine.start(track, 0.2, { fadeIn: true, loop: true, onEnded: () => {} });
    const out = (await ctx.startRendering()).getChannelData(0);
    expect(Math.abs(out[0]!)).toBeLessThan(1e-3); // the fade-in's floor
    expect(tiledError(out, plane, 0.06, 0.55, 0.2 * RATE)).toBeLessThan(1e-6);
  });

  it('leaving a repeating mode lets the pass end with its tail fade; entering one keeps it going', async () => {
    const plane = loopSignal();
    const off = await engineWith(plane, RATE, 0.8, {});
    let ended = 0;
    off.engine.start(off.track, 0, { fadeIn: true, loop: true, onEnded: () => ended++ });
    at(off.ctx, 0.3, () => off.engine.setLoop(false));
    const offOut = (await off.ctx.startRendering()).getChannelData(0);
    expect(tiledError(offOut, plane, 0, 0.44)).toBeLessThan(1e-6); // the second pass, untouched
    expect(rms(offOut, 0.51, 0.8)).toBe(0); // then it ended
    expect(ended).toBe(1);

    const on = await engineWith(plane, RATE, 0.8, {});
    on.engine.start(on.track, 0, { fadeIn: true, onEnded: () => ended++ });
    at(on.ctx, 0.1, () => on.engine.setLoop(true));
    const onOut = (await on.ctx.startRendering()).getChannelData(0);
    expect(tiledError(onOut, plane, 0, 0.75)).toBeLessThan(1e-6); // no tail fade, no restart
    expect(ended).toBe(1);
  });

  it('a seamless loop is click-free across its seams, and its pause keeps the fade', async () => {
    // 15 whole periods of 60 Hz in 0.25 s: the loop runs into its own start.
    const sine = Float32Array.from(
      { length: L },
      (_, i) => 0.9 * Math.sin((2 * Math.PI * 60 * i) / RATE),
    );
    const { ctx, engine, track } = await engineWith(sine, RATE, 1, { volume: 1 });
    engine.start(track, 0, { fadeIn: true, loop: true, onEnded: () => {} });
    at(ctx, 0.8, () => engine.stop());
    const out = (await ctx.startRendering()).getChannelData(0);
    // The tone alone steps by up to 2π·60/48000·0.9 ≈ 0.0071, at the seams too; a click, ~0.9.
    expect(maxStep(out, 0, 1)).toBeLessThan(0.0075);
    expect(rms(out, 0.2, 0.3)).toBeGreaterThan(0.6); // full level across the first seam
    expect(rms(out, 0.86, 1)).toBe(0); // silent after the pause's fade
  });
});
