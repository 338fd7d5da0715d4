import { midiToHz } from './dsp.ts';
import { createRng } from './prng.ts';

/** Where an instrument writes: a mono mix buffer at a sample rate. */
export interface Bus {
  buf: Float32Array;
  sr: number;
}

const TAU = Math.PI * 2;
// Noise for drums is seeded so a song renders the same on every machine.
const noiseRng = createRng(0x5eed);
const noise = (): number => noiseRng() * 2 - 1;

/** One-pole low-pass coefficient for a cut-off frequency. */
function lowpassCoefficient(cutoff: number, sr: number): number {
  return 1 - Math.exp((-TAU * Math.min(cutoff, sr * 0.45)) / sr);
}

/** Writes `length` samples produced by `voice(t, i)` from sample `start` on, scaled by `gain`. */
function write(
  bus: Bus,
  start: number,
  length: number,
  gain: number,
  voice: (t: number, i: number) => number,
): void {
  const from = Math.max(0, Math.round(start));
  const end = Math.min(bus.buf.length, from + Math.round(length));
  for (let i = from; i < end; i++) {
    const k = i - from;
    bus.buf[i]! += gain * voice(k / bus.sr, k);
  }
}

/** A kick drum: sine with a falling pitch and an exponential decay. */
export function kick(bus: Bus, start: number, gain: number, pitch = 52, decay = 0.28): void {
  let phase = 0;
  write(bus, start, decay * 4 * bus.sr, gain, (t) => {
    phase += (TAU * (pitch + pitch * 2.5 * Math.exp(-t * 35))) / bus.sr;
    return Math.sin(phase) * Math.exp(-t / decay) * (t < 0.002 ? t / 0.002 : 1);
  });
}

/** A snare: a short tone plus band-limited noise. */
export function snare(bus: Bus, start: number, gain: number, decay = 0.16): void {
  let low = 0;
  const a = lowpassCoefficient(5000, bus.sr);
  write(bus, start, decay * 4 * bus.sr, gain, (t) => {
    const n = noise();
    low += a * (n - low);
    const body = Math.sin(TAU * 185 * t) * Math.exp(-t / 0.05);
    return 0.6 * body + 0.8 * low * Math.exp(-t / decay);
  });
}

/** A hand clap: three quick noise bursts and a tail. */
export function clap(bus: Bus, start: number, gain: number): void {
  let low = 0;
  const a = lowpassCoefficient(3500, bus.sr);
  write(bus, start, 0.3 * bus.sr, gain, (t) => {
    low += a * (noise() - low);
    const burst = t % 0.011 < 0.004 && t < 0.033 ? 1 : 0;
    return low * (burst + Math.exp(-t / 0.09)) * 0.9;
  });
}

/** A hi-hat: high-passed noise; `open` rings longer. */
export function hat(bus: Bus, start: number, gain: number, open = false): void {
  let low = 0;
  const a = lowpassCoefficient(6000, bus.sr);
  const decay = open ? 0.18 : 0.035;
  write(bus, start, decay * 5 * bus.sr, gain, (t) => {
    const n = noise();
    low += a * (n - low);
    return (n - low) * Math.exp(-t / decay);
  });
}

/** A woodblock / rim click (Chinese-style percussion). */
export function woodblock(bus: Bus, start: number, gain: number, pitch = 820): void {
  write(bus, start, 0.12 * bus.sr, gain, (t) => Math.sin(TAU * pitch * t) * Math.exp(-t / 0.025));
}

/** An 808-style sub bass: sine with saturation, optionally gliding from the previous note. */
export function sub808(
  bus: Bus,
  start: number,
  length: number,
  note: number,
  gain: number,
  fromNote = note,
): void {
  const target = midiToHz(note);
  const from = midiToHz(fromNote);
  let phase = 0;
  write(bus, start, length, gain, (t) => {
    const f = target + (from - target) * Math.exp(-t / 0.06);
    phase += (TAU * f) / bus.sr;
    const env = Math.min(1, t / 0.005) * Math.exp(-t / 1.2);
    return Math.tanh(1.8 * Math.sin(phase)) * env * release(t, length / bus.sr);
  });
}

/** Fades the last 30 ms of a note so it never clicks when it stops. */
function release(t: number, duration: number): number {
  const left = duration - t;
  return left < 0.03 ? Math.max(0, left / 0.03) : 1;
}

/** A filtered saw bass with a plucky filter envelope. */
export function sawBass(
  bus: Bus,
  start: number,
  length: number,
  note: number,
  gain: number,
  cutoff = 900,
): void {
  const f = midiToHz(note);
  let low = 0;
  let low2 = 0;
  write(bus, start, length, gain, (t) => {
    const saw = 2 * ((f * t) % 1) - 1;
    const a = lowpassCoefficient(cutoff * (0.35 + 1.6 * Math.exp(-t / 0.08)), bus.sr);
    low += a * (saw - low);
    low2 += a * (low - low2);
    return low2 * Math.min(1, t / 0.004) * release(t, length / bus.sr);
  });
}

/** A round sine bass with a little second harmonic. */
export function sineBass(
  bus: Bus,
  start: number,
  length: number,
  note: number,
  gain: number,
): void {
  const f = midiToHz(note);
  write(bus, start, length, gain, (t) => {
    const env = Math.min(1, t / 0.01) * release(t, length / bus.sr);
    return (Math.sin(TAU * f * t) + 0.2 * Math.sin(TAU * 2 * f * t)) * env;
  });
}

/** A warm pad: detuned saws through a low-pass, slow attack and release. */
export function pad(
  bus: Bus,
  start: number,
  length: number,
  notes: readonly number[],
  gain: number,
  { cutoff = 1400, voices = 3, detune = 0.006, attack = 0.4 } = {},
): void {
  const freqs = notes.flatMap((note) =>
    Array.from(
      { length: voices },
      (_, v) => midiToHz(note) * (1 + detune * (v - (voices - 1) / 2)),
    ),
  );
  const a = lowpassCoefficient(cutoff, bus.sr);
  const phases = freqs.map((_, i) => (i * 0.37) % 1);
  const norm = 1 / Math.sqrt(freqs.length);
  let low = 0;
  const seconds = length / bus.sr;
  write(bus, start, length + 0.5 * bus.sr, gain * norm, (t) => {
    let sum = 0;
    for (let v = 0; v < freqs.length; v++) {
      phases[v] = (phases[v]! + freqs[v]! / bus.sr) % 1;
      sum += 2 * phases[v]! - 1;
    }
    low += a * (sum - low);
    const env = Math.min(1, t / attack) * (t > seconds ? Math.exp(-(t - seconds) / 0.12) : 1);
    return low * env;
  });
}

/** An electric piano: two-operator FM with a decaying index (lo-fi keys, synth-pop stabs). */
export function epiano(
  bus: Bus,
  start: number,
  length: number,
  note: number,
  gain: number,
  ratio = 1,
): void {
  const f = midiToHz(note);
  write(bus, start, length + 0.3 * bus.sr, gain, (t) => {
    const index = 1.6 * Math.exp(-t / 0.25);
    const env = Math.min(1, t / 0.003) * Math.exp(-t / 0.9) * releaseTail(t, length / bus.sr);
    return Math.sin(TAU * f * t + index * Math.sin(TAU * f * ratio * t)) * env;
  });
}

function releaseTail(t: number, duration: number): number {
  return t > duration ? Math.exp(-(t - duration) / 0.06) : 1;
}

/** A bell: inharmonic FM, long decay (ambient and trap melodies). */
export function bell(bus: Bus, start: number, note: number, gain: number, decay = 1.4): void {
  const f = midiToHz(note);
  write(bus, start, decay * 4 * bus.sr, gain, (t) => {
    const index = 2.2 * Math.exp(-t / 0.4);
    return (
      Math.sin(TAU * f * t + index * Math.sin(TAU * f * 3.5 * t)) *
      Math.min(1, t / 0.002) *
      Math.exp(-t / decay)
    );
  });
}

/** A plucked string (Karplus–Strong): guzheng- and pipa-like plucks. */
export function pluck(bus: Bus, start: number, note: number, gain: number, decay = 0.996): void {
  const period = Math.max(2, Math.round(bus.sr / midiToHz(note)));
  const line = new Float32Array(period);
  for (let i = 0; i < period; i++) line[i] = noise();
  let index = 0;
  let previous = 0;
  write(bus, start, 2.5 * bus.sr, gain, (t) => {
    const current = line[index]!;
    const next = decay * 0.5 * (current + previous);
    previous = current;
    line[index] = next;
    index = (index + 1) % period;
    return current * Math.min(1, t / 0.001);
  });
}

/** A breathy flute (dizi-like): sine plus harmonics, breath noise and delayed vibrato. */
export function flute(bus: Bus, start: number, length: number, note: number, gain: number): void {
  const f = midiToHz(note);
  let phase = 0;
  let low = 0;
  const a = lowpassCoefficient(2500, bus.sr);
  const seconds = length / bus.sr;
  write(bus, start, length + 0.15 * bus.sr, gain, (t) => {
    const vibrato = 1 + 0.006 * Math.sin(TAU * 5.2 * t) * Math.min(1, Math.max(0, t - 0.25) * 3);
    phase += (TAU * f * vibrato) / bus.sr;
    low += a * (noise() - low);
    const tone = Math.sin(phase) + 0.3 * Math.sin(2 * phase) + 0.12 * Math.sin(3 * phase);
    const env = Math.min(1, t / 0.07) * (t > seconds ? Math.exp(-(t - seconds) / 0.05) : 1);
    return (tone * 0.8 + low * 0.5) * env;
  });
}

/** A square or saw lead with vibrato and a soft filter (synth-pop, EDM, chiptune colour). */
export function lead(
  bus: Bus,
  start: number,
  length: number,
  note: number,
  gain: number,
  shape: 'square' | 'saw',
  cutoff = 3000,
): void {
  const f = midiToHz(note);
  let phase = 0;
  let low = 0;
  const a = lowpassCoefficient(cutoff, bus.sr);
  const seconds = length / bus.sr;
  write(bus, start, length + 0.1 * bus.sr, gain, (t) => {
    phase = (phase + (f * (1 + 0.004 * Math.sin(TAU * 5.5 * t))) / bus.sr) % 1;
    const raw = shape === 'square' ? (phase < 0.5 ? 1 : -1) : 2 * phase - 1;
    low += a * (raw - low);
    const env = Math.min(1, t / 0.01) * (t > seconds ? Math.exp(-(t - seconds) / 0.04) : 0.85);
    return low * env;
  });
}

/** Vinyl crackle and hiss over a whole buffer (lo-fi colour). */
export function vinyl(bus: Bus, gain: number): void {
  let low = 0;
  const a = lowpassCoefficient(1800, bus.sr);
  for (let i = 0; i < bus.buf.length; i++) {
    low += a * (noise() - low);
    const pop = noiseRng() < 0.0004 ? noise() * 4 : 0;
    bus.buf[i]! += gain * (low * 0.25 + pop);
  }
}
