/** Registered name of the fade AudioWorklet processor (src/worklets/fade.worklet.ts). */
export const FADE_PROCESSOR_NAME = 'yinku-fade';

/**
 * Name of the fade processor's a-rate gate parameter, which starts and stops its voice.
 * AudioParam automation reaches the audio thread with the source's own start() and stop(), on the
 * exact frame; a port message or a new node's processor may come a render quantum later (in an
 * offline render, after the render).
 */
export const FADE_GATE_PARAM = 'gate';

/**
 * Gate values. A voice's node is `closed` (silent) until the gate becomes `fadeIn` (a 50 ms
 * equal-power fade-in from that frame), `declick` (the same shape over DECLICK_MS: a play from a
 * sound's beginning on a loud first frame) or `full` (full gain from that frame); `closed` again
 * fades it out over 50 ms from its current gain, and it stays silent for good.
 */
export const FADE_GATE = { closed: 0, fadeIn: 1, full: 2, declick: 3 } as const;

/** A gate value (FADE_GATE). */
export type FadeGate = (typeof FADE_GATE)[keyof typeof FADE_GATE];

/**
 * Length of the de-click ramp (ms): long enough to round off a first frame's step from silence,
 * short enough to leave the attack as the file has it (docs/AUDIO.md, "Fades").
 */
export const DECLICK_MS = 1;

/** Registered name of the detector processor used by tests and benchmarks to find first sound. */
export const DETECTOR_PROCESSOR_NAME = 'yinku-detector';

/** Message the detector posts once it sees a sample above its threshold. */
export interface DetectorHit {
  type: 'hit';
  /** currentFrame of the first non-silent sample. */
  frame: number;
  /** currentTime of that sample (s). */
  time: number;
}

/** Registered name of the recorder processor used by tests and benchmarks to hear the output. */
export const RECORDER_PROCESSOR_NAME = 'yinku-recorder';

/** What the recorder is told: start recording from the next render quantum, or stop. */
export type RecorderCommand = 'start' | 'stop';

/** What the recorder posts: the first channel's frames from `frame` on, then `done` after a stop. */
export type RecorderChunk = { type: 'chunk'; frame: number; data: Float32Array } | { type: 'done' };
/**
 * Registered name of the stretch processor (src/worklets/stretch.worklet.ts: Signalsmith Stretch,
 * which registers itself under this name). Its port speaks `[id, method, ...args]` and answers
 * `[id, result]`; it posts `['ready', methods]` once its WASM runs and `['time', seconds]` now and
 * then.
 */
export const STRETCH_PROCESSOR_NAME = 'signalsmith-stretch';

/** One change of a stretch node's time map (Signalsmith Stretch's `schedule`). */
export interface StretchSegment {
  /** Context time the change takes effect (s). */
  output?: number;
  /**
   * Changes at or after this context time are replaced by this one (default: the processor's
   * current time, which would drop every change still ahead); give it `output`.
   */
  outputTime?: number;
  /** Whether the node plays. */
  active?: boolean;
  /** Position in the node's input buffers (s, at the context's rate). */
  input?: number;
  /** Input seconds per output second. */
  rate?: number;
  /** Pitch shift (semitones). */
  semitones?: number;
  /** Loop bounds in the input (s); equal bounds: no loop. */
  loopStart?: number;
  loopEnd?: number;
}
