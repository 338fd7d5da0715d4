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
