// Vocal-like sounds: a glottal-like source through formant filters that glide between vowels.
import type { Rng } from './prng.ts';
import { Biquad, Osc, framesOf, midiToHz, mixInto } from './dsp.ts';
import { chordMidis, rootMidi } from './music-theory.ts';
import { reverb } from './reverb.ts';
import type { Voice } from './voice.types.ts';

/** Formant frequencies (Hz) and relative gains of sung vowels. */
const VOWELS = {
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
type Vowel = keyof typeof VOWELS;

/** Parallel formant filter bank that can glide between vowels. */
class FormantFilter {
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

/**
 * A sung vowel: a glottal-like pulse (saw with vibrato and jitter) through a formant filter
 * that glides from one vowel to another.
 */
export function renderVowel(
  rng: Rng,
  sampleRate: number,
  seconds: number,
  midi: number,
  vowels: [Vowel, Vowel],
  options: { breath?: number; attack?: number; release?: number; vibrato?: number } = {},
): Float32Array {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const osc = new Osc(sampleRate, rng.next());
  const formants = new FormantFilter(sampleRate);
  const tilt = new Biquad(sampleRate).set('lowpass', 3500, 0.7);
  const f = midiToHz(midi);
  const vibRate = rng.range(4.8, 6);
  const vibDepth = options.vibrato ?? 0.012;
  const attack = options.attack ?? 0.04;
  const release = options.release ?? 0.08;
  let jitter = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    if (i % 64 === 0) formants.setVowel(vowels[0], vowels[1], Math.min(1, t / (seconds * 0.7)));
    jitter += 0.002 * (rng.noise() - jitter);
    const vib = 1 + vibDepth * Math.min(1, t / 0.3) * Math.sin(2 * Math.PI * vibRate * t) + jitter;
    const source = tilt.process(osc.next(f * vib, 'saw')) + rng.noise() * (options.breath ?? 0.05);
    const env = Math.min(1, t / attack) * Math.max(0, Math.min(1, (seconds - t) / release));
    out[i] = formants.process(source) * env;
  }
  return out;
}

const VOWEL_NAMES: Vowel[] = ['a', 'e', 'i', 'o', 'u'];

/** Vocal voices by name. */
export const vocalVoices: Record<string, Voice> = {
  vocalChop: ({ rng, sampleRate, seconds, key }) => {
    const from = rng.pick(VOWEL_NAMES);
    return [
      renderVowel(rng, sampleRate, seconds, rootMidi(key ?? 'C', 57), [
        from,
        rng.pick(VOWEL_NAMES),
      ]),
    ];
  },
  vocalTexture: ({ rng, sampleRate, seconds, key }) => {
    const dry = renderVowel(
      rng,
      sampleRate,
      seconds,
      rootMidi(key ?? 'C', 57),
      [rng.pick(VOWEL_NAMES), rng.pick(VOWEL_NAMES)],
      { breath: 0.35, attack: seconds * 0.3, release: seconds * 0.4, vibrato: 0.02 },
    );
    return reverb(dry, sampleRate, { size: 0.9, wet: 0.45 });
  },
  oohs: ({ rng, sampleRate, seconds, key }) => {
    const dry = new Float32Array(framesOf(seconds, sampleRate));
    for (const midi of chordMidis(key ?? 'C', 57, 0))
      for (let v = 0; v < 2; v++)
        mixInto(
          dry,
          renderVowel(rng, sampleRate, seconds, midi + rng.range(-0.1, 0.1), ['u', 'o'], {
            attack: seconds * 0.25,
            release: seconds * 0.35,
          }),
          0,
          0.4,
        );
    return reverb(dry, sampleRate, { size: 0.85, wet: 0.4 });
  },
};
