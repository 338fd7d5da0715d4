import { describe, expect, it } from 'vitest';
import { MUSICAL_KEYS } from '../shared/api/catalogue.types.ts';
import { analyseSound, EMBEDDING_SIZE, keyToLabel, labelToKey } from './index.ts';
import { integratedLoudness, truePeakDb } from './loudness.ts';
import {
  chord,
  clickTrack,
  fade,
  noiseSource,
  pinkNoise,
  referenceLoudness48k,
} from './testing/signals.ts';

const midiHz = (m: number) => 440 * 2 ** ((m - 69) / 12);
const norm = (v: Float32Array) => Math.hypot(...v);
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('tempo', () => {
  it('reads a 4-bar click track at 97 BPM as a loop at 97 BPM', () => {
    const click = clickTrack(97, 4, 44100);
    const a = analyseSound({ channels: [click, click], sampleRate: 44100 });
    expect(a.kind).toBe('loop');
    expect(a.bpm).not.toBeNull();
    expect(Math.abs(a.bpm! - 97)).toBeLessThanOrEqual(0.5);
  });

  it('reads 2 bars at 140 BPM as 140, not its half (the octave prior)', () => {
    const a = analyseSound({ channels: [clickTrack(140, 2, 48000)], sampleRate: 48000 });
    expect(a.bpm).toBeCloseTo(140, 0);
  });
});

describe('tempo of a take (a recording of any length)', () => {
  /** `seconds` of a click track at `bpm` from `from` s: a take started and stopped mid-bar. */
  const take = (bpm: number, rate: number, from: number, seconds: number) =>
    clickTrack(bpm, 8, rate).slice(Math.round(from * rate), Math.round((from + seconds) * rate));

  it('reads 5.6 s of 120 BPM started mid-bar as 120, where its length read as bars says 85.7', () => {
    const x = take(120, 48000, 0.73, 5.6);
    expect(analyseSound({ channels: [x], sampleRate: 48000 }).bpm).toBeCloseTo(85.7, 1);
    const a = analyseSound({ channels: [x, x], sampleRate: 48000, wholeBars: false });
    expect(a.kind).toBe('loop');
    expect(Math.abs(a.bpm! - 120)).toBeLessThanOrEqual(0.1);
  });

  it('reads takes of other tempos and lengths to a tenth of a BPM, in the preferred octave', () => {
    for (const [bpm, from, seconds] of [
      [97.3, 0.2, 7.1],
      [140, 1.1, 4.3],
      [84, 0.05, 9.4],
    ] as const) {
      const x = take(bpm, 44100, from, seconds);
      const found = analyseSound({ channels: [x], sampleRate: 44100, wholeBars: false }).bpm;
      expect(Math.abs(found! - bpm), `${bpm} BPM`).toBeLessThanOrEqual(0.1);
    }
  });

  it('gives a held chord, which has no beats, no tempo', () => {
    const pad = chord([57, 60, 64].map(midiHz), 6, 44100);
    expect(analyseSound({ channels: [pad], sampleRate: 44100, wholeBars: false }).bpm).toBeNull();
  });
});

describe('key', () => {
  it('reads an F♯ minor triad (F♯3 A3 C♯4) as F# minor, labelled F#m', () => {
    const triad = chord([54, 57, 61].map(midiHz), 2, 44100);
    const a = analyseSound({ channels: [triad], sampleRate: 44100 });
    expect(a.key).toEqual({ tonic: 'F#', mode: 'minor' });
    expect(keyToLabel(a.key!)).toBe('F#m');
  });

  it('reads a C major triad as C major and a unpitched noise burst as no key', () => {
    const c = analyseSound({
      channels: [chord([48, 52, 55].map(midiHz), 2, 48000)],
      sampleRate: 48000,
    });
    expect(c.key).toEqual({ tonic: 'C', mode: 'major' });
    const noise = pinkNoise(44100, 3);
    fade(noise, 44100);
    expect(analyseSound({ channels: [noise], sampleRate: 44100 }).key).toBeNull();
  });

  it('converts every library key label to { tonic, mode } and back', () => {
    for (const label of MUSICAL_KEYS) expect(keyToLabel(labelToKey(label))).toBe(label);
    expect(labelToKey('Gbm')).toEqual({ tonic: 'F#', mode: 'minor' });
    expect(() => labelToKey('H')).toThrow(/not a key label/);
    expect(() => keyToLabel({ tonic: 'X', mode: 'major' })).toThrow(/not a key/);
  });
});

describe('loudness and true peak', () => {
  it('reads pink noise set to −23 LUFS by the recommendation’s own 48 kHz filters as −23 ± 0.5', () => {
    const left = pinkNoise(48000 * 5, 1);
    const right = pinkNoise(48000 * 5, 2);
    const gain = 10 ** ((-23 - referenceLoudness48k([left, right])) / 20);
    for (const c of [left, right]) for (let i = 0; i < c.length; i++) c[i]! *= gain;
    const a = analyseSound({ channels: [left, right], sampleRate: 48000 });
    expect(Math.abs(a.lufs + 23)).toBeLessThanOrEqual(0.5);
  });

  it('reads a stereo 1 kHz sine at −23 dBFS as −23.0 LUFS at 44.1 and 48 kHz', () => {
    for (const rate of [44100, 48000]) {
      const sine = new Float32Array(rate * 10);
      for (let i = 0; i < sine.length; i++)
        sine[i] = 10 ** (-23 / 20) * Math.sin((2 * Math.PI * 1000 * i) / rate);
      expect(integratedLoudness([sine, sine], rate)).toBeCloseTo(-23, 1);
      // Silence after the tone falls under the absolute gate: only the blocks the tone
      // partly fills at its end lower the reading, by a little.
      const padded = new Float32Array(rate * 20);
      padded.set(sine);
      expect(Math.abs(integratedLoudness([padded, padded], rate) + 23)).toBeLessThan(0.3);
    }
  });

  it('finds the inter-sample peak of a quarter-rate sine sampled at 45°: 0 dBTP, 3 dB over its samples', () => {
    const x = new Float32Array(4800);
    for (let i = 0; i < x.length; i++) x[i] = Math.sin((Math.PI / 2) * i + Math.PI / 4);
    const samplePeakDb = 20 * Math.log10(Math.max(...x.map(Math.abs)));
    expect(samplePeakDb).toBeCloseTo(-3.01, 1);
    expect(Math.abs(truePeakDb([x]))).toBeLessThanOrEqual(0.3);
  });

  it('reports silence at the floors, with no key and no tempo', () => {
    const a = analyseSound({ channels: [new Float32Array(44100 * 3)], sampleRate: 44100 });
    expect(a).toMatchObject({ lufs: -70, truePeakDb: -120, key: null });
    expect(a.embedding.every(Number.isFinite)).toBe(true);
  });
});

describe('kind', () => {
  it('tells a decaying note (one-shot) from a groove that fills whole bars (loop)', () => {
    const note = chord([midiHz(60)], 3, 44100);
    expect(analyseSound({ channels: [note], sampleRate: 44100 })).toMatchObject({
      kind: 'oneshot',
      bpm: null,
    });
    const groove = clickTrack(120, 2, 44100);
    // A bass note sustains across the seam: a loop's end flows into its start, no fade-out.
    const loop = groove.map((x, i) => x + 0.3 * Math.sin((2 * Math.PI * midiHz(36) * i) / 44100));
    expect(analyseSound({ channels: [loop], sampleRate: 44100 })).toMatchObject({
      kind: 'loop',
      bpm: 120,
    });
  });

  it('gives a held pad that runs on (a loop by its end) no tempo: it has no beat', () => {
    // 4 s of a sustained A minor chord that never fades: a loop whose length alone would read
    // as "120 BPM · 2 bars".
    const rate = 44100;
    const pad = new Float32Array(4 * rate);
    for (const m of [57, 60, 64])
      for (let i = 0; i < pad.length; i++)
        pad[i]! += 0.2 * Math.sin((2 * Math.PI * midiHz(m) * i) / rate) * Math.min(1, i / rate);
    const a = analyseSound({ channels: [pad, pad], sampleRate: rate });
    expect(a.kind).toBe('loop');
    expect(a.bpm).toBeNull();
    expect(a.key).toEqual({ tonic: 'A', mode: 'minor' });
  });

  it('gives a kick (a fast pitch sweep down to 50 Hz) no key', () => {
    const rate = 44100;
    const kick = new Float32Array(Math.round(0.6 * rate));
    let phase = 0;
    for (let i = 0; i < kick.length; i++) {
      const t = i / rate;
      phase += (2 * Math.PI * (50 + 130 * Math.exp(-t / 0.03))) / rate;
      kick[i] = Math.sin(phase) * Math.exp(-t / 0.15);
    }
    fade(kick, rate);
    expect(analyseSound({ channels: [kick], sampleRate: rate })).toMatchObject({
      kind: 'oneshot',
      key: null,
      bpm: null,
    });
  });

  it('calls anything shorter than a bar a one-shot', () => {
    expect(
      analyseSound({ channels: [clickTrack(200, 1, 44100).subarray(0, 44100)], sampleRate: 44100 })
        .kind,
    ).toBe('oneshot');
  });
});

describe('embedding', () => {
  const hit = (seed: number, decay: number, rate = 44100) => {
    const next = noiseSource(seed);
    const x = new Float32Array(rate / 2);
    for (let i = 0; i < x.length; i++) x[i] = next() * Math.exp(-i / (decay * rate));
    fade(x, rate);
    return x;
  };

  it('is EMBEDDING_SIZE floats of unit length, the same for the same sound', () => {
    const a = analyseSound({ channels: [hit(1, 0.05)], sampleRate: 44100 });
    const b = analyseSound({ channels: [hit(1, 0.05)], sampleRate: 44100 });
    expect(a.embedding).toHaveLength(EMBEDDING_SIZE);
    expect(EMBEDDING_SIZE).toBeLessThanOrEqual(64);
    expect(norm(a.embedding)).toBeCloseTo(1, 5);
    expect([...a.embedding]).toEqual([...b.embedding]);
  });

  it('puts two noise hits closer to each other than to a sustained chord', () => {
    const one = analyseSound({ channels: [hit(1, 0.05)], sampleRate: 44100 }).embedding;
    const two = analyseSound({ channels: [hit(9, 0.06)], sampleRate: 48000 }).embedding;
    const pad = analyseSound({
      channels: [chord([57, 60, 64].map(midiHz), 2, 44100)],
      sampleRate: 44100,
    }).embedding;
    expect(dot(one, two)).toBeGreaterThan(dot(one, pad) + 0.2);
  });
});

describe('bad input', () => {
  it('rejects what it cannot read with a RangeError that says why', () => {
    const ok = new Float32Array(1000);
    expect(() => analyseSound({ channels: [], sampleRate: 44100 })).toThrow(/no channels/);
    expect(() => analyseSound({ channels: [new Float32Array(0)], sampleRate: 44100 })).toThrow(
      /no samples/,
    );
    expect(() =>
      analyseSound({ channels: [ok, new Float32Array(999)], sampleRate: 44100 }),
    ).toThrow(/differ in length/);
    expect(() => analyseSound({ channels: [ok], sampleRate: 0 })).toThrow(/sample rate/);
    expect(() => analyseSound({ channels: [ok], sampleRate: Number.NaN })).toThrow(RangeError);
  });

  it('treats NaN and infinite samples as silence and leaves the caller’s arrays alone', () => {
    const x = chord([midiHz(57)], 1, 44100);
    x[100] = Number.NaN;
    x[200] = Number.POSITIVE_INFINITY;
    const a = analyseSound({ channels: [x], sampleRate: 44100 });
    expect(Number.isFinite(a.lufs) && Number.isFinite(a.truePeakDb)).toBe(true);
    expect(a.embedding.every(Number.isFinite)).toBe(true);
    expect(Number.isNaN(x[100])).toBe(true);
  });
});
