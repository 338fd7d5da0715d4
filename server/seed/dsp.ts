// Signal-processing building blocks for the synthesized demo library. Everything works on
// Float32Array buffers at an explicit sample rate and is deterministic given its Rng.
import type { Rng } from './prng.ts';

/** Frequency in Hz of a MIDI note number (A4 = 69 = 440 Hz). */
export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** Number of frames for a duration in seconds. */
export function framesOf(seconds: number, sampleRate: number): number {
  return Math.max(1, Math.round(seconds * sampleRate));
}

/** RBJ biquad filter; coefficients can be changed while running for sweeps. */
export class Biquad {
  private b0 = 1;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;
  private readonly sampleRate: number;

  constructor(sampleRate: number) {
    this.sampleRate = sampleRate;
  }

  /** Sets the filter type, cutoff/centre (Hz) and Q; gainDb only for peaking. */
  set(type: 'lowpass' | 'highpass' | 'bandpass' | 'peaking', freq: number, q = 0.707, gainDb = 0) {
    const f = Math.min(Math.max(freq, 10), this.sampleRate * 0.45);
    const w = (2 * Math.PI * f) / this.sampleRate;
    const cos = Math.cos(w);
    const alpha = Math.sin(w) / (2 * q);
    let b0: number, b1: number, b2: number, a0: number, a1: number, a2: number;
    if (type === 'lowpass') {
      b1 = 1 - cos;
      b0 = b1 / 2;
      b2 = b0;
      a0 = 1 + alpha;
      a1 = -2 * cos;
      a2 = 1 - alpha;
    } else if (type === 'highpass') {
      b1 = -(1 + cos);
      b0 = (1 + cos) / 2;
      b2 = b0;
      a0 = 1 + alpha;
      a1 = -2 * cos;
      a2 = 1 - alpha;
    } else if (type === 'bandpass') {
      // Constant 0 dB peak gain.
      b0 = alpha;
      b1 = 0;
      b2 = -alpha;
      a0 = 1 + alpha;
      a1 = -2 * cos;
      a2 = 1 - alpha;
    } else {
      const A = 10 ** (gainDb / 40);
      b0 = 1 + alpha * A;
      b1 = -2 * cos;
      b2 = 1 - alpha * A;
      a0 = 1 + alpha / A;
      a1 = -2 * cos;
      a2 = 1 - alpha / A;
    }
    this.b0 = b0 / a0;
    this.b1 = b1 / a0;
    this.b2 = b2 / a0;
    this.a1 = a1 / a0;
    this.a2 = a2 / a0;
    return this;
  }

  /** Filters one sample. */
  process(x: number): number {
    const y =
      this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/** Filters a whole buffer in place with a fixed biquad. */
export function filterInPlace(
  buffer: Float32Array,
  sampleRate: number,
  type: 'lowpass' | 'highpass' | 'bandpass' | 'peaking',
  freq: number,
  q = 0.707,
  gainDb = 0,
): Float32Array {
  const filter = new Biquad(sampleRate).set(type, freq, q, gainDb);
  for (let i = 0; i < buffer.length; i++) buffer[i] = filter.process(buffer[i]!);
  return buffer;
}

/** Band-limited sawtooth/square oscillator (polyBLEP) with a settable frequency. */
export class Osc {
  private phase: number;
  private readonly sampleRate: number;

  constructor(sampleRate: number, phase = 0) {
    this.sampleRate = sampleRate;
    this.phase = phase;
  }

  private blep(t: number, dt: number): number {
    if (t < dt) {
      const x = t / dt;
      return x + x - x * x - 1;
    }
    if (t > 1 - dt) {
      const x = (t - 1) / dt;
      return x * x + x + x + 1;
    }
    return 0;
  }

  /** Next sample of a waveform at `freq` Hz. */
  next(freq: number, shape: 'sine' | 'saw' | 'square' | 'triangle'): number {
    const dt = freq / this.sampleRate;
    const t = this.phase;
    this.phase += dt;
    if (this.phase >= 1) this.phase -= Math.floor(this.phase);
    if (shape === 'sine') return Math.sin(2 * Math.PI * t);
    if (shape === 'triangle') return 1 - 4 * Math.abs(t - 0.5);
    if (shape === 'saw') return 2 * t - 1 - this.blep(t, dt);
    let sq = t < 0.5 ? 1 : -1;
    sq += this.blep(t, dt);
    sq -= this.blep((t + 0.5) % 1, dt);
    return sq;
  }
}

/** Karplus–Strong plucked string with a fractional-delay tuned loop. */
export function pluckString(
  rng: Rng,
  sampleRate: number,
  freq: number,
  seconds: number,
  options: { brightness?: number; decay?: number; pickPosition?: number } = {},
): Float32Array {
  const brightness = options.brightness ?? 0.5;
  const decay = options.decay ?? 0.996;
  const out = new Float32Array(framesOf(seconds, sampleRate));
  // The averaging filter adds half a sample of delay; the allpass takes the fractional rest.
  const period = sampleRate / freq - 0.5;
  const length = Math.max(2, Math.floor(period));
  const frac = period - length;
  const apCoef = (1 - frac) / (1 + frac);
  const line = new Float32Array(length);
  // Excitation: noise low-passed by brightness, with a pick-position comb for timbre.
  let lp = 0;
  for (let i = 0; i < length; i++) {
    lp += (0.15 + 0.85 * brightness) * (rng.noise() - lp);
    line[i] = lp;
  }
  const pick = Math.floor(length * (options.pickPosition ?? 0.13));
  if (pick > 0) for (let i = length - 1; i >= pick; i--) line[i]! -= line[i - pick]!;
  let index = 0;
  let prev = 0;
  let apX = 0;
  let apY = 0;
  const damp = 0.5 * (0.5 + 0.5 * brightness);
  for (let i = 0; i < out.length; i++) {
    const current = line[index]!;
    const averaged = decay * ((1 - damp) * current + damp * prev);
    prev = current;
    const y = apCoef * averaged + apX - apCoef * apY;
    apX = averaged;
    apY = y;
    line[index] = y;
    out[i] = current;
    index = index + 1 === length ? 0 : index + 1;
  }
  return out;
}

/** Adds `source` into `target` starting at frame `at`, scaled by `gain`. */
export function mixInto(target: Float32Array, source: Float32Array, at: number, gain = 1): void {
  const start = Math.max(0, Math.round(at));
  const end = Math.min(target.length, start + source.length);
  for (let i = start; i < end; i++) target[i]! += source[i - start]! * gain;
}

/** Soft saturation (tanh) with a drive amount. */
export function saturate(buffer: Float32Array, drive: number): Float32Array {
  const norm = Math.tanh(drive);
  for (let i = 0; i < buffer.length; i++) buffer[i] = Math.tanh(buffer[i]! * drive) / norm;
  return buffer;
}

/** Short fades at both ends so no file starts or stops with a click. */
export function edgeFades(buffer: Float32Array, sampleRate: number, inMs = 1, outMs = 8): void {
  const fin = Math.min(buffer.length, Math.round((inMs / 1000) * sampleRate));
  const fout = Math.min(buffer.length, Math.round((outMs / 1000) * sampleRate));
  for (let i = 0; i < fin; i++) buffer[i]! *= i / fin;
  for (let i = 0; i < fout; i++) buffer[buffer.length - 1 - i]! *= i / fout;
}

/** Scales all channels together so the loudest sample sits at `peak` (below full scale). */
export function normalize(channels: Float32Array[], peak = 0.89): void {
  let max = 0;
  for (const channel of channels)
    for (let i = 0; i < channel.length; i++) max = Math.max(max, Math.abs(channel[i]!));
  if (max === 0) return;
  const gain = peak / max;
  for (const channel of channels) for (let i = 0; i < channel.length; i++) channel[i]! *= gain;
}

/** Removes DC with a gentle one-pole high-pass (~20 Hz). */
export function removeDc(buffer: Float32Array, sampleRate: number): void {
  const r = 1 - (2 * Math.PI * 20) / sampleRate;
  let x1 = 0;
  let y1 = 0;
  for (let i = 0; i < buffer.length; i++) {
    const x = buffer[i]!;
    const y = x - x1 + r * y1;
    x1 = x;
    y1 = y;
    buffer[i] = y;
  }
}

/** Formant frequencies (Hz) and relative gains of sung vowels. */
export const VOWELS = {
  a: [
    [730, 1],
    [1090, 0.5],
    [2440, 0.25],
  ],
  e: [
    [530, 1],
    [1840, 0.45],
    [2480, 0.3],
  ],
  i: [
    [300, 1],
    [2290, 0.35],
    [3010, 0.25],
  ],
  o: [
    [570, 1],
    [840, 0.6],
    [2410, 0.15],
  ],
  u: [
    [320, 1],
    [870, 0.35],
    [2240, 0.1],
  ],
} as const;

/** A vowel name of VOWELS. */
export type Vowel = keyof typeof VOWELS;

/** Parallel formant filter bank that can glide between vowels. */
export class FormantFilter {
  private readonly bands: Biquad[];
  private readonly sampleRate: number;
  private gains = [1, 0.5, 0.25];

  constructor(sampleRate: number) {
    this.sampleRate = sampleRate;
    this.bands = [0, 1, 2].map(() => new Biquad(sampleRate));
    this.setVowel('a', 'a', 0);
  }

  /** Interpolates between two vowels (0 = from, 1 = to). */
  setVowel(from: Vowel, to: Vowel, mix: number): void {
    for (let k = 0; k < 3; k++) {
      const [fromHz, fromGain] = VOWELS[from][k]!;
      const [toHz, toGain] = VOWELS[to][k]!;
      this.gains[k] = fromGain * (1 - mix) + toGain * mix;
      this.bands[k]!.set('bandpass', fromHz * (1 - mix) + toHz * mix, k === 0 ? 8 : 12);
    }
  }

  /** Filters one sample. */
  process(x: number): number {
    let y = 0;
    for (let k = 0; k < 3; k++) y += this.gains[k]! * this.bands[k]!.process(x);
    return y;
  }

  /** The sample rate the filter runs at. */
  get rate(): number {
    return this.sampleRate;
  }
}

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
