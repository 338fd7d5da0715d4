// A small algorithmic reverb for rooms and halls around the dry synthesized sounds.
import { framesOf } from './dsp.ts';

const COMB_TUNING = [1116, 1188, 1277, 1356, 1422, 1491];
const ALLPASS_TUNING = [556, 441, 341];

/**
 * A small Freeverb-style reverb (parallel damped combs into series allpasses). Returns wet
 * channels the same length as the input plus `tailSeconds`; the right channel uses offset
 * delay lengths so a mono source gains stereo width.
 */
export function reverb(
  input: Float32Array,
  sampleRate: number,
  options: {
    size?: number;
    damping?: number;
    wet?: number;
    tailSeconds?: number;
    stereo?: boolean;
  },
): Float32Array[] {
  const size = options.size ?? 0.8;
  const damping = options.damping ?? 0.3;
  const wet = options.wet ?? 0.3;
  const frames = input.length + framesOf(options.tailSeconds ?? 0, sampleRate);
  const scale = sampleRate / 44100;
  const sides = options.stereo === false ? [0] : [0, 23];
  return sides.map((spread) => {
    const out = new Float32Array(frames);
    out.set(input);
    const combs = COMB_TUNING.map((n) => new Float32Array(Math.round((n + spread) * scale)));
    const combIndex = new Int32Array(combs.length);
    const combStore = new Float64Array(combs.length);
    const allpasses = ALLPASS_TUNING.map((n) => new Float32Array(Math.round((n + spread) * scale)));
    const allpassIndex = new Int32Array(allpasses.length);
    const feedback = 0.7 + 0.28 * size;
    const dryGain = 1 - wet * 0.5;
    const wetGain = wet * 3;
    for (let t = 0; t < frames; t++) {
      const x = (t < input.length ? input[t]! : 0) * 0.015;
      let acc = 0;
      for (let k = 0; k < combs.length; k++) {
        const buf = combs[k]!;
        const i = combIndex[k]!;
        const y = buf[i]!;
        const store = y * (1 - damping) + combStore[k]! * damping;
        combStore[k] = store;
        buf[i]! = x + store * feedback;
        combIndex[k] = i + 1 === buf.length ? 0 : i + 1;
        acc += y;
      }
      for (let k = 0; k < allpasses.length; k++) {
        const buf = allpasses[k]!;
        const i = allpassIndex[k]!;
        const b = buf[i]!;
        buf[i]! = acc + b * 0.5;
        acc = b - acc;
        allpassIndex[k] = i + 1 === buf.length ? 0 : i + 1;
      }
      out[t] = out[t]! * dryGain + acc * wetGain;
    }
    return out;
  });
}
