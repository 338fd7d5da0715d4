import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../src/shared/api/catalogue.types.ts';
import { computePeaks } from '../../../src/wasm/pcm/compute-peaks.ts';
import { encodePeaks, readPeaks } from '../peaks.ts';
import { planLibrary } from './library-plan.ts';
import { BRANDS } from './packs.ts';
import { coverMotif, renderCover } from '../../synth/pack-cover.ts';
import { hashSeed } from '../../synth/prng.ts';

const NOW = Date.parse('2026-11-21T00:00:00Z');

describe('planLibrary', () => {
  it('plans the demo size: ≥1,000 samples in ≥40 packs from ≥8 brands across all categories', () => {
    const plan = planLibrary('demo', NOW);
    expect(plan.samples.length).toBeGreaterThanOrEqual(1000);
    expect(plan.packs.length).toBeGreaterThanOrEqual(40);
    expect(new Set(plan.packs.map((p) => p.brand)).size).toBeGreaterThanOrEqual(8);
    expect(BRANDS.every((b) => /[\u4e00-\u9fff]/u.test(b.zh))).toBe(true);
    expect(new Set(plan.packs.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(plan.packs.map((p) => p.code)).size).toBe(plan.packs.length);
    expect(plan.packs.every((p) => /^[a-z0-9-]+$/.test(p.code))).toBe(true);
  });

  it('keeps the test sizes small and the plan deterministic', () => {
    const tiny = planLibrary('tiny', NOW);
    expect(tiny.samples.length).toBeGreaterThanOrEqual(40);
    expect(tiny.samples.length).toBeLessThanOrEqual(60);
    const small = planLibrary('small', NOW);
    expect(small.samples.length).toBeGreaterThanOrEqual(180);
    expect(small.samples.length).toBeLessThanOrEqual(220);
    expect(JSON.stringify(planLibrary('small', NOW).samples.map((s) => s.job))).toBe(
      JSON.stringify(small.samples.map((s) => s.job)),
    );
    expect(planLibrary('none', NOW).samples).toEqual([]);
  });

  it('gives samples lengths, tempos, formats and names within the brief', () => {
    const plan = planLibrary('demo', NOW);
    const rates = new Set<number>();
    const depths = new Set<number>();
    const widths = new Set<number>();
    for (const s of plan.samples) {
      rates.add(s.job.sampleRate);
      depths.add(s.job.bitDepth);
      widths.add(s.job.channels);
      if (s.kind === 'loop') {
        const seconds = ((s.job.bars ?? 0) * 240) / (s.bpm ?? 1);
        expect(seconds).toBeGreaterThanOrEqual(2);
        expect(seconds).toBeLessThanOrEqual(8);
      } else {
        expect(s.job.seconds).toBeGreaterThanOrEqual(0.2);
        expect(s.job.seconds).toBeLessThanOrEqual(3);
      }
      expect(s.nameZh).toMatch(/[\u4e00-\u9fff]/u);
      // Names leave tempo and key to their columns; file names carry them.
      expect(s.nameEn).not.toMatch(/BPM|\bin [A-G]#?m?\b/);
      expect(s.nameZh).not.toMatch(/BPM|[A-G]#?m?调/);
      expect(s.fileName).toBe(
        `${[s.nameEn, s.bpm && `${s.bpm} BPM`, s.key].filter(Boolean).join(' ')}.wav`,
      );
      expect(Date.parse(s.createdAt)).toBeLessThanOrEqual(NOW + 15 * 86_400_000);
    }
    expect(rates).toEqual(new Set([44100, 48000]));
    expect(depths).toEqual(new Set([16, 24]));
    expect(widths).toEqual(new Set([1, 2]));
    expect(new Set(plan.samples.map((s) => s.nameEn)).size).toBe(plan.samples.length);
  });
});

describe('peaks', () => {
  it('takes the largest |amplitude| per bucket over all channels and survives the BLOB round trip', () => {
    const left = new Float32Array(512);
    const right = new Float32Array(512);
    left[3] = -0.75;
    right[4] = 0.5;
    right[511] = 0.25;
    const peaks = computePeaks([left, right], 256);
    expect(peaks).toHaveLength(256);
    expect(peaks[1]).toBe(0.75);
    expect(peaks[2]).toBe(0.5);
    expect(peaks[255]).toBe(0.25);
    expect(readPeaks(encodePeaks(peaks))).toEqual([...peaks]);
    expect(() => readPeaks(new Uint8Array(3))).toThrow(/peaks/);
  });
});

describe('renderCover', () => {
  it('encodes a valid 256×256 RGB PNG that differs per pack', () => {
    const png = Buffer.from(renderCover(1, 'chineseStyle'));
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(256);
    expect(png.readUInt32BE(20)).toBe(256);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect(raw.length).toBe(256 * (256 * 3 + 1));
    expect(png.subarray(-8, -4).toString('latin1')).toBe('IEND');
    expect(Buffer.from(renderCover(2, 'chineseStyle')).equals(png)).toBe(false);
  });

  it('varies the motif between packs of one category, the same for the same pack', () => {
    for (const category of ['instruments', 'genres', 'cinematicFx', 'chineseStyle'] as const) {
      const motifs = new Set(
        Array.from({ length: 12 }, (_, i) => coverMotif(hashSeed(`cover:pack ${i}`), category)),
      );
      expect(motifs.size).toBeGreaterThanOrEqual(4);
    }
    const seed = hashSeed('cover:古筝流韵');
    expect(coverMotif(seed, 'chineseStyle')).toBe(coverMotif(seed, 'chineseStyle'));
    expect(Buffer.from(renderCover(seed, 'chineseStyle'))).toEqual(
      Buffer.from(renderCover(seed, 'chineseStyle')),
    );
  });
});
