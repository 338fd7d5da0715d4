/**
 * Search that narrows (issue 17 §2, docs/api/catalogue.md): every word must match, so more words
 * give a subset; a word that matches nothing in the library is corrected ("kik" → "kick") and
 * the answer says so; autocomplete finds instruments, genres, tags, packs and brands in both
 * languages.
 */
import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import type { Sample, SearchListPage } from '../../src/shared/api/catalogue.types.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import {
  callJson,
  expectApiError,
  searchPage,
  sortedIds as ids,
  suggestions,
  withQuery,
} from '../testing/catalogue.ts';

let gw: TestGateway;

gatewayPerFile({ size: 'tiny' }, (started) => (gw = started));

const search = (keyword: string, language?: 'en') => searchPage(gw, keyword, {}, language);
const suggest = (q: string, language?: 'en') => suggestions(gw, q, language);

describe('every word narrows', () => {
  it('answers a subset of each word alone, never more', async () => {
    for (const [a, b] of [
      ['dark', 'kick'],
      ['guzheng', 'pluck'],
      ['bass', 'trap'],
    ] as const) {
      const both = await search(`${a} ${b}`);
      const first = ids(await search(a));
      const second = ids(await search(b));
      expect(both.total, `${a} ${b}`).toBeLessThanOrEqual(Math.min(first.length, second.length));
      for (const id of ids(both)) {
        expect(first).toContain(id);
        expect(second).toContain(id);
      }
      expect(both.correction).toBeUndefined();
    }
  });
});

describe('typos', () => {
  it('"kik" finds the kicks and says it searched "kick"', async () => {
    const kick = await search('kick');
    expect(kick.total).toBeGreaterThan(0);
    const typo = await search('kik');
    expect(typo.correction).toEqual({ from: 'kik', to: 'kick' });
    expect(ids(typo)).toEqual(ids(kick));
  });

  it('corrects only the word that matches nothing, and swapped letters too', async () => {
    const typo = await search('guzhneg plcuk');
    expect(typo.correction).toEqual({ from: 'guzhneg plcuk', to: 'guzheng pluck' });
    expect(ids(typo)).toEqual(ids(await search('guzheng pluck')));
  });

  it('leaves a search empty when no library word is close, and never corrects real words', async () => {
    const none = await search('zzqqxxyy');
    expect(none).toMatchObject({ total: 0, records: [] });
    expect(none.correction).toBeUndefined();
    // Both words exist, only not together: nothing to correct, nothing found.
    const apart = await search('guzheng 808');
    expect(apart.total).toBe(0);
    expect(apart.correction).toBeUndefined();
  });

  it('treats NUL and other control characters in the keyword as word breaks', async () => {
    const answer = await callJson<SearchListPage<Sample>>(
      gw,
      withQuery(API.search, { keyword: 'kick\u0000\u0007dusty\u200b' }),
    );
    expect(answer.status).toBe(200);
    const control = await callJson(gw, withQuery(API.search, { keyword: '\u0000\u0001' }));
    expectApiError(control, 400, 'BAD_REQUEST', 'keyword');
  });
});

describe('GET tt-audios/suggest', () => {
  it('finds "kick" and "底鼓" as the Kick instrument, labelled in the request language', async () => {
    const zh = await suggest('kick');
    expect(zh[0]).toMatchObject({
      kind: 'instrument',
      label: '鼓组 · 底鼓',
      alt: 'Drums · Kick',
      keyword: 'Kick',
      primaryName: 'Drums',
      secondaryName: 'Kick',
    });
    const en = await suggest('底鼓', 'en');
    expect(en[0]).toMatchObject({ kind: 'instrument', label: 'Drums · Kick', alt: '鼓组 · 底鼓' });
  });

  it('finds 古筝 as an instrument and as packs, and genres, tags and brands', async () => {
    const guzheng = await suggest('古筝');
    expect(guzheng.map((s) => s.kind)).toContain('instrument');
    expect(guzheng.find((s) => s.kind === 'instrument')?.label).toBe('古筝');
    const packs = guzheng.filter((s) => s.kind === 'pack');
    expect(packs.length).toBeGreaterThan(0);
    expect(packs.every((s) => s.packCode && s.label.includes('古筝'))).toBe(true);
    expect((await suggest('tra', 'en')).find((s) => s.kind === 'genre')).toMatchObject({
      label: 'Trap',
      keyword: 'Trap',
    });
    expect((await suggest('hip')).some((s) => s.kind === 'tag' && s.keyword === 'hip-hop')).toBe(
      true,
    );
    const brand = (await gw.oracle.brands())[0]!;
    const brands = await suggest(brand.nameZh);
    expect(brands).toContainEqual(
      expect.objectContaining({ kind: 'brand', label: brand.nameZh, alt: brand.name }),
    );
  });

  it('answers nothing for an empty or unmatched text, and rejects bad parameters', async () => {
    expect(await suggest('')).toEqual([]);
    expect(await suggest('zzqqxxyy')).toEqual([]);
    expectApiError(
      await callJson(gw, withQuery(API.suggest, { q: 'x'.repeat(101) })),
      400,
      'BAD_REQUEST',
      'q',
    );
    expectApiError(
      await callJson(gw, withQuery(API.suggest, { q: 'kick', limit: 0 })),
      400,
      'BAD_REQUEST',
      'limit',
    );
  });
});
