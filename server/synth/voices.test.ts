import { describe, expect, it } from 'vitest';
import { xingFrameCount } from '../../src/wasm/mpg123/split-mp3.ts';
import { MUSICAL_KEYS, type MusicalKey } from '../../src/shared/api/catalogue.types.ts';
import { Biquad } from './dsp.ts';
import { loopFrames, parseKey } from './music-theory.ts';
import { renderSample } from '../library/sample-files.ts';
import { renderChannels, VOICES, type RenderJob } from './render-sample.ts';
import { TAXONOMY } from '../library/demo/taxonomy.ts';

const SR = 44100;

function job(voice: string, options: Partial<RenderJob> = {}): RenderJob {
  return {
    voice,
    seed: 42,
    kind: 'oneshot',
    sampleRate: SR,
    channels: 1,
    bitDepth: 16,
    seconds: 1,
    key: null,
    bpm: null,
    bars: null,
    style: 'pop',
    variant: '',
    ...options,
  };
}

function mono(voice: string, options: Partial<RenderJob> = {}): Float32Array {
  return renderChannels(job(voice, { channels: 1, ...options }))[0]!;
}

function energy(x: Float32Array, from = 0, to = x.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += x[i]! * x[i]!;
  return sum;
}

/** Energy of the signal after a low-pass or high-pass at `hz`. */
function bandEnergy(x: Float32Array, type: 'lowpass' | 'highpass', hz: number): number {
  const a = new Biquad(SR).set(type, hz);
  const b = new Biquad(SR).set(type, hz);
  return energy(x.map((v) => b.process(a.process(v))));
}

/** Fundamental by normalised autocorrelation: the shortest lag within 90% of the best one. */
function estimatePitch(x: Float32Array, start: number, minHz = 30, maxHz = 1500): number {
  const size = 8192;
  const w = x.subarray(start, start + size);
  const minLag = Math.floor(SR / maxHz);
  const maxLag = Math.ceil(SR / minHz);
  const r: number[] = [];
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let num = 0;
    let e1 = 0;
    let e2 = 0;
    for (let i = 0; i + lag < w.length; i++) {
      num += w[i]! * w[i + lag]!;
      e1 += w[i]! * w[i]!;
      e2 += w[i + lag]! * w[i + lag]!;
    }
    r[lag] = num / Math.sqrt(e1 * e2 || 1);
    best = Math.max(best, r[lag]!);
  }
  for (let lag = minLag + 1; lag < maxLag; lag++) {
    const v = r[lag]!;
    if (v >= 0.9 * best && v >= r[lag - 1]! && v >= r[lag + 1]!) {
      // Parabolic interpolation around the peak for sub-sample precision.
      const a = r[lag - 1]!;
      const c = r[lag + 1]!;
      const shift = (a - c) / (2 * (a - 2 * v + c) || 1);
      return SR / (lag + shift);
    }
  }
  return NaN;
}

/** Distance in semitones between a frequency's pitch class and the key's root (octaves ignored). */
function pitchClassError(hz: number, key: MusicalKey): number {
  const midi = 69 + 12 * Math.log2(hz / 440);
  const diff = (((midi - parseKey(key).pitchClass) % 12) + 12) % 12;
  return Math.min(diff, 12 - diff);
}

describe('synthesized sounds are what their names say', () => {
  it('a kick is low-frequency energy that decays', () => {
    const kick = mono('kick', { seconds: 0.6 });
    expect(bandEnergy(kick, 'lowpass', 200)).toBeGreaterThan(
      5 * bandEnergy(kick, 'highpass', 2000),
    );
    const quarter = Math.floor(kick.length / 4);
    expect(energy(kick, 0, quarter)).toBeGreaterThan(20 * energy(kick, 3 * quarter));
  });

  it('a hi-hat is high-frequency energy', () => {
    for (const variant of ['closed', 'open']) {
      const hat = mono('hat', { seconds: 0.4, variant });
      expect(bandEnergy(hat, 'highpass', 5000)).toBeGreaterThan(
        10 * bandEnergy(hat, 'lowpass', 1000),
      );
    }
  });

  it('a snare has both a body and noise above it, and a clap is mid-range noise', () => {
    const snare = mono('snare', { seconds: 0.4 });
    expect(bandEnergy(snare, 'highpass', 2000)).toBeGreaterThan(0.1 * energy(snare));
    const clap = mono('clap', { seconds: 0.4 });
    expect(bandEnergy(clap, 'lowpass', 150)).toBeLessThan(0.1 * energy(clap));
  });

  const pitched: Array<[string, string, number]> = [
    ['bass808', '', 0.4],
    ['synthBass', '', 0.15],
    ['subBass', '', 0.4],
    ['lead', '', 0.3],
    ['pluck', '', 0.05],
    ['piano', 'single', 0.2],
    ['epiano', 'single', 0.2],
    ['organ', 'single', 0.2],
    ['guitarAcoustic', 'single', 0.2],
    ['guitarMuted', '', 0.02],
    ['vocalChop', '', 0.1],
    ['erhu', '', 0.5],
    ['dizi', '', 0.5],
    ['guzheng', 'pluck', 0.3],
    ['pipa', 'pluck', 0.2],
  ];
  for (const [voice, variant, at] of pitched)
    it(`${voice} sounds in its key (fundamental within a semitone)`, () => {
      for (const key of ['C', 'F#m', 'A#', 'Em'] as MusicalKey[]) {
        const x = mono(voice, { key, variant, seconds: voice === 'guitarMuted' ? 0.4 : 1.5 });
        const hz = estimatePitch(x, Math.floor(at * SR));
        expect(hz, `${voice} in ${key}`).toBeGreaterThan(25);
        expect(
          pitchClassError(hz, key),
          `${voice} in ${key}: ${hz.toFixed(1)} Hz`,
        ).toBeLessThanOrEqual(1);
      }
    });

  it('a loop lasts exactly its bars at its BPM', () => {
    for (const [voice, bpm, bars] of [
      ['drumLoop', 90, 2],
      ['bassLoop', 140, 4],
      ['melodicLoop', 124, 2],
      ['vocalLoop', 75, 1],
      ['arpLoop', 128, 4],
    ] as const) {
      const channels = renderChannels(
        job(voice, { kind: 'loop', bpm, bars, key: 'Am', channels: 2, sampleRate: 48000 }),
      );
      expect(channels[0]!.length).toBe(loopFrames(bpm, bars, 48000));
      expect(channels[0]!.length / 48000).toBeCloseTo((bars * 4 * 60) / bpm, 4);
    }
  });

  it('no voice clips and none is silent, in every style', () => {
    for (const voice of Object.keys(VOICES)) {
      const loop = voice.endsWith('Loop');
      for (const style of loop ? ['hip-hop', 'trap', 'pop', 'rnb', 'edm'] : ['pop']) {
        const channels = renderChannels(
          job(voice, {
            kind: loop ? 'loop' : 'oneshot',
            bpm: loop ? 120 : null,
            bars: loop ? 1 : null,
            key: 'D',
            style,
            channels: 2,
            seconds: 0.8,
          }),
        );
        let peak = 0;
        let sum = 0;
        let finite = true;
        for (const c of channels)
          for (const v of c) {
            finite &&= Number.isFinite(v);
            peak = Math.max(peak, Math.abs(v));
            sum += v * v;
          }
        expect(finite, voice).toBe(true);
        expect(peak, voice).toBeLessThanOrEqual(1);
        expect(peak, voice).toBeGreaterThan(0.5);
        expect(Math.sqrt(sum / (channels.length * channels[0]!.length)), voice).toBeGreaterThan(
          0.005,
        );
      }
    }
  });

  it('renders a WAV, an MP3 audition of the same length and 256 peaks', () => {
    const result = renderSample(job('drumLoop', { kind: 'loop', bpm: 100, bars: 1, channels: 2 }));
    expect(result.duration).toBeCloseTo(2.4, 4);
    expect(result.wav.byteLength).toBe(44 + result.frames * 2 * 2);
    // The preview: MPEG-1 layer III at the source's rate, 192 kbit/s for stereo, with the LAME
    // Info frame a gapless decoder trims by (docs/LIBRARY.md).
    const mp3 = result.mp3 as Uint8Array;
    expect(mp3).toBeInstanceOf(Uint8Array);
    const count = xingFrameCount(mp3)!;
    expect(count.present).toBe(count.declared);
    expect(count.samplesPerFrame).toBe(1152);
    expect((count.declared * count.samplesPerFrame - count.trimmed) / SR).toBeCloseTo(
      result.duration,
      3,
    );
    expect(mp3.length).toBeGreaterThan(result.duration * 22_000);
    expect(mp3.length).toBeLessThan(result.duration * 26_000);
    expect(result.peaks).toHaveLength(256);
    expect(Math.max(...result.peaks)).toBeCloseTo(0.89, 2);
  });

  it('is deterministic: the same job renders the same bytes', () => {
    const a = renderSample(job('guzheng', { key: 'D', variant: 'gliss', channels: 2 }));
    const b = renderSample(job('guzheng', { key: 'D', variant: 'gliss', channels: 2 }));
    expect(Buffer.from(a.wav).equals(Buffer.from(b.wav))).toBe(true);
    const c = renderSample(job('guzheng', { key: 'D', variant: 'gliss', channels: 2, seed: 43 }));
    expect(Buffer.from(a.wav).equals(Buffer.from(c.wav))).toBe(false);
  });

  it('has a voice for every secondary name of the taxonomy', () => {
    for (const primary of TAXONOMY)
      for (const child of primary.children) expect(VOICES[child.voice], child.voice).toBeDefined();
    expect(MUSICAL_KEYS).toContain('F#m');
  });
});
