// Drum and percussion one-shots: analogue-style models (pitch-swept sines, filtered noise,
// metallic square clusters, resonators), as the classic drum machines build them.
import type { Rng } from './prng.ts';
import { Biquad, Osc, framesOf } from './dsp.ts';
import { reverb } from './reverb.ts';
import type { Voice } from './voice.types.ts';

/** A kick: sine swept from a high to a low pitch, exponential decay, and a short click. */
export function renderKick(rng: Rng, sampleRate: number, seconds: number, punch = 1): Float32Array {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const fStart = rng.range(140, 240);
  const fEnd = rng.range(42, 58);
  const pitchTau = rng.range(0.025, 0.055);
  const ampTau = rng.range(0.12, 0.3) * Math.min(1.5, seconds / 0.6);
  const click = new Biquad(sampleRate).set('highpass', rng.range(1500, 3500));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    const f = fEnd + (fStart - fEnd) * Math.exp(-t / pitchTau);
    phase += (2 * Math.PI * f) / sampleRate;
    const body = Math.sin(phase) * Math.exp(-t / ampTau);
    const transient = t < 0.006 ? click.process(rng.noise()) * (1 - t / 0.006) * 0.6 * punch : 0;
    out[i] = Math.tanh((body + transient) * 1.6);
  }
  return out;
}

/** A snare: a short tonal body plus band-passed noise (the snares). */
export function renderSnare(rng: Rng, sampleRate: number, seconds: number): Float32Array {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const tone = rng.range(170, 230);
  const noiseTau = rng.range(0.08, 0.18);
  const hp = new Biquad(sampleRate).set('highpass', rng.range(900, 1600));
  const bp = new Biquad(sampleRate).set('peaking', rng.range(3000, 6000), 1, 4);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    phase += (2 * Math.PI * tone * (1 + 0.3 * Math.exp(-t / 0.01))) / sampleRate;
    const body = (Math.sin(phase) + 0.4 * Math.sin(phase * 1.6)) * Math.exp(-t / 0.05);
    const noise = bp.process(hp.process(rng.noise())) * Math.exp(-t / noiseTau);
    out[i] = body * 0.7 + noise * 0.9;
  }
  return out;
}

// The TR-808's cymbal/hat oscillator frequencies: six detuned squares make the metallic tone.
const METAL_RATIOS = [205.3, 304.4, 369.6, 522.7, 540, 800];

/** A hi-hat or cymbal: metallic square cluster plus noise, high-passed, with a decay time. */
export function renderMetal(
  rng: Rng,
  sampleRate: number,
  seconds: number,
  decay: number,
  cutoff: number,
): Float32Array {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const shift = rng.range(0.9, 1.25);
  const oscs = METAL_RATIOS.map(() => new Osc(sampleRate, rng.next()));
  const hp1 = new Biquad(sampleRate).set('highpass', cutoff, 0.8);
  const hp2 = new Biquad(sampleRate).set('highpass', cutoff, 0.8);
  const sheen = new Biquad(sampleRate).set('peaking', cutoff * 1.4, 0.9, 5);
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    let metal = 0;
    for (let k = 0; k < oscs.length; k++)
      metal += oscs[k]!.next(METAL_RATIOS[k]! * shift, 'square');
    const x = metal * 0.12 + rng.noise() * 0.5;
    const env = Math.exp(-t / decay) * (t < 0.002 ? t / 0.002 : 1);
    out[i] = sheen.process(hp2.process(hp1.process(x))) * env;
  }
  return out;
}

/** A clap: several quick noise bursts followed by a longer band-passed tail. */
export function renderClap(rng: Rng, sampleRate: number, seconds: number): Float32Array {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const bp = new Biquad(sampleRate).set('bandpass', rng.range(900, 1500), 1.4);
  const bursts = rng.int(3, 4);
  const gap = rng.range(0.008, 0.013);
  const tail = rng.range(0.09, 0.16);
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    const k = Math.floor(t / gap);
    const env =
      k < bursts ? Math.exp(-(t - k * gap) / 0.004) : Math.exp(-(t - bursts * gap) / tail);
    out[i] = bp.process(rng.noise()) * env * 2.2;
  }
  return out;
}

/** A tom (or a Chinese tanggu/conga when tuned): sine with a pitch drop and a skin noise. */
export function renderTom(
  rng: Rng,
  sampleRate: number,
  seconds: number,
  freq: number,
  skin = 0.25,
): Float32Array {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const tau = seconds * rng.range(0.25, 0.4);
  const lp = new Biquad(sampleRate).set('lowpass', freq * 8);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    phase += (2 * Math.PI * freq * (1 + 0.45 * Math.exp(-t / 0.03))) / sampleRate;
    const body = (Math.sin(phase) + 0.25 * Math.sin(phase * 1.5)) * Math.exp(-t / tau);
    out[i] = body + lp.process(rng.noise()) * skin * Math.exp(-t / 0.03);
  }
  return out;
}

/** A resonant wooden knock (woodblock, muyu): an impulse into two high-Q band-passes. */
export function renderWood(
  rng: Rng,
  sampleRate: number,
  seconds: number,
  freq: number,
): Float32Array {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  // A high Q rings for about Q/(π·f) seconds: ~25–40 ms, the hollow knock of hard wood.
  const body = new Biquad(sampleRate).set('bandpass', freq, 80);
  const overtone = new Biquad(sampleRate).set('bandpass', freq * rng.range(2.5, 2.9), 50);
  const click = new Biquad(sampleRate).set('highpass', 2000);
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    const x = t < 0.0008 ? rng.noise() : 0;
    out[i] = body.process(x) + 0.3 * overtone.process(x) + 0.02 * click.process(x);
  }
  return out;
}

/** A shaker: high band-passed noise in one or two strokes. */
function renderShaker(rng: Rng, sampleRate: number, seconds: number): Float32Array {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const bp = new Biquad(sampleRate).set('bandpass', rng.range(5000, 8000), 1.2);
  const strokes = rng.chance(0.5) ? [0] : [0, seconds * 0.45];
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    let env = 0;
    for (const s of strokes) {
      const d = t - s;
      if (d >= 0) env += (d < 0.02 ? d / 0.02 : Math.exp(-(d - 0.02) / 0.05)) * 1;
    }
    out[i] = bp.process(rng.noise()) * env;
  }
  return out;
}

/** Places a mono drum in a small room for the stereo variants. */
function room(dry: Float32Array, sampleRate: number, wet: number): Float32Array[] {
  return reverb(dry, sampleRate, { size: 0.35, damping: 0.5, wet, tailSeconds: 0 });
}

/** Drum and percussion voices by name. */
export const drumVoices: Record<string, Voice> = {
  kick: ({ rng, sampleRate, seconds }) => [renderKick(rng, sampleRate, seconds)],
  snare: ({ rng, sampleRate, seconds }) =>
    room(renderSnare(rng, sampleRate, seconds), sampleRate, 0.2),
  hat: ({ rng, sampleRate, seconds, variant }) => [
    variant === 'open'
      ? renderMetal(rng, sampleRate, seconds, rng.range(0.18, 0.3), 7000)
      : renderMetal(rng, sampleRate, seconds, rng.range(0.025, 0.05), 7500),
  ],
  clap: ({ rng, sampleRate, seconds }) =>
    room(renderClap(rng, sampleRate, seconds), sampleRate, 0.3),
  tom: ({ rng, sampleRate, seconds }) => [
    renderTom(rng, sampleRate, seconds, rng.pick([90, 110, 130, 160, 190])),
  ],
  cymbal: ({ rng, sampleRate, seconds, variant }) =>
    room(
      renderMetal(rng, sampleRate, seconds, seconds * (variant === 'ride' ? 0.35 : 0.3), 4500),
      sampleRate,
      0.15,
    ),
  shaker: ({ rng, sampleRate, seconds }) => [renderShaker(rng, sampleRate, seconds)],
  conga: ({ rng, sampleRate, seconds }) => [
    renderTom(rng, sampleRate, seconds, rng.range(190, 330), 0.5),
  ],
  woodblock: ({ rng, sampleRate, seconds }) => [
    renderWood(rng, sampleRate, seconds, rng.range(850, 1300)),
  ],
};
