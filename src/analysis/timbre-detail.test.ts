import { describe, expect, it } from 'vitest';
import { DESCRIPTOR_COUNT, embed } from './embedding.ts';
import { chord, noiseSource } from './testing/signals.ts';
import { spectrogram } from './spectrum.ts';
import { DETAIL_SIZE, timbreDetail } from './timbre-detail.ts';

const RATE = 22050;
// Indices in timbreDetail's answer (docs/ANALYSIS.md "Timbre embedding").
const DECAY_30_DB = 49;
const SUB_SHARE = 54;
const CHROMA_ENTROPY = 61;

/** White noise, `seconds` long, decaying by e every `decay` seconds. */
const hit = (decay: number, seconds = 1) => {
  const next = noiseSource(3);
  return Float32Array.from(
    { length: RATE * seconds },
    (_, i) => next() * Math.exp(-i / (decay * RATE)),
  );
};
const detail = (x: Float32Array, chroma: number[] = Array.from({ length: 12 }, () => 1)) =>
  timbreDetail(spectrogram(x, RATE, 1024, 256), chroma, x.length / RATE);

describe('timbre detail', () => {
  it('gives DETAIL_SIZE finite descriptors, even for silence', () => {
    expect(detail(hit(0.1))).toHaveLength(DETAIL_SIZE);
    expect(detail(new Float32Array(RATE)).every(Number.isFinite)).toBe(true);
  });

  it('reads a slow decay as longer than a fast one', () => {
    expect(detail(hit(0.2))[DECAY_30_DB]!).toBeGreaterThan(detail(hit(0.02))[DECAY_30_DB]! + 1);
  });

  it('puts a 50 Hz tone’s power under 100 Hz, and little of white noise’s', () => {
    const sub = detail(chord([50], 1, RATE))[SUB_SHARE]!;
    const noise = detail(hit(10))[SUB_SHARE]!;
    // The Hann window spreads the tone over its neighbour bins (21.5 Hz apart), some past 100 Hz.
    expect(Math.exp(sub)).toBeGreaterThan(0.6);
    expect(Math.exp(noise)).toBeLessThan(0.05);
  });

  it('reads one pitch class as more tonal than all twelve alike', () => {
    const one = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(detail(hit(0.1), one)[CHROMA_ENTROPY]!).toBeLessThan(
      detail(hit(0.1))[CHROMA_ENTROPY]! - 3,
    );
  });
});

describe('embed', () => {
  it('refuses a descriptor vector of the wrong length, saying why', () => {
    expect(() => embed(new Float64Array(DESCRIPTOR_COUNT - 1))).toThrow(
      `expected ${DESCRIPTOR_COUNT} descriptors, got ${DESCRIPTOR_COUNT - 1}`,
    );
  });

  it('counts a non-finite descriptor as average, not as NaN', () => {
    const raw = new Float64Array(DESCRIPTOR_COUNT).fill(Number.NaN);
    raw[0] = 1;
    const e = embed(raw);
    expect(e.every(Number.isFinite)).toBe(true);
  });
});
