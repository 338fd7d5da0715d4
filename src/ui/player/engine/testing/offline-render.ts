/**
 * Helpers of the engine's render tests (OfflineAudioContext in Chromium): signals, measures of a
 * rendered channel, and an engine on a fake PCM source.
 */
import { AudioEngine } from '../audio-engine.ts';
import type { PcmSource } from '../track-requests.ts';

/** The context rate of every render test. */
export const RATE = 48000;

/** A sine at 0.9 starting on its peak (cosine): a hard start or stop would step by ~0.9. */
export function tone(seconds: number, sampleRate: number, hz = 60): Float32Array {
  return Float32Array.from(
    { length: Math.round(seconds * sampleRate) },
    (_, i) => 0.9 * Math.cos((2 * Math.PI * hz * i) / sampleRate),
  );
}

/** A source that answers `plane` (twice: stereo) at once. */
export const sourceOf =
  (plane: Float32Array, sampleRate: number): PcmSource =>
  async () => ({
    channels: [plane, plane.slice()],
    sampleRate,
    frames: plane.length,
    peaks: new Float32Array(256),
  });

/** Largest |x[i] - x[i-1]| in [from, to) seconds of a rendered channel (silence before frame 0). */
export function maxStep(data: Float32Array, from: number, to: number): number {
  let max = 0;
  const end = Math.min(data.length, Math.round(to * RATE));
  for (let i = Math.round(from * RATE); i < end; i++)
    max = Math.max(max, Math.abs(data[i]! - (i > 0 ? data[i - 1]! : 0)));
  return max;
}

/** RMS over [from, to) seconds of a rendered channel. */
export function rms(data: Float32Array, from: number, to: number): number {
  let sum = 0;
  const a = Math.round(from * RATE);
  const b = Math.round(to * RATE);
  for (let i = a; i < b; i++) sum += data[i]! ** 2;
  return Math.sqrt(sum / (b - a));
}

/** At `t` (s) of an offline render, runs `action` while the context is suspended (and what it queues). */
export function at(ctx: OfflineAudioContext, t: number, action: () => void): void {
  void ctx.suspend(t).then(async () => {
    action();
    // Offline rendering outruns any look-ahead: let promise callbacks schedule before resuming.
    await new Promise((r) => setTimeout(r, 0));
    void ctx.resume();
  });
}

/** An offline context of `seconds` at RATE (two channels unless told). */
export function offlineContext(seconds: number, numberOfChannels = 2): OfflineAudioContext {
  return new OfflineAudioContext({
    numberOfChannels,
    length: Math.round(seconds * RATE),
    sampleRate: RATE,
  });
}

/** An offline context of `seconds` and an engine on it whose track 1 is `plane` at `sampleRate`. */
export async function engineWith(
  plane: Float32Array,
  sampleRate: number,
  seconds: number,
  options: { volume?: number } = { volume: 1 },
) {
  const ctx = offlineContext(seconds);
  const engine = new AudioEngine({ context: ctx, source: sourceOf(plane, sampleRate) });
  if (options.volume !== undefined) engine.setVolume(options.volume);
  const track = await engine.load(
    { id: 1 },
    { audition: false, signal: new AbortController().signal },
  );
  return { ctx, engine, track };
}
