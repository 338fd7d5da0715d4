import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { planSong, SONG_SECONDS } from './song-plan.ts';
import { renderSong } from './render-song.ts';
import { encodeMp3 } from '../music/song-mp3.ts';
import { COVER_SIZE, renderCoverPng } from './song-cover.ts';
import { DEFAULT_SONG_COUNT, readSongSettings } from '../music/song-generator.ts';

describe('planSong', () => {
  const plans = Array.from({ length: DEFAULT_SONG_COUNT }, (_, slot) => planSong(slot));

  it('plans 24 distinct songs of 60–180 s across six styles', () => {
    for (const plan of plans) {
      expect(plan.duration).toBeGreaterThanOrEqual(SONG_SECONDS.min);
      expect(plan.duration).toBeLessThanOrEqual(SONG_SECONDS.max);
    }
    expect(new Set(plans.map((p) => p.title)).size).toBe(24);
    expect(new Set(plans.map((p) => p.style)).size).toBe(6);
  });

  it('is deterministic, so a restart plans the same song for a slot', () => {
    expect(planSong(5)).toEqual(plans[5]);
  });

  it('writes lyrics prompts with escaped line breaks and the style in the tags', () => {
    const plan = plans[3]!;
    expect(plan.tags).toContain('chinese-style');
    expect(plan.prompt.split('\\n').length).toBeGreaterThan(8);
    expect(plan.prompt).not.toContain('\n');
  });

  it('numbers titles once every style title was used', () => {
    expect(planSong(24).title).toBe(`${plans[0]!.title} II`);
  });
});

describe('rendering', () => {
  it('renders audible, finite, unclipped PCM and encodes it to MP3', () => {
    const plan = planSong(1, { seconds: 4 });
    const pcm = renderSong(plan, 22_050);
    expect(pcm.length).toBe(Math.round(plan.duration * 22_050));
    let peak = 0;
    let energy = 0;
    let broken = 0;
    for (const s of pcm) {
      if (!Number.isFinite(s)) broken++;
      peak = Math.max(peak, Math.abs(s));
      energy += s * s;
    }
    expect(broken).toBe(0);
    expect(peak).toBeLessThanOrEqual(0.9);
    expect(Math.sqrt(energy / pcm.length)).toBeGreaterThan(0.05);
    const mp3 = encodeMp3(pcm, 22_050, 64);
    expect(mp3[0]).toBe(0xff);
    // 64 kbps is 8000 bytes per second, give or take frame padding.
    expect(mp3.length / plan.duration).toBeGreaterThan(7000);
    expect(mp3.length / plan.duration).toBeLessThan(9000);
  });

  it('draws a valid PNG cover of the right size', () => {
    const png = Buffer.from(renderCoverPng('edm', 123));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]));
    expect(png.readUInt32BE(16)).toBe(COVER_SIZE);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect(raw.length).toBe(COVER_SIZE * (COVER_SIZE * 3 + 1));
  });
});

describe('readSongSettings', () => {
  it('follows YINKU_SONGS unless a count is given explicitly', () => {
    expect(readSongSettings(false, {})).toEqual({ enabled: false, count: 24, seconds: null });
    expect(readSongSettings(true, {})).toMatchObject({ enabled: true, count: 24 });
    expect(readSongSettings(false, { YINKU_SONGS_COUNT: '3', YINKU_SONGS_SECONDS: '20' })).toEqual({
      enabled: true,
      count: 3,
      seconds: 20,
    });
  });

  it('refuses nonsense values', () => {
    expect(() => readSongSettings(true, { YINKU_SONGS_COUNT: 'many' })).toThrow(/COUNT/);
    expect(() => readSongSettings(true, { YINKU_SONGS_SECONDS: '1' })).toThrow(/SECONDS/);
  });
});
