/** Registered name of the fade AudioWorklet processor (src/worklets/fade.worklet.ts). */
export const FADE_PROCESSOR_NAME = 'yinku-fade';

/** A fade command posted to the fade processor's port; times are on the AudioContext clock. */
export interface FadeCommand {
  type: 'fade';
  /** `in` ramps from the floor gain to 1, `out` from 1 to the floor gain then silence. */
  direction: 'in' | 'out';
  /** Context time (s) at which the ramp starts, applied at the exact sample frame. */
  at: number;
  /** Ramp length (s). */
  duration: number;
}

/** A command to set the gain at once (no ramp) at a context time, e.g. when no fade-in is wanted. */
export interface SetGainCommand {
  type: 'set';
  gain: number;
  at: number;
}

/** Every message the fade processor accepts. */
export type FadeMessage = FadeCommand | SetGainCommand;

/** `processorOptions` of a fade node: its gain before any command, and commands known up front. */
export interface FadeInit {
  initialGain: number;
  schedule: FadeMessage[];
}

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
