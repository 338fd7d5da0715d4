// Chinese-style instruments: plucked strings (guzheng, pipa), the bowed erhu, the dizi flute,
// gongs and the wooden fish, each built from the physical trait that makes it recognisable.
import type { Rng } from './prng.ts';
import { Biquad, framesOf, midiToHz, mixInto, pluckString } from './dsp.ts';
import { reverb } from './reverb.ts';
import { degree, pentatonicOf, rootMidi } from './music-theory.ts';
import { renderTom, renderWood } from './voices-drums.ts';
import type { Voice } from './voice.types.ts';

/** Reads `input` at a time-varying speed (pitch bends and vibrato on rendered strings). */
function varispeed(input: Float32Array, ratio: (t: number) => number, sampleRate: number) {
  const out = new Float32Array(input.length);
  let pos = 0;
  for (let i = 0; i < out.length && pos < input.length - 1; i++) {
    const k = Math.floor(pos);
    const frac = pos - k;
    out[i] = input[k]! * (1 - frac) + input[k + 1]! * frac;
    pos += ratio(i / sampleRate);
  }
  return out;
}

/** One guzheng/pipa string: a bright Karplus–Strong pluck with a pressed-string vibrato. */
function silkString(
  rng: Rng,
  sampleRate: number,
  seconds: number,
  midi: number,
  bright: number,
  vibrato: number,
): Float32Array {
  // Render a little sharp and long so the varispeed read has material and stays in tune on average.
  const raw = pluckString(rng, sampleRate, midiToHz(midi), seconds * 1.05, {
    brightness: bright,
    decay: 0.9985,
    pickPosition: rng.range(0.08, 0.15),
  });
  if (vibrato === 0) return raw.subarray(0, framesOf(seconds, sampleRate));
  const rate = rng.range(4.5, 6.5);
  const shaped = varispeed(
    raw,
    (t) =>
      1 + vibrato * Math.min(1, Math.max(0, t - 0.25) / 0.4) * Math.sin(2 * Math.PI * rate * t),
    sampleRate,
  );
  return shaped.subarray(0, framesOf(seconds, sampleRate));
}

/** Guzheng: a glissando sweeping up the pentatonic strings, or a single pluck with vibrato. */
function guzheng(
  rng: Rng,
  sampleRate: number,
  seconds: number,
  root: number,
  scale: number[],
  gliss: boolean,
) {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  if (gliss) {
    const count = rng.int(9, 14);
    const step = rng.range(0.028, 0.045);
    for (let n = 0; n < count; n++) {
      const midi = root + degree(scale, n);
      const tail = seconds - n * step;
      mixInto(out, silkString(rng, sampleRate, tail, midi, 0.8, 0), n * step * sampleRate, 0.45);
    }
    // The closing note is plucked on the root an octave up, and left to ring.
    const last = count * step + 0.08;
    mixInto(
      out,
      silkString(rng, sampleRate, seconds - last, root + 12, 0.85, 0.004),
      last * sampleRate,
      0.9,
    );
  } else {
    mixInto(out, silkString(rng, sampleRate, seconds, root, 0.8, 0.005), 0);
  }
  return out;
}

/** Pipa: a brighter, drier string; tremolo (lunzhi) repeats the note 12–16 times a second. */
function pipa(rng: Rng, sampleRate: number, seconds: number, midi: number, tremolo: boolean) {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const body = new Biquad(sampleRate).set('peaking', 1800, 1.2, 5);
  if (tremolo) {
    const rate = rng.range(12, 16);
    const hits = Math.floor((seconds - 0.3) * rate);
    for (let n = 0; n < hits; n++) {
      const gain = 0.35 + 0.15 * rng.next() + 0.15 * Math.sin((n / hits) * Math.PI);
      const note = pluckString(rng, sampleRate, midiToHz(midi), 0.4, {
        brightness: 0.9,
        decay: 0.994,
        pickPosition: 0.1,
      });
      mixInto(out, note, (n / rate) * sampleRate, gain);
    }
  } else {
    mixInto(
      out,
      pluckString(rng, sampleRate, midiToHz(midi), seconds, { brightness: 0.92, decay: 0.996 }),
      0,
    );
  }
  for (let i = 0; i < out.length; i++) out[i] = body.process(out[i]!);
  return out;
}

/** Erhu: a bowed sawtooth with a slide into the note, wide vibrato and a nasal body. */
function erhu(rng: Rng, sampleRate: number, seconds: number, midi: number) {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const target = midiToHz(midi);
  const slideFrom = midiToHz(midi - rng.pick([1, 2, 3]));
  const rate = rng.range(5, 6.5);
  const body = [
    new Biquad(sampleRate).set('peaking', 850, 1.5, 8),
    new Biquad(sampleRate).set('peaking', 1700, 2, 6),
    new Biquad(sampleRate).set('peaking', 3100, 2.5, 4),
  ];
  const bowNoise = new Biquad(sampleRate).set('bandpass', 2500, 0.8);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    const glide = Math.min(1, t / 0.12);
    const vib =
      1 + 0.017 * Math.min(1, Math.max(0, t - 0.2) / 0.3) * Math.sin(2 * Math.PI * rate * t);
    const f = (slideFrom + (target - slideFrom) * glide) * vib;
    phase += f / sampleRate;
    phase -= Math.floor(phase);
    const saw = 2 * phase - 1;
    let x = saw * 0.6 + bowNoise.process(rng.noise()) * 0.12;
    for (const band of body) x = band.process(x);
    const env = Math.min(1, t / 0.15) * Math.max(0, Math.min(1, (seconds - t) / 0.2));
    out[i] = x * env * (0.85 + 0.15 * Math.sin(2 * Math.PI * 0.7 * t));
  }
  return out;
}

/** Dizi: a sine-rich flute tone with breath noise, vibrato and the buzzing membrane (dimo). */
function dizi(rng: Rng, sampleRate: number, seconds: number, midi: number) {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const f = midiToHz(midi);
  const breath = new Biquad(sampleRate).set('bandpass', f * 2, 1.5);
  const membrane = new Biquad(sampleRate).set('bandpass', rng.range(3000, 4500), 3);
  const rate = rng.range(5, 6);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    const vib =
      1 + 0.008 * Math.min(1, Math.max(0, t - 0.3) / 0.3) * Math.sin(2 * Math.PI * rate * t);
    phase += (2 * Math.PI * f * vib) / sampleRate;
    const tone = Math.sin(phase) + 0.3 * Math.sin(2 * phase) + 0.12 * Math.sin(3 * phase);
    const buzz = membrane.process(tone * rng.noise()) * 0.12;
    const air = breath.process(rng.noise()) * (0.06 + 0.35 * Math.exp(-t / 0.08));
    const env = Math.min(1, t / 0.06) * Math.max(0, Math.min(1, (seconds - t) / 0.15));
    out[i] = (tone * 0.6 + buzz + air) * env;
  }
  return out;
}

// Partial ratios of a Chinese opera gong (inharmonic, clustered), with relative levels.
const GONG_PARTIALS: Array<[number, number]> = [
  [1, 1],
  [1.52, 0.7],
  [2.01, 0.55],
  [2.46, 0.45],
  [2.93, 0.35],
  [3.61, 0.3],
  [4.18, 0.22],
  [5.07, 0.15],
  [6.32, 0.1],
];

/** Gong (tongluo): inharmonic partials with long, unequal decays and a slight pitch glide. */
function gong(rng: Rng, sampleRate: number, seconds: number, base: number) {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const glide = rng.range(-0.06, 0.08);
  for (const [ratio, level] of GONG_PARTIALS) {
    const f = base * ratio * rng.range(0.99, 1.01);
    const tau = (seconds * rng.range(0.25, 0.6)) / Math.sqrt(ratio);
    let phase = rng.next() * 2 * Math.PI;
    let env = level;
    const decay = Math.exp(-1 / (tau * sampleRate));
    const step = (2 * Math.PI * f) / sampleRate;
    const glideFrames = 0.4 * sampleRate;
    for (let i = 0; i < out.length; i++) {
      phase += step * (1 + glide * (i < glideFrames ? i / glideFrames : 1));
      out[i]! += Math.sin(phase) * env;
      env *= decay;
    }
  }
  const strike = new Biquad(sampleRate).set('bandpass', base * 6, 0.8);
  for (let i = 0; i < Math.min(out.length, sampleRate * 0.03); i++)
    out[i]! += strike.process(rng.noise()) * 1.5 * (1 - i / (sampleRate * 0.03));
  return out;
}

/** Adds a hall around a dry Chinese-style instrument for stereo files. */
function hall(dry: Float32Array, sampleRate: number, wet = 0.25): Float32Array[] {
  return reverb(dry, sampleRate, { size: 0.8, wet, damping: 0.4 });
}

/** Chinese-style instrument voices by name. */
export const chineseVoices: Record<string, Voice> = {
  guzheng: ({ rng, sampleRate, seconds, key, variant }) =>
    hall(
      guzheng(
        rng,
        sampleRate,
        seconds,
        rootMidi(key ?? 'D', 50),
        pentatonicOf(key ?? 'D'),
        variant === 'gliss',
      ),
      sampleRate,
    ),
  pipa: ({ rng, sampleRate, seconds, key, variant }) =>
    hall(
      pipa(rng, sampleRate, seconds, rootMidi(key ?? 'A', 57), variant === 'tremolo'),
      sampleRate,
      0.18,
    ),
  erhu: ({ rng, sampleRate, seconds, key }) =>
    hall(erhu(rng, sampleRate, seconds, rootMidi(key ?? 'D', 62)), sampleRate, 0.2),
  dizi: ({ rng, sampleRate, seconds, key }) =>
    hall(dizi(rng, sampleRate, seconds, rootMidi(key ?? 'G', 72)), sampleRate, 0.22),
  gong: ({ rng, sampleRate, seconds }) =>
    hall(gong(rng, sampleRate, seconds, rng.range(70, 160)), sampleRate, 0.15),
  muyu: ({ rng, sampleRate, seconds }) => [
    renderWood(rng, sampleRate, seconds, rng.range(550, 850)),
  ],
  tanggu: ({ rng, sampleRate, seconds }) => [
    renderTom(rng, sampleRate, seconds, rng.range(75, 120), 0.35),
  ],
};
