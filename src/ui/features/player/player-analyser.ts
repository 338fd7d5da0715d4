/**
 * The audio engine's output analyser for the live spectrum, or null while the engine has not
 * started. Bound to the engine's public index once it exports one.
 */
export function playerAnalyser(): AnalyserNode | null {
  return null;
}
