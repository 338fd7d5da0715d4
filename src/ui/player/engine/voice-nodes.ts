import { FADE_GATE, type FadeGate } from '../../../shared/audio/worklet-params.ts';
import { DEFAULTS } from '../../../shared/constants.ts';
// Vite bundles the worklet and hands back its URL; this is a URL, not an import of worklet code.
// oxlint-disable-next-line no-restricted-imports, import/default
import fadeWorkletUrl from '../../../worklets/fade.worklet.ts?worker&url';

/** Fade length (s). */
export const FADE_S = DEFAULTS.fadeMs / 1000;

/** An AudioBuffer at the planes' own rate (the context resamples on playback). */
export function toBuffer(planes: Float32Array[], sampleRate: number): AudioBuffer {
  const buffer = new AudioBuffer({
    length: planes[0]!.length,
    numberOfChannels: planes.length,
    sampleRate,
  });
  planes.forEach((plane, c) => buffer.copyToChannel(plane as Float32Array<ArrayBuffer>, c));
  return buffer;
}

/** Frames copied a task by `toBufferInSlices`: about a millisecond of copying each. */
const SLICE_FRAMES = 1 << 16;

/**
 * `toBuffer` a slice a task. Copying into a fresh AudioBuffer runs at a few hundred MB/s on a
 * small VM (its pages are touched for the first time): a 10 s stereo track is a 13–50 ms task,
 * a long task beside a render. A whole that takes over from a playing first slice has time to
 * spare, so it is copied in slices, one macrotask apart.
 */
export async function toBufferInSlices(
  planes: Float32Array[],
  sampleRate: number,
): Promise<AudioBuffer> {
  const length = planes[0]!.length;
  const buffer = new AudioBuffer({ length, numberOfChannels: planes.length, sampleRate });
  for (let from = 0; from < length; from += SLICE_FRAMES) {
    if (from > 0) await nextTask();
    planes.forEach((plane, c) =>
      buffer.copyToChannel(
        plane.subarray(from, from + SLICE_FRAMES) as Float32Array<ArrayBuffer>,
        c,
        from,
      ),
    );
  }
  return buffer;
}

/** Resolves in a new task (a message, not a timer: timers nested this deep wait 4 ms). */
function nextTask(): Promise<void> {
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Schedules the tail fade of a voice with `remaining` seconds to play from `at`: its gate closes
 * one fade before the end, unless the voice is too short for it. Answers the close's time (a
 * loop switched on later cancels it), or null when none was scheduled.
 */
export function closeAtEnd(gate: AudioParam, at: number, remaining: number): number | null {
  if (remaining <= 2 * FADE_S) return null;
  const close = at + remaining - FADE_S;
  gate.setValueAtTime(FADE_GATE.closed, close);
  return close;
}

/** A first frame at or under this (−60 dBFS) is no step to hide. */
const QUIET_START = 1e-3;

/**
 * How a voice starting `from` seconds into `buffer` opens (docs/AUDIO.md, "The attack"). A play
 * from the sound's very beginning plays its first frames as the file has them: at full gain, or
 * through the ~1 ms de-click ramp when the first frame is loud (a step from silence). A start
 * part-way (a seek, a resume) fades in over 50 ms, which hides the step into a waveform
 * (docs/PRODUCT.md §4). `fadeIn` false (one-shots of 0.5 s or less) always opens at full gain.
 */
export function openingGate(buffer: AudioBuffer, from: number, fadeIn: boolean): FadeGate {
  if (!fadeIn) return FADE_GATE.full;
  if (from > 0) return FADE_GATE.fadeIn;
  for (let c = 0; c < buffer.numberOfChannels; c++)
    if (Math.abs(buffer.getChannelData(c)[0] ?? 0) > QUIET_START) return FADE_GATE.declick;
  return FADE_GATE.full;
}

/** Bytes an AudioBuffer holds (Float32 per sample per channel). */
export const bufferBytes = (b: AudioBuffer) => b.length * b.numberOfChannels * 4;

const worklets = new WeakMap<BaseAudioContext, Promise<void>>();
const loaded = new WeakSet<BaseAudioContext>();

/** Loads the fade processor into a context once (memoised per context). */
export function loadFadeWorklet(context: BaseAudioContext): Promise<void> {
  let ready = worklets.get(context);
  if (!ready) {
    ready = context.audioWorklet.addModule(fadeWorkletUrl).then(() => void loaded.add(context));
    worklets.set(context, ready);
  }
  return ready;
}

/** True once the fade processor is loaded in `context` (a voice can start synchronously). */
export const isFadeWorkletLoaded = (context: BaseAudioContext): boolean => loaded.has(context);
