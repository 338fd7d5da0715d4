// Cinematic effects: impacts, risers, drones, whooshes and brass-like hits.
import type { Rng } from './prng.ts';
import { Biquad, Osc, framesOf, midiToHz, saturate } from './dsp.ts';
import { reverb } from './reverb.ts';
import { rootMidi } from './music-theory.ts';
import type { Voice } from './voice.types.ts';

/** An impact: a sub boom falling in pitch, a noise crack, and a long hall tail. */
function impact(rng: Rng, sampleRate: number, seconds: number): Float32Array[] {
  const dry = new Float32Array(framesOf(seconds * 0.6, sampleRate));
  const lp = new Biquad(sampleRate).set('lowpass', rng.range(2500, 6000));
  let phase = 0;
  for (let i = 0; i < dry.length; i++) {
    const t = i / sampleRate;
    phase += (2 * Math.PI * (32 + 70 * Math.exp(-t / 0.08))) / sampleRate;
    const boom = Math.sin(phase) * Math.exp(-t / 0.5);
    const crack = lp.process(rng.noise()) * Math.exp(-t / 0.06);
    // The dry part fades out before it ends, so the hall tail carries on without a click.
    const fade = Math.min(1, (dry.length - i) / (0.25 * sampleRate));
    dry[i] = Math.tanh(1.8 * (boom + crack * 0.8)) * fade;
  }
  return reverb(dry, sampleRate, {
    size: 0.95,
    wet: 0.5,
    tailSeconds: seconds - dry.length / sampleRate,
  }).map((channel) => fadeTail(channel, sampleRate));
}

/** A riser: noise through a rising band-pass plus a tone gliding up, swelling to the end. */
function riser(rng: Rng, sampleRate: number, seconds: number, midi: number): Float32Array[] {
  const frames = framesOf(seconds, sampleRate);
  const octaves = rng.range(1, 2.5);
  return [0, 1].map((side) => {
    const out = new Float32Array(frames);
    const bp = new Biquad(sampleRate);
    const osc = new Osc(sampleRate, rng.next());
    for (let i = 0; i < frames; i++) {
      const p = i / frames;
      if (i % 32 === 0) bp.set('bandpass', 300 * 2 ** (p * 4.5), 2.5);
      const tone = osc.next(midiToHz(midi + side * 0.08) * 2 ** (p * octaves), 'saw') * 0.25;
      out[i] = (bp.process(rng.noise()) * 1.6 + tone * p) * p ** 1.6;
    }
    return out;
  });
}

/** A drone: detuned saws on the root and fifth under a slowly breathing low-pass. */
function drone(rng: Rng, sampleRate: number, seconds: number, midi: number): Float32Array[] {
  const frames = framesOf(seconds, sampleRate);
  return [0, 1].map(() => {
    const out = new Float32Array(frames);
    const oscs = [0, 0.09, -0.11, 7, 12.05].map((semi) => ({
      osc: new Osc(sampleRate, rng.next()),
      hz: midiToHz(midi + semi),
    }));
    const lp = new Biquad(sampleRate);
    const lfo = rng.range(0.15, 0.4);
    for (let i = 0; i < frames; i++) {
      const t = i / sampleRate;
      if (i % 32 === 0)
        lp.set('lowpass', 350 + 500 * (0.5 + 0.5 * Math.sin(2 * Math.PI * lfo * t)), 2);
      let x = 0;
      for (const o of oscs) x += o.osc.next(o.hz, 'saw');
      out[i] = lp.process(x * 0.3) * Math.min(1, t / 0.6, (seconds - t) / 0.6);
    }
    return out;
  });
}

/** A whoosh: noise swept up and down by a band-pass, swelling and panning across. */
function whoosh(rng: Rng, sampleRate: number, seconds: number): Float32Array[] {
  const frames = framesOf(seconds, sampleRate);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const bp = new Biquad(sampleRate);
  const peakAt = rng.range(0.4, 0.65);
  const top = rng.range(2500, 6000);
  for (let i = 0; i < frames; i++) {
    const p = i / frames;
    const shape = p < peakAt ? p / peakAt : (1 - p) / (1 - peakAt);
    if (i % 32 === 0) bp.set('bandpass', 250 + top * shape ** 2, 1.8);
    const x = bp.process(rng.noise()) * shape ** 2 * 1.5;
    left[i] = x * (1 - p);
    right[i] = x * p;
  }
  return [left, right];
}

/** A braam hit: a wall of saws (root, fifth, octave), filter opening and closing, saturated. */
function braam(rng: Rng, sampleRate: number, seconds: number, midi: number): Float32Array[] {
  const frames = framesOf(seconds * 0.7, sampleRate);
  const dry = new Float32Array(frames);
  const oscs = [0, 0.1, -0.1, 7, 12, 12.1].map((semi) => ({
    osc: new Osc(sampleRate, rng.next()),
    hz: midiToHz(midi + semi),
  }));
  const lp = new Biquad(sampleRate);
  for (let i = 0; i < frames; i++) {
    const t = i / sampleRate;
    if (i % 32 === 0)
      lp.set('lowpass', 300 + 2500 * Math.exp(-t / 0.35) * Math.min(1, t / 0.05), 1.5);
    let x = 0;
    for (const o of oscs) x += o.osc.next(o.hz, 'saw');
    dry[i] = lp.process(x * 0.3) * Math.min(1, (seconds * 0.7 - t) / 0.3);
  }
  saturate(dry, 2.5);
  return reverb(dry, sampleRate, {
    size: 0.9,
    wet: 0.4,
    tailSeconds: seconds - frames / sampleRate,
  }).map((channel) => fadeTail(channel, sampleRate));
}

/** Fades the last 30% of a reverb tail so the file ends in silence, not a cut. */
function fadeTail(channel: Float32Array, sampleRate: number): Float32Array {
  const fade = Math.min(channel.length, Math.round(channel.length * 0.3), sampleRate);
  for (let i = 0; i < fade; i++) channel[channel.length - 1 - i]! *= (i / fade) ** 2;
  return channel;
}

/** Cinematic effect voices by name. */
export const fxVoices: Record<string, Voice> = {
  impact: ({ rng, sampleRate, seconds }) => impact(rng, sampleRate, seconds),
  riser: ({ rng, sampleRate, seconds, key }) =>
    riser(rng, sampleRate, seconds, rootMidi(key ?? 'C', 48)),
  drone: ({ rng, sampleRate, seconds, key }) =>
    drone(rng, sampleRate, seconds, rootMidi(key ?? 'C', 36)),
  whoosh: ({ rng, sampleRate, seconds }) => whoosh(rng, sampleRate, seconds),
  braam: ({ rng, sampleRate, seconds, key }) =>
    braam(rng, sampleRate, seconds, rootMidi(key ?? 'C', 36)),
  hitPerc: ({ rng, sampleRate, seconds }) => impact(rng, sampleRate, seconds),
};
