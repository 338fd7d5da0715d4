import { FADE_GATE } from '../../shared/audio/worklet-params.ts';
import { DEFAULTS } from '../../shared/constants.ts';
// Vite bundles the worklet and hands back its URL; this is a URL, not an import of worklet code.
// oxlint-disable-next-line no-restricted-imports, import/default
import fadeWorkletUrl from '../../worklets/fade.worklet.ts?worker&url';

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

/**
 * Schedules the tail fade of a voice with `remaining` seconds to play from `at`: its gate closes
 * one fade before the end, unless the voice is too short for it.
 */
export function closeAtEnd(gate: AudioParam, at: number, remaining: number): void {
  if (remaining > 2 * FADE_S) gate.setValueAtTime(FADE_GATE.closed, at + remaining - FADE_S);
}

/** A first frame at or under this (−60 dBFS) is no step to hide. */
const QUIET_START = 1e-3;

/**
 * Whether a voice starting `from` seconds into `buffer` needs its fade-in. The fade hides the step
 * of a start part-way through a waveform; a start at the sound's very beginning on a near-silent
 * first frame has no step, and a fade there only blunts the attack a producer auditions for and
 * keeps a sound that rises from silence (a riser, a swell) inaudible for longer (docs/AUDIO.md).
 */
export function needsFadeIn(buffer: AudioBuffer, from: number): boolean {
  if (from > 0) return true;
  for (let c = 0; c < buffer.numberOfChannels; c++)
    if (Math.abs(buffer.getChannelData(c)[0] ?? 0) > QUIET_START) return true;
  return false;
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
