/**
 * The keyword is read as producers type it (issue 30 §2, docs/api/catalogue.md "Reading the
 * keyword"): a number from 40 to 240 is a tempo (±3 BPM), a key in any common spelling a key
 * filter, names like 808 stay words; a filter given as a parameter wins over the reading.
 */
import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import type { Sample, SearchListPage } from '../../src/shared/api/catalogue.types.ts';
import { splitKey } from '../../src/shared/api/musical-keys.ts';
import { TAXONOMY } from '../../server/library/demo/taxonomy.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import {
  callJson,
  expectApiError,
  getData,
  searchPage,
  sortedIds,
  suggestions,
  withQuery,
} from '../testing/catalogue.ts';

let gw: TestGateway;

gatewayPerFile({ size: 'tiny' }, (started) => (gw = started));

const search = (keyword: string, extra: Record<string, string | number> = {}) =>
  searchPage(gw, keyword, extra);
const list = (query: Record<string, string | number>) =>
  getData<SearchListPage<Sample>>(gw, withQuery(API.audios, { pageSize: 100, ...query }));
const ids = sortedIds;

describe('a tempo in the keyword', () => {
  it('filters ±3 BPM and searches the other words', async () => {
    const loop = (await search('drums')).records.find((s) => s.audioBpm !== null);
    expect(loop, 'the tiny library has a drum loop').toBeDefined();
    const bpm = loop!.audioBpm!;
    const read = await search(`drums ${bpm}`);
    expect(read.total).toBeGreaterThan(0);
    for (const s of read.records) expect(Math.abs(s.audioBpm! - bpm)).toBeLessThanOrEqual(3);
    expect(ids(read)).toEqual(ids(await search('drums', { bpmMin: bpm - 3, bpmMax: bpm + 3 })));
    expect(read.correction).toBeUndefined();
  });

  it('takes a typed range as it is, and a keyword of only a tempo lists every match', async () => {
    const ranged = await search('90-130');
    expect(ids(ranged)).toEqual(ids(await list({ bpmMin: 90, bpmMax: 130 })));
    expect(ranged.total).toBeGreaterThan(0);
  });

  it('lets a bpm parameter win over the reading', async () => {
    const wide = await search('drums 100', { bpmMin: 40, bpmMax: 240 });
    expect(ids(wide)).toEqual(ids(await search('drums', { bpmMin: 40, bpmMax: 240 })));
  });

  it('keeps 808 a word (not a tempo), and a quoted number a word', async () => {
    const named = await search('808');
    expect(named.total).toBeGreaterThan(0);
    expect(named.records.every((s) => s.audioBpm === null || s.audioBpm < 800)).toBe(true);
    const quoted = await search('drums "100"');
    expect(quoted.total).toBe(0);
  });
});

describe('a key in the keyword', () => {
  it('filters by the key in every spelling, in both languages', async () => {
    const tonal = (await list({ category: 'instruments', primaryName: 'Keyboard' })).records.find(
      (s) => s.audioKey !== null && s.audioKey.endsWith('m') && !s.audioKey.includes('#'),
    );
    expect(tonal, 'the tiny library has a keyboard sample in a minor key').toBeDefined();
    const key = tonal!.audioKey!;
    const { tonic } = splitKey(key);
    const expected = ids(await search('keyboard', { key }));
    expect(expected).toContain(tonal!.id);
    for (const spelling of [key, `${tonic} minor`, `${tonic.toLowerCase()} min`, `${tonic}小调`]) {
      const read = await search(`keyboard ${spelling}`);
      expect(ids(read), spelling).toEqual(expected);
      for (const s of read.records) expect(s.audioKey).toBe(key);
    }
    // Chinese words and a Chinese key spelling together.
    const zh = await search(`键盘 ${tonic}小调`);
    for (const s of zh.records) expect(s.audioKey).toBe(key);
    expect(zh.total).toBeGreaterThan(0);
  });

  it('a keyword of only a key lists every sample in it', async () => {
    expect(ids(await search('8A'))).toEqual(ids(await list({ key: 'Am' })));
  });

  it('still refuses a keyword of only symbols', async () => {
    const answer = await callJson(gw, withQuery(API.search, { keyword: '!!!' }));
    expectApiError(answer, 400, 'BAD_REQUEST', 'keyword');
  });
});

describe('suggestions while typing', () => {
  const suggest = (q: string) => suggestions(gw, q, 'en');

  it('follow a typo: "kik" suggests the kicks, "gu zheng" the guzheng, saying what they found', async () => {
    const kik = await suggest('kik');
    expect(kik.map((s) => s.label)).toContain('Drums · Kick');
    expect(kik.every((s) => s.corrected === 'kick')).toBe(true);
    const split = await suggest('gu zheng');
    expect(split.map((s) => s.keyword)).toContain('Guzheng');
    expect(split[0]!.corrected).toBe('guzheng');
    // Text that matches names is not corrected.
    expect((await suggest('kick')).every((s) => s.corrected === undefined)).toBe(true);
  });

  it('suggest for the words of a keyword, not its tempo or key', async () => {
    const trap = await suggest('trap 140');
    expect(trap.map((s) => s.keyword)).toContain('Trap');
    expect(await suggest('zzqqxxyy')).toEqual([]);
  });
});

describe('trustworthy numbers in the seeded library (issue 30 §9)', () => {
  it('no one-shot shows a tempo, no unpitched sound shows a key, and none is marked detected', async () => {
    const tonal = new Map(
      TAXONOMY.flatMap((primary) =>
        primary.children.map((child) => [`${primary.name}/${child.name}`, child.tonal]),
      ),
    );
    const first = await list({ page: 1 });
    const pages = Math.ceil(first.total / 100);
    const rows = [
      first,
      ...(await Promise.all(Array.from({ length: pages - 1 }, (_, i) => list({ page: i + 2 })))),
    ].flatMap((page) => page.records);
    expect(rows).toHaveLength(first.total);
    for (const s of rows) {
      const where = `${s.audioType}/${s.audioGroup} #${s.id}`;
      if (s.audioData.kind === 'oneshot') expect(s.audioBpm, where).toBeNull();
      expect(tonal.has(`${s.audioType}/${s.audioGroup}`), where).toBe(true);
      if (!tonal.get(`${s.audioType}/${s.audioGroup}`)) expect(s.audioKey, where).toBeNull();
      expect(s.detected, where).toBeUndefined();
    }
  });
});
