import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import type { Pack, Sample } from '../../src/shared/api/catalogue.types.ts';
import { startTestGateway, type TestGateway } from '../helpers/test-gateway.ts';
import { callJson, expectApiError, getData, withQuery } from '../helpers/catalogue.ts';
import { countSamples, sampleIdsWhere } from '../helpers/oracle.ts';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ size: 'tiny' });
});
afterAll(async () => {
  await gw?.close();
});

const search = (keyword: string, query: Record<string, string | number> = {}, language?: 'en') =>
  getData<ListPage<Sample>>(gw, withQuery(API.search, { keyword, pageSize: 100, ...query }), {
    language,
  });
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

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

  it('matches Latin words by prefix: 80 finds the 808s', async () => {
    const expected = await sampleIdsWhere(gw, (s) => s.nameEn.includes('808'));
    expect(expected.length).toBeGreaterThan(0);
    const found = await search('80');
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
