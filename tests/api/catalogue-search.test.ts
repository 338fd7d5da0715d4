import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import type { Pack, Sample } from '../../src/shared/api/catalogue.types.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import { callJson, expectApiError, getData, withQuery } from '../testing/catalogue.ts';
import { countSamples, sampleIdsWhere } from '../testing/oracle.ts';

let gw: TestGateway;

gatewayPerFile({ size: 'tiny' }, (started) => (gw = started));

const search = (keyword: string, query: Record<string, string | number> = {}, language?: 'en') =>
  getData<ListPage<Sample>>(gw, withQuery(API.search, { keyword, pageSize: 100, ...query }), {
    language,
  });
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** Text as search words: lower case, accents off, non-letters as breaks, each CJK character a word. */
const words = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/(\p{Script=Han})/gu, ' $1 ')
    .split(/ +/)
    .filter(Boolean);

/**
 * Whether a sample's name (English and Chinese) matches every typed word by itself: a Latin word
 * as the prefix of a name word, a Chinese word as the run of its characters.
 */
const nameMatches = (sample: Sample, keyword: string): boolean => {
  const name = words(`${sample.names.en} ${sample.names.zh}`);
  return keyword.split(/\s+/).every((typed) => {
    const parts = words(typed);
    if (/\p{Script=Han}/u.test(typed))
      return name.some((_, i) => parts.every((part, j) => name[i + j] === part));
    return parts.length === 1 && name.some((word) => word.startsWith(parts[0]!));
  });
};

describe('GET tt-audios/search-resource', () => {
  it('finds two-character Chinese words inside longer names', async () => {
    const expected = await sampleIdsWhere(gw, (s) => s.nameZh.includes('古筝'));
    expect(expected.length).toBeGreaterThan(0);
    const found = await search('古筝');
    expect(sorted(found.records.map((s) => s.id))).toEqual(expect.arrayContaining(expected));
    expect(
      found.records.every(
        (s) => JSON.stringify(s).includes('古筝') || s.names.en.match(/guzheng/i),
      ),
    ).toBe(true);
  });

  it('finds a single Chinese character (鼓 in 底鼓, 军鼓, 鼓组…)', async () => {
    const expected = await sampleIdsWhere(gw, (s) => s.nameZh.includes('鼓'));
    expect(expected.length).toBeGreaterThan(1);
    const found = await search('鼓');
    expect(found.records.map((s) => s.id)).toEqual(expect.arrayContaining(expected));
  });

  it('matches Latin words by prefix: "80" finds the 808s', async () => {
    const expected = await sampleIdsWhere(gw, (s) => s.nameEn.includes('808'));
    expect(expected.length).toBeGreaterThan(0);
    // Quoted: 80 alone is read as a tempo (docs/api/catalogue.md "Reading the keyword").
    const found = await search('"80"');
    expect(found.records.map((s) => s.id)).toEqual(expect.arrayContaining(expected));
    const exact = await search('808');
    expect(exact.total).toBe(found.total);
  });

  it('requires every word, with no any-word fallback when none has all', async () => {
    const both = await search('guzheng pluck');
    expect(both.total).toBeGreaterThan(0);
    expect(
      both.records.every((s) => /guzheng/i.test(s.names.en) && /pluck/i.test(s.names.en)),
    ).toBe(true);
    const guzheng = await search('guzheng');
    expect(guzheng.total).toBeGreaterThan(both.total);
    const none = await search('guzheng zzqqxxyy');
    expect(none.total).toBe(0);
  });

  it('ranks by relevance by default and honours the list sorts and filters', async () => {
    const relevance = await search('bass');
    expect(relevance.total).toBeGreaterThan(1);
    // A name match weighs more than a tag-only match.
    const firstNameHit = relevance.records.findIndex((s) => /bass/i.test(s.names.en));
    const firstTagOnly = relevance.records.findIndex((s) => !/bass/i.test(s.names.en));
    if (firstTagOnly !== -1) expect(firstNameHit).toBeLessThan(firstTagOnly);
    const popular = await search('bass', { sort: 'MOST_POPULAR' });
    expect(popular.total).toBe(relevance.total);
    expect(
      popular.records.every((s, i, all) => i === 0 || all[i - 1]!.popularity >= s.popularity),
    ).toBe(true);
    const genres = await search('bass', { category: 'genres' });
    expect(genres.total).toBeGreaterThan(0);
    expect(genres.total).toBeLessThan(relevance.total);
    expect(genres.records.every((s) => s.category === 'genres')).toBe(true);
    const loops = await search('bass', { kind: 'loop', bpmMin: 60, bpmMax: 200 });
    expect(loops.records.every((s) => s.audioData.kind === 'loop')).toBe(true);
  });

  it('orders RELEVANCE as the name matches, then the others, each by popularity then id', async () => {
    // Searches with both tiers, one tier, a Chinese word and a single character, two words.
    let bothTiers = 0;
    for (const keyword of ['bass', '鼓', 'kick', 'loop', '古筝', 'drum loop']) {
      const all = await search(keyword, { pageSize: 100 });
      expect(all.total, keyword).toBeGreaterThan(0);
      expect(all.records.length, keyword).toBe(all.total);
      const tier = (s: Sample) => (nameMatches(s, keyword) ? 0 : 1);
      const tiers = all.records.map(tier);
      expect(tiers, keyword).toEqual([...tiers].sort((a, b) => a - b));
      if (tiers.includes(0) && tiers.includes(1)) bothTiers++;
      for (let i = 1; i < all.records.length; i++) {
        const [a, b] = [all.records[i - 1]!, all.records[i]!];
        if (tier(a) !== tier(b)) continue;
        expect(a.popularity, `${keyword} #${i}`).toBeGreaterThanOrEqual(b.popularity);
        if (a.popularity === b.popularity) expect(a.id, `${keyword} #${i}`).toBeLessThan(b.id);
      }
      // Pages are slices of that order, a row at a time too (PostgreSQL may answer a small page
      // from the name matches alone).
      const second = await search(keyword, { pageSize: 5, page: 2 });
      expect(second.records.map((s) => s.id)).toEqual(all.records.slice(5, 10).map((s) => s.id));
      for (let page = 1; page <= all.total; page++) {
        const one = await search(keyword, { pageSize: 1, page });
        expect(
          one.records.map((s) => s.id),
          `${keyword} row ${page}`,
        ).toEqual([all.records[page - 1]!.id]);
      }
    }
    expect(bothTiers).toBeGreaterThan(1);
    // Broad prefixes, whose name matches fill many pages, page by page against the whole order.
    for (const keyword of ['s', 'b', 'c', 'g', 'l', 'p', 't']) {
      const all = (await search(keyword)).records.map((s) => s.id);
      for (const pageSize of [1, 4]) {
        for (let page = 1; (page - 1) * pageSize < all.length; page++) {
          const found = await search(keyword, { pageSize, page });
          expect(
            found.records.map((s) => s.id),
            `${keyword} ${pageSize}×${page}`,
          ).toEqual(all.slice((page - 1) * pageSize, page * pageSize));
        }
      }
    }
    // With another filter beside the keyword, the pages are that order's rows which pass it.
    for (const keyword of ['bass', '鼓']) {
      const all = (await search(keyword)).records.filter((s) => s.category === 'instruments');
      expect(all.length, keyword).toBeGreaterThan(2);
      for (const page of [1, 2, 3]) {
        const found = await search(keyword, { category: 'instruments', pageSize: 2, page });
        expect(found.total).toBe(all.length);
        expect(
          found.records.map((s) => s.id),
          `${keyword} p${page}`,
        ).toEqual(all.slice(page * 2 - 2, page * 2).map((s) => s.id));
      }
    }
  });

  it('searches packs too', async () => {
    const packs = await getData<ListPage<Pack>>(
      gw,
      withQuery(API.search, { keyword: '古筝', range: 'packs' }),
    );
    expect(packs.total).toBeGreaterThan(0);
    expect(packs.records.every((p) => p.category === 'chineseStyle')).toBe(true);
  });

  it('treats FTS operators and SQL-looking input as text', async () => {
    const before = await countSamples(gw);
    for (const keyword of ["'; DROP TABLE samples; --", '" OR 1=1 --', 'NEAR(kick', 'kick*']) {
      const answer = await callJson(gw, withQuery(API.search, { keyword }));
      expect(answer.status, keyword).toBe(200);
    }
    expect(await countSamples(gw)).toBe(before);
  });

  it('rejects a missing, empty or symbol-only keyword and unknown parameters', async () => {
    expectApiError(await callJson(gw, API.search), 400, 'BAD_REQUEST', 'keyword');
    expectApiError(
      await callJson(gw, withQuery(API.search, { keyword: '' })),
      400,
      'BAD_REQUEST',
      'keyword',
    );
    const symbols = await callJson(gw, withQuery(API.search, { keyword: '*** ---' }), {
      language: 'en',
    });
    expectApiError(symbols, 400, 'BAD_REQUEST', 'keyword');
    expect(symbols.body.msg).toBe('Invalid keyword: must contain letters or digits');
    expectApiError(
      await callJson(gw, withQuery(API.search, { keyword: 'kick', q: 'kick' })),
      400,
      'BAD_REQUEST',
      'q',
    );
    expectApiError(
      await callJson(gw, withQuery(API.search, { keyword: 'x'.repeat(201) })),
      400,
      'BAD_REQUEST',
      'keyword',
    );
  });
});
