import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, MUSICAL_KEYS } from '../../src/shared/api/catalogue.types.ts';
import { readPeaks } from '../../server/library/peaks.ts';
import { seedSamples } from '../../server/library/seed-samples.ts';
import { packsWhere, samplesWhere } from '../testing/oracle.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { searchTotal } from '../testing/catalogue.ts';

// The preset suggestions of docs/PRODUCT.md §2: popular searches, styles and instruments.
const PRESETS = [
  'vocals',
  'snare',
  'bass',
  '808',
  'claps',
  'hip-hop',
  'trap',
  'pop',
  'R&B',
  'EDM',
  'drums',
  'synth',
  'percussion',
  'keyboard',
  'guitar',
];

let gateway: TestGateway;
let seedMs = 0;

beforeAll(async () => {
  const started = performance.now();
  gateway = await startTestGateway({ size: 'tiny' });
  seedMs = performance.now() - started;
});

afterAll(async () => {
  await gateway?.close();
});

describe('the tiny demo library', () => {
  it('fills every category with packs and samples', async () => {
    const samples = await samplesWhere(gateway);
    for (const category of CATEGORIES)
      expect(samples.filter((s) => s.category === category).length).toBeGreaterThan(0);
    expect(samples.length).toBeGreaterThanOrEqual(40);
    expect(samples.length).toBeLessThanOrEqual(60);
    const packCategories = new Set((await packsWhere(gateway)).map((p) => p.category));
    expect([...packCategories].sort()).toEqual([...CATEGORIES].sort());
    console.log(`[library] tiny gateway started and seeded in ${(seedMs / 1000).toFixed(2)} s`);
  });

  it('finds every preset suggestion in the keyword search', async () => {
    for (const preset of PRESETS)
      expect(await searchTotal(gateway, preset), `no sample matches "${preset}"`).toBeGreaterThan(
        0,
      );
  });

  it('finds Chinese names with two-character words', async () => {
    for (const word of ['古筝', '底鼓', '军鼓', '铜锣', '二胡', '人声'])
      expect(await searchTotal(gateway, word), word).toBeGreaterThan(0);
  });

  it('names the taxonomy in English and Chinese for every primary and secondary name used', async () => {
    const taxonomy = await gateway.ctx.repo.catalogue.taxonomy();
    const named = new Set(taxonomy.map((t) => `${t.category}/${t.primaryName}/${t.secondaryName}`));
    const used = (await samplesWhere(gateway)).map(
      (s) => `${s.category}/${s.primaryName}/${s.secondaryName}`,
    );
    expect([...new Set(used)].filter((place) => !named.has(place))).toEqual([]);
    const drums = taxonomy.find((t) => t.primaryName === 'Drums' && t.secondaryName === '');
    expect(drums?.nameZh).toBe('鼓组');
  });

  it('stores every sample with consistent metadata', async () => {
    const samples = await samplesWhere(gateway);
    const codes = new Set<string>();
    for (const s of samples) {
      expect(s.format).toBe('wav');
      expect(s.mediaType).toBe('audio/wav');
      expect([44100, 48000]).toContain(s.sampleRate);
      expect([1, 2]).toContain(s.channels);
      expect([16, 24]).toContain(s.bitDepth);
      expect(s.nameZh).toMatch(/[\u4e00-\u9fff]/u);
      // The name leaves tempo and key to their columns; the file name carries them.
      const tempoAndKey = [s.bpm !== null && `${s.bpm} BPM`, s.audioKey].filter(Boolean);
      expect(s.fileName).toBe(`${[s.nameEn, ...tempoAndKey].join(' ')}.wav`);
      expect(s.tags.length).toBeGreaterThan(0);
      if (s.audioKey !== null) expect(MUSICAL_KEYS).toContain(s.audioKey);
      if (s.kind === 'loop') {
        expect(Number(s.bpm)).toBeGreaterThan(0);
        expect(s.duration).toBeGreaterThanOrEqual(2);
        expect(s.duration).toBeLessThanOrEqual(8);
      } else {
        expect(s.bpm).toBeNull();
        expect(s.duration).toBeGreaterThanOrEqual(0.2);
        expect(s.duration).toBeLessThanOrEqual(3);
      }
      expect(String(s.auditionCode)).toMatch(/^[A-Za-z0-9_-]{8,16}$/);
      codes.add(String(s.auditionCode));
      const peaks = readPeaks(s.peaks!);
      expect(peaks).toHaveLength(256);
      expect(Math.max(...peaks)).toBeGreaterThan(0.5);
      expect(peaks.every((p) => p >= 0 && p <= 1)).toBe(true);
    }
    expect(codes.size).toBe(samples.length);
  });

  it('keeps every audio and audition blob under its sha-256', async () => {
    for (const s of await samplesWhere(gateway)) {
      const wav = gateway.ctx.blobs.read(s.blobHash);
      expect(createHash('sha256').update(wav).digest('hex')).toBe(s.blobHash);
      expect(wav.byteLength).toBe(s.sizeBytes);
      expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
      const mp3 = gateway.ctx.blobs.read(String(s.auditionHash));
      expect(createHash('sha256').update(mp3).digest('hex')).toBe(s.auditionHash);
      // MPEG audio frame sync: 11 set bits.
      expect(mp3[0]).toBe(0xff);
      expect((mp3[1] ?? 0) & 0xe0).toBe(0xe0);
    }
  });

  it('gives every pack a PNG cover, a brand and descriptions in both languages', async () => {
    const packs = await packsWhere(gateway);
    expect(packs.length).toBeGreaterThanOrEqual(8);
    for (const p of packs) {
      const cover = await gateway.ctx.repo.catalogue.packCover(p.code);
      expect(cover).toEqual({ hash: p.coverHash, mediaType: 'image/png' });
      const png = gateway.ctx.blobs.read(String(p.coverHash));
      expect(createHash('sha256').update(png).digest('hex')).toBe(p.coverHash);
      expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
      expect(png.readUInt32BE(16)).toBe(256);
      expect(png.readUInt32BE(20)).toBe(256);
      expect(p.descriptionEn).toContain(p.brand);
      expect(p.descriptionZh).toContain(p.brandZh);
    }
  });

  // Last in this file: it re-seeds the gateway's library.
  it('replaces what an interrupted first start left instead of colliding with it', async () => {
    const { oracle, ctx } = gateway;
    const counts = async () => [
      (await oracle.samples()).length,
      await oracle.searchIndexSize(),
      (await oracle.packs()).length,
      (await oracle.brands()).length,
      (await ctx.repo.catalogue.taxonomy()).length,
    ];
    const before = await counts();
    await oracle.deleteSamples((await oracle.samples()).map((s) => s.id).filter((id) => id > 20));
    expect((await counts())[0]).toBe(20);
    await seedSamples(ctx, 'tiny');
    expect(await counts()).toEqual(before);
  });
});
