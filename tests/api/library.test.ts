import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, MUSICAL_KEYS } from '../../src/shared/api/catalogue.types.ts';
import { keywordSearch } from '../../server/catalogue/cjk-text.ts';
import { ftsMatch } from '../../server/db/sqlite/fts-text.sqlite.ts';

const toMatchQuery = (input: string) => {
  const search = keywordSearch(input);
  return search && ftsMatch(search);
};
import { readPeaks } from '../../server/library/peaks.ts';
import { seedSamples } from '../../server/library/seed-samples.ts';
import { startTestGateway, type TestGateway } from '../helpers/test-gateway.ts';

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

const all = (sql: string, ...params: Array<string | number>) =>
  gateway.db.prepare(sql).all(...params) as Array<Record<string, unknown>>;

describe('the tiny demo library', () => {
  it('fills every category with packs and samples', () => {
    const rows = all('SELECT category, count(*) AS n FROM samples GROUP BY category');
    const counts = Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
    for (const category of CATEGORIES) expect(counts[category]).toBeGreaterThan(0);
    const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
    expect(total).toBeGreaterThanOrEqual(40);
    expect(total).toBeLessThanOrEqual(60);
    const packs = all('SELECT category FROM packs GROUP BY category');
    expect(packs.map((p) => p.category).sort()).toEqual([...CATEGORIES].sort());
    console.log(`[library] tiny gateway started and seeded in ${(seedMs / 1000).toFixed(2)} s`);
  });

  it('finds every preset suggestion in the full-text index', () => {
    for (const preset of PRESETS) {
      const match = toMatchQuery(preset);
      expect(match, preset).not.toBeNull();
      const hits = all('SELECT rowid FROM samples_fts WHERE samples_fts MATCH ?', match as string);
      expect(hits.length, `no sample matches "${preset}"`).toBeGreaterThan(0);
    }
  });

  it('finds Chinese names with two-character words', () => {
    for (const word of ['古筝', '底鼓', '军鼓', '铜锣', '二胡', '人声']) {
      const hits = all(
        'SELECT rowid FROM samples_fts WHERE samples_fts MATCH ?',
        toMatchQuery(word) as string,
      );
      expect(hits.length, word).toBeGreaterThan(0);
    }
  });

  it('names the taxonomy in English and Chinese for every primary and secondary name used', () => {
    const missing = all(
      `SELECT DISTINCT s.category, s.primary_name, s.secondary_name FROM samples s
       LEFT JOIN taxonomy t ON t.category = s.category AND t.primary_name = s.primary_name
         AND t.secondary_name = s.secondary_name
       WHERE t.name_zh IS NULL`,
    );
    expect(missing).toEqual([]);
    const zh = all(
      "SELECT name_zh FROM taxonomy WHERE primary_name = 'Drums' AND secondary_name = ''",
    );
    expect(zh[0]?.name_zh).toBe('鼓组');
  });

  it('stores every sample with consistent metadata', () => {
    const samples = all('SELECT * FROM samples');
    const codes = new Set<string>();
    for (const s of samples) {
      expect(s.format).toBe('wav');
      expect(s.media_type).toBe('audio/wav');
      expect([44100, 48000]).toContain(s.sample_rate);
      expect([1, 2]).toContain(s.channels);
      expect([16, 24]).toContain(s.bit_depth);
      expect(s.name_zh).toMatch(/[\u4e00-\u9fff]/u);
      // The name leaves tempo and key to their columns; the file name carries them.
      const tempoAndKey = [s.bpm !== null && `${Number(s.bpm)} BPM`, s.audio_key].filter(Boolean);
      expect(s.file_name).toBe(`${[String(s.name_en), ...tempoAndKey].join(' ')}.wav`);
      expect(JSON.parse(String(s.tags)).length).toBeGreaterThan(0);
      if (s.audio_key !== null) expect(MUSICAL_KEYS).toContain(s.audio_key);
      if (s.kind === 'loop') {
        expect(Number(s.bpm)).toBeGreaterThan(0);
        expect(Number(s.duration)).toBeGreaterThanOrEqual(2);
        expect(Number(s.duration)).toBeLessThanOrEqual(8);
      } else {
        expect(s.bpm).toBeNull();
        expect(Number(s.duration)).toBeGreaterThanOrEqual(0.2);
        expect(Number(s.duration)).toBeLessThanOrEqual(3);
      }
      expect(String(s.audition_code)).toMatch(/^[A-Za-z0-9_-]{8,16}$/);
      codes.add(String(s.audition_code));
      const peaks = readPeaks(s.peaks as Uint8Array);
      expect(peaks).toHaveLength(256);
      expect(Math.max(...peaks)).toBeGreaterThan(0.5);
      expect(peaks.every((p) => p >= 0 && p <= 1)).toBe(true);
    }
    expect(codes.size).toBe(samples.length);
  });

  it('keeps every audio and audition blob under its sha-256', () => {
    for (const s of all('SELECT blob_hash, audition_hash, size_bytes FROM samples')) {
      const wav = gateway.ctx.blobs.read(String(s.blob_hash));
      expect(createHash('sha256').update(wav).digest('hex')).toBe(s.blob_hash);
      expect(wav.byteLength).toBe(s.size_bytes);
      expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
      const mp3 = gateway.ctx.blobs.read(String(s.audition_hash));
      expect(createHash('sha256').update(mp3).digest('hex')).toBe(s.audition_hash);
      // MPEG audio frame sync: 11 set bits.
      expect(mp3[0]).toBe(0xff);
      expect((mp3[1] ?? 0) & 0xe0).toBe(0xe0);
    }
  });

  it('gives every pack a PNG cover, a brand and descriptions in both languages', () => {
    const packs = all(
      'SELECT p.*, b.name AS brand, b.name_zh AS brand_zh FROM packs p JOIN brands b ON b.id = p.brand_id',
    );
    expect(packs.length).toBeGreaterThanOrEqual(8);
    for (const p of packs) {
      expect(p.cover_type).toBe('image/png');
      const png = gateway.ctx.blobs.read(String(p.cover_hash));
      expect(createHash('sha256').update(png).digest('hex')).toBe(p.cover_hash);
      expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
      expect(png.readUInt32BE(16)).toBe(256);
      expect(png.readUInt32BE(20)).toBe(256);
      expect(String(p.description_en)).toContain(String(p.brand));
      expect(String(p.description_zh)).toContain(String(p.brand_zh));
    }
  });

  // Last in this file: it re-seeds the gateway's library.
  it('replaces what an interrupted first start left instead of colliding with it', async () => {
    const count = (table: string) =>
      Number((gateway.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
    const before = ['samples', 'samples_fts', 'packs', 'brands', 'taxonomy'].map(count);
    gateway.db.exec('DELETE FROM samples_fts WHERE rowid > 20');
    gateway.db.exec('DELETE FROM samples WHERE id > 20');
    await seedSamples(gateway.ctx, 'tiny');
    expect(['samples', 'samples_fts', 'packs', 'brands', 'taxonomy'].map(count)).toEqual(before);
  });
});
