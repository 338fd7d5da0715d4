// Pitched instruments in the sample's key: basses, synths, keys, guitars and vocal-like sounds.
import type { MusicalKey } from '../../src/shared/api/catalogue.types.ts';
import type { Rng } from './prng.ts';
import { Biquad, Osc, framesOf, midiToHz, pluckString, saturate, mixInto } from './dsp.ts';
import { chordMidis, rootMidi } from './music-theory.ts';
import type { Voice, VoiceInput } from './voice.types.ts';

function keyOf(input: VoiceInput): MusicalKey {
  return input.key ?? 'C';
}

/** An 808: a long sine that drops into its note, saturated for harmonics audible on small speakers. */
export function render808(rng: Rng, sampleRate: number, seconds: number, midi: number) {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const f = midiToHz(midi);
  const drop = rng.range(0.3, 1);
  const tau = seconds * rng.range(0.35, 0.6);
  const drive = rng.range(1.5, 3.5);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    phase += (2 * Math.PI * f * (1 + drop * Math.exp(-t / 0.025))) / sampleRate;
    out[i] = Math.sin(phase) * Math.exp(-t / tau) * (t < 0.003 ? t / 0.003 : 1);
  }
  return saturate(out, drive);
}

/** A subtractive voice: detuned saws/squares through a low-pass with its own envelope. */
export function renderSubtractive(
  rng: Rng,
  sampleRate: number,
  seconds: number,
  midis: number[],
  options: {
    shape?: 'saw' | 'square';
    voices?: number;
    detune?: number;
    cutoff: [number, number];
    filterTau: number;
    attack: number;
    release: number;
    resonance?: number;
    vibrato?: number;
  },
): Float32Array {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const voices = options.voices ?? 2;
  const detune = options.detune ?? 0.1;
  const oscs = midis.flatMap((midi) =>
    Array.from({ length: voices }, (_, v) => ({
      osc: new Osc(sampleRate, rng.next()),
      hz: midiToHz(midi + (voices > 1 ? detune * ((2 * v) / (voices - 1) - 1) : 0)),
    })),
  );
  const filter = new Biquad(sampleRate);
  const [cutHigh, cutLow] = options.cutoff;
  const gain = 1 / Math.sqrt(oscs.length);
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    if (i % 32 === 0) {
      const cut = cutLow + (cutHigh - cutLow) * Math.exp(-t / options.filterTau);
      filter.set('lowpass', cut, options.resonance ?? 0.9);
    }
    const vib = options.vibrato ? 1 + options.vibrato * Math.sin(2 * Math.PI * 5.5 * t) : 1;
    let x = 0;
    for (const o of oscs) x += o.osc.next(o.hz * vib, options.shape ?? 'saw');
    const attack = Math.min(1, t / options.attack);
    const release = Math.min(1, (seconds - t) / options.release);
    out[i] = filter.process(x * gain) * attack * Math.max(0, release);
  }
  return out;
}

/** A piano note: stretched (inharmonic) partials, each decaying faster than the one below. */
export function renderPiano(rng: Rng, sampleRate: number, seconds: number, midis: number[]) {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const b = 0.00035;
  for (const midi of midis) {
    const f0 = midiToHz(midi);
    const partials = Math.min(12, Math.floor(9000 / f0));
    for (let n = 1; n <= partials; n++) {
      const f = n * f0 * Math.sqrt(1 + b * n * n);
      const amp = (1 / n ** 1.1) * (n === 1 ? 1 : 0.8);
      const tau = (2.4 / (1 + 0.5 * (n - 1))) * (261 / f0) ** 0.3;
      const beat = rng.range(0.3, 1.2);
      // Two slightly detuned strings per partial, as sine recurrences (no Math.sin per sample),
      // stopped once the partial has decayed below -80 dB.
      const end = Math.min(out.length, Math.ceil(tau * 9.2 * sampleRate));
      const decay = Math.exp(-1 / (sampleRate * tau));
      for (const hz of [f, f + beat]) {
        const w = (2 * Math.PI * hz) / sampleRate;
        const k = 2 * Math.cos(w);
        let s1 = 0;
        let s2 = -Math.sin(w);
        let env = amp * 0.5;
        for (let i = 0; i < end; i++) {
          const s0 = k * s1 - s2;
          s2 = s1;
          s1 = s0;
          out[i]! += s2 * env;
          env *= decay;
        }
      }
    }
  }
  const hammer = new Biquad(sampleRate).set('bandpass', 2500, 1);
  for (let i = 0; i < Math.min(out.length, sampleRate * 0.01); i++)
    out[i]! += hammer.process(rng.noise()) * 0.3 * (1 - i / (sampleRate * 0.01));
  return out;
}

/** An electric piano (FM tine): a sine modulated by a decaying sine, with a bell at the attack. */
export function renderEpiano(rng: Rng, sampleRate: number, seconds: number, midis: number[]) {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  for (const midi of midis) {
    const f = midiToHz(midi);
    const index = rng.range(1.2, 2.2);
    const tau = rng.range(0.9, 1.5);
    for (let i = 0; i < out.length; i++) {
      const t = i / sampleRate;
      const mod = Math.sin(2 * Math.PI * f * t) * index * Math.exp(-t / 0.25);
      const bell = Math.sin(2 * Math.PI * f * 14 * t) * 0.15 * Math.exp(-t / 0.04);
      out[i]! += (Math.sin(2 * Math.PI * f * t + mod) + bell) * Math.exp(-t / tau);
    }
  }
  return out;
}

/** An organ: drawbar sines (16', 8', 4', 2 2/3', 2') with a slow rotary-speaker wobble. */
function renderOrgan(rng: Rng, sampleRate: number, seconds: number, midis: number[]) {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const bars: Array<[number, number]> = [
    [0.5, rng.range(0.3, 0.8)],
    [1, 1],
    [2, rng.range(0.4, 0.8)],
    [3, rng.range(0.2, 0.5)],
    [4, rng.range(0.1, 0.4)],
  ];
  for (const midi of midis) {
    const f = midiToHz(midi);
    for (const [ratio, amp] of bars) {
      let phase = rng.next() * 2 * Math.PI;
      for (let i = 0; i < out.length; i++) {
        const t = i / sampleRate;
        phase +=
          (2 * Math.PI * f * ratio * (1 + 0.002 * Math.sin(2 * Math.PI * 6.2 * t))) / sampleRate;
        out[i]! += Math.sin(phase) * amp;
      }
    }
  }
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    out[i]! *= Math.min(1, t / 0.01) * Math.min(1, (seconds - t) / 0.08);
  }
  return out;
}

/** A guitar: Karplus–Strong strings, strummed for chords, with a body resonance. */
function renderGuitar(
  rng: Rng,
  sampleRate: number,
  seconds: number,
  midis: number[],
  style: 'acoustic' | 'electric' | 'muted',
): Float32Array {
  const out = new Float32Array(framesOf(seconds, sampleRate));
  const strum = style === 'muted' ? 0.006 : rng.range(0.012, 0.03);
  midis.forEach((midi, n) => {
    const string = pluckString(rng, sampleRate, midiToHz(midi), seconds, {
      brightness: style === 'muted' ? 0.25 : style === 'electric' ? 0.7 : 0.6,
      decay: style === 'muted' ? 0.965 : 0.997,
      pickPosition: rng.range(0.1, 0.2),
    });
    mixInto(out, string, n * strum * sampleRate, 1 / Math.sqrt(midis.length));
  });
  const body = new Biquad(sampleRate).set('peaking', style === 'acoustic' ? 110 : 400, 1.5, 5);
  // Below the low E string there is only rumble (and, once saturated, intermodulation mud).
  const rumble = new Biquad(sampleRate).set('highpass', 70, 0.7);
  for (let i = 0; i < out.length; i++) out[i] = body.process(out[i]!);
  if (style === 'electric') {
    saturate(out, rng.range(3, 6));
    const cab = new Biquad(sampleRate).set('lowpass', 3800, 0.8);
    for (let i = 0; i < out.length; i++) out[i] = cab.process(out[i]!);
  }
  for (let i = 0; i < out.length; i++) out[i] = rumble.process(out[i]!);
  return out;
}

/** A keys voice's notes from MIDI 55 up: the key's chord for a 'chord' variant, else its root. */
const keyNotes = (key: MusicalKey | null, variant: string): number[] =>
  variant === 'chord' ? chordMidis(key ?? 'C', 55, 0) : [rootMidi(key ?? 'C', 55)];

/** Pitched instrument voices by name. */
export const tonalVoices: Record<string, Voice> = {
  bass808: ({ rng, sampleRate, seconds, key }) => [
    render808(rng, sampleRate, seconds, rootMidi(key ?? 'C', 28)),
  ],
  synthBass: (input) => [
    renderSubtractive(input.rng, input.sampleRate, input.seconds, [rootMidi(keyOf(input), 36)], {
      shape: input.rng.pick(['saw', 'square'] as const),
      cutoff: [input.rng.range(1500, 3500), 250],
      filterTau: input.rng.range(0.08, 0.25),
      attack: 0.004,
      release: 0.05,
      resonance: 2,
    }),
  ],
  subBass: ({ sampleRate, seconds, key }) => {
    // A clean sub: a sine with a touch of second harmonic (audible on small speakers), held and
    // released, with none of the 808's drop or distortion.
    const out = new Float32Array(framesOf(seconds, sampleRate));
    const w = (2 * Math.PI * midiToHz(rootMidi(key ?? 'C', 31))) / sampleRate;
    for (let i = 0; i < out.length; i++) {
      const t = i / sampleRate;
      const env = Math.min(1, t / 0.006) * Math.min(1, (seconds - t) / (seconds * 0.3));
      out[i] = (Math.sin(w * i) + 0.15 * Math.sin(2 * w * i)) * Math.max(0, env);
    }
    return [out];
  },
  pad: (input) => {
    const midis = chordMidis(keyOf(input), 48, 0);
    return [0, 1].map(() =>
      renderSubtractive(input.rng, input.sampleRate, input.seconds, midis, {
        voices: 3,
        detune: 0.12,
        cutoff: [1800, 900],
        filterTau: 1.5,
        attack: input.seconds * 0.3,
        release: input.seconds * 0.35,
      }),
    );
  },
  lead: (input) => [
    renderSubtractive(input.rng, input.sampleRate, input.seconds, [rootMidi(keyOf(input), 60)], {
      shape: input.rng.pick(['saw', 'square'] as const),
      cutoff: [4000, 2200],
      filterTau: 0.4,
      attack: 0.01,
      release: 0.15,
      vibrato: 0.006,
    }),
  ],
  pluck: (input) => [
    renderSubtractive(input.rng, input.sampleRate, input.seconds, [rootMidi(keyOf(input), 60)], {
      cutoff: [input.rng.range(3000, 6000), 300],
      filterTau: input.rng.range(0.05, 0.12),
      attack: 0.002,
      release: input.seconds * 0.8,
      voices: 2,
      detune: 0.06,
    }),
  ],
  piano: ({ rng, sampleRate, seconds, key, variant }) => [
    renderPiano(rng, sampleRate, seconds, keyNotes(key, variant)),
  ],
  epiano: ({ rng, sampleRate, seconds, key, variant }) => {
    const dry = renderEpiano(rng, sampleRate, seconds, keyNotes(key, variant));
    // Auto-pan tremolo, the classic stereo electric piano.
    const rate = rng.range(3, 5);
    const left = new Float32Array(dry.length);
    const right = new Float32Array(dry.length);
    for (let i = 0; i < dry.length; i++) {
      const pan = 0.5 + 0.35 * Math.sin((2 * Math.PI * rate * i) / sampleRate);
      left[i] = dry[i]! * (1 - pan);
      right[i] = dry[i]! * pan;
    }
    return [left, right];
  },
  organ: ({ rng, sampleRate, seconds, key, variant }) => [
    renderOrgan(rng, sampleRate, seconds, keyNotes(key, variant)),
  ],
  guitarAcoustic: ({ rng, sampleRate, seconds, key, variant }) => [
    renderGuitar(
      rng,
      sampleRate,
      seconds,
      variant === 'chord'
        ? [...chordMidis(key ?? 'C', 40, 0), ...chordMidis(key ?? 'C', 52, 0)]
        : [rootMidi(key ?? 'C', 45)],
      'acoustic',
    ),
  ],
  guitarElectric: ({ rng, sampleRate, seconds, key }) => {
    const root = rootMidi(key ?? 'C', 40);
    return [renderGuitar(rng, sampleRate, seconds, [root, root + 7, root + 12], 'electric')];
  },
  guitarMuted: ({ rng, sampleRate, seconds, key }) => [
    renderGuitar(rng, sampleRate, seconds, [rootMidi(key ?? 'C', 40)], 'muted'),
  ],
};
