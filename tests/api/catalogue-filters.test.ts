import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import type { Sample, TagCount } from '../../src/shared/api/catalogue.types.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import { createUser, type TestUser } from '../testing/accounts.ts';
import { callJson, expectApiError, getData, withQuery } from '../testing/catalogue.ts';
import {
  asNewSample,
  firstSample,
  packsWhere,
  sampleIdsWhere,
  samplesWhere,
  tagCountsWhere,
} from '../testing/oracle.ts';

// The filter bar's gateway calls: several keys at once (a key with its relative or compatible
// keys) and the tag vocabulary with counts (docs/api/catalogue.md).

let gw: TestGateway;
let user: TestUser;

gatewayPerFile({ size: 'tiny' }, async (started) => {
  gw = started;
  user = await createUser(gw);
});

const listIds = async (query: Record<string, string | number>) =>
  (await getData<ListPage<Sample>>(gw, withQuery(API.audios, { pageSize: 100, ...query }))).records
    .map((s) => s.id)
    .sort((a, b) => a - b);

describe('key filter with several keys', () => {
  it('matches any of a comma-separated list of keys, and one key as before', async () => {
    const keyed = await samplesWhere(gw, (s) => s.audioKey !== null);
    const keys = [...new Set(keyed.map((s) => s.audioKey!))].slice(0, 3);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    const [first, second] = keys as [string, string];
    expect(await listIds({ key: first })).toEqual(
      await sampleIdsWhere(gw, (s) => s.audioKey === first),
    );
    const both = await listIds({ key: `${first},${second}` });
    expect(both).toEqual(
      await sampleIdsWhere(gw, (s) => s.audioKey === first || s.audioKey === second),
    );
    expect(both.length).toBeGreaterThan((await listIds({ key: first })).length);
    // A repeated key and spaces change nothing.
    expect(await listIds({ key: `${first}, ${second},${first}` })).toEqual(both);
    // Packs of the matching samples follow the same rule.
    const packs = await getData<ListPage<{ packCode: string }>>(
      gw,
      withQuery(API.audios, { range: 'packs', key: `${first},${second}`, pageSize: 100 }),
    );
    const expectedPacks = [
      ...new Set(
        keyed.filter((s) => s.audioKey === first || s.audioKey === second).map((s) => s.packCode),
      ),
    ].sort();
    expect(packs.records.map((p) => p.packCode).sort()).toEqual(expectedPacks);
  });

  it.each([['H'], ['C,H'], ['C,,Am'], ['c'], [',']])('key=%s → 400 key', async (key) => {
    const answer = await callJson(gw, withQuery(API.audios, { key }));
    expectApiError(answer, 400, 'BAD_REQUEST', 'key');
  });
});

describe('GET tt-audios/tags (tag vocabulary)', () => {
  it('counts every tag of the library, most used first, with zh and en names', async () => {
    const tags = await getData<TagCount[]>(gw, API.tags);
    const expected = await tagCountsWhere(gw);
    expect(new Map(tags.map((t) => [t.tag, t.count]))).toEqual(expected);
    expect(tags.every((t, i) => i === 0 || tags[i - 1]!.count >= t.count)).toBe(true);
    const kick = tags.find((t) => t.tag === 'kick');
    // English names take the case of the genre names ("EDM", "Hi-Hat"), as chips show them.
    expect(kick?.names).toEqual({ zh: '底鼓', en: 'Kick' });
    expect(tags.find((t) => t.tag === 'edm')?.names).toEqual({ zh: '电子舞曲', en: 'EDM' });
    expect(tags.find((t) => t.tag === 'hi-hat')?.names).toEqual({ zh: '踩镲', en: 'Hi-Hat' });
    // One tag per meaning: the merged spellings and synonyms are stored no more.
    for (const alias of ['hihat', 'hat', 'keys', 'guofeng', 'chinese', 'rnb', 'vocal', 'claps'])
      expect(tags.find((t) => t.tag === alias)).toBeUndefined();
    // Answered from the cache the second time, the same.
    expect(await getData<TagCount[]>(gw, API.tags)).toEqual(tags);
  });

  it('names no two tags of a sample or a pack alike, in either language', async () => {
    const names = new Map((await getData<TagCount[]>(gw, API.tags)).map((t) => [t.tag, t.names]));
    const lists = [
      ...(await samplesWhere(gw, () => true)).map((s) => ({ of: `sample ${s.id}`, tags: s.tags })),
      ...(await packsWhere(gw, () => true)).map((p) => ({ of: `pack ${p.code}`, tags: p.tags })),
    ];
    expect(lists.length).toBeGreaterThan(50);
    const repeated: string[] = [];
    for (const { of, tags } of lists)
      for (const language of ['zh', 'en'] as const) {
        const labels = tags.map((tag) => (names.get(tag)?.[language] ?? tag).toLowerCase());
        if (new Set(labels).size !== labels.length) repeated.push(`${of} (${language}): ${labels}`);
      }
    expect(repeated).toEqual([]);
  });

  it('counts within a scope: category and names, or one pack', async () => {
    const drums = await getData<TagCount[]>(
      gw,
      withQuery(API.tags, { category: 'instruments', primaryName: 'Drums' }),
    );
    expect(new Map(drums.map((t) => [t.tag, t.count]))).toEqual(
      await tagCountsWhere(gw, (s) => s.category === 'instruments' && s.primaryName === 'Drums'),
    );
    const pack = (await firstSample(gw)).packCode;
    const inPack = await getData<TagCount[]>(gw, withQuery(API.tags, { packCode: pack }));
    expect(new Map(inPack.map((t) => [t.tag, t.count]))).toEqual(
      await tagCountsWhere(gw, (s) => s.packCode === pack),
    );
  });

  it('counts again when the library changes, not when a user likes something', async () => {
    const before = await getData<TagCount[]>(gw, API.tags);
    expect(before.some((t) => t.tag === 'fresh-tag')).toBe(false);
    const copy = { ...asNewSample(await firstSample(gw)), auditionCode: null };
    const [added] = await gw.ctx.repo.library.writeBatch({
      samples: [{ ...copy, tags: ['fresh-tag', 'kick'] }],
    });
    const after = await getData<TagCount[]>(gw, API.tags);
    expect(after.find((t) => t.tag === 'fresh-tag')).toEqual({
      tag: 'fresh-tag',
      names: { zh: 'fresh-tag', en: 'fresh-tag' },
      count: 1,
    });
    expect(after.find((t) => t.tag === 'kick')!.count).toBe(
      before.find((t) => t.tag === 'kick')!.count + 1,
    );
    await gw.oracle.deleteSamples([added!]);
  });

  it('counts a signed-in user’s liked samples; the list needs a token', async () => {
    const liked = (await sampleIdsWhere(gw, (s) => s.category === 'genres')).slice(0, 3);
    for (const id of liked)
      expect(await gw.ctx.repo.downloads.toggleSampleLike(user.id, id, Date.now())).toBe(true);
    const tags = await getData<TagCount[]>(gw, withQuery(API.tags, { relation: 'likes' }), {
      token: user.accessToken,
    });
    expect(new Map(tags.map((t) => [t.tag, t.count]))).toEqual(
      await tagCountsWhere(gw, (s) => liked.includes(s.id)),
    );
    const anonymous = await callJson(gw, withQuery(API.tags, { relation: 'likes' }));
    expect(anonymous.status).toBe(401);
  });

  it('refuses unknown parameters and malformed values', async () => {
    expectApiError(
      await callJson(gw, withQuery(API.tags, { page: 2 })),
      400,
      'BAD_REQUEST',
      'page',
    );
    expectApiError(
      await callJson(gw, withQuery(API.tags, { category: 'jazz' })),
      400,
      'BAD_REQUEST',
      'category',
    );
    expectApiError(
      await callJson(gw, withQuery(API.tags, { keyword: '***' })),
      400,
      'BAD_REQUEST',
      'keyword',
    );
  });
});
