import { getAudioEngine } from '../engine/audio-runtime.ts';

/**
 * The audio engine's output analyser for the live spectrum. Only asked for while something plays,
 * so the engine (and its AudioContext) already exists; null where Web Audio is missing.
 */
export function playerAnalyser(): AnalyserNode | null {
  if (typeof AudioContext === 'undefined') return null;
  return getAudioEngine().analyser;
}
