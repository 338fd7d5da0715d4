/**
 * Where hits fall, to the millisecond (a microphone take's tempo and downbeat, docs/AUDIO.md
 * "My beat"): the energy over the last 20 ms, and how fast its log rises (the log of it less
 * that 5 ms before, floored at 60 dB under the loudest). Every hit of a kind gives the rise the
 * same shape, so its peaks fall at the same point of each; the analysis' flux, in 11.6 ms frames,
 * puts them up to a frame off, drifting with the frame grid's phase. 20 ms spans a 60 Hz kick's
 * cycle, so a kick's energy has no ripple.
 */

/** The energy (`level`, per 20 ms) and its log rise, one value a frame, and the frame rate. */
export interface EnergyRise {
  level: Float64Array;
  rise: Float32Array;
  /** Frames per second: about 1000, a whole number of samples a frame. */
  rate: number;
}

/** Frames per second aimed at, the energy window and the rise's lag (frames). */
const RISE_RATE = 1000;
const WINDOW = 20;
const LAG = 5;

/** The energy and its rise of a mono `signal` at `rate`. */
export function energyRise(signal: Float32Array, rate: number): EnergyRise {
  const hop = Math.max(1, Math.round(rate / RISE_RATE));
  const frames = Math.floor(signal.length / hop);
  const energy = new Float64Array(frames);
  for (let f = 0; f < frames; f++)
    for (let i = f * hop; i < (f + 1) * hop; i++) energy[f]! += signal[i]! ** 2;
  const level = new Float64Array(frames);
  let sum = 0;
  let top = 0;
  for (let f = 0; f < frames; f++) {
    sum += energy[f]! - (f >= WINDOW ? energy[f - WINDOW]! : 0);
    level[f] = Math.max(0, sum);
    top = Math.max(top, level[f]!);
  }
  const floor = top * 1e-6 + 1e-20;
  const rise = new Float32Array(frames);
  for (let f = LAG; f < frames; f++)
    rise[f] = Math.max(0, Math.log10((level[f]! + floor) / (level[f - LAG]! + floor)));
  return { level, rise, rate: rate / hop };
}
