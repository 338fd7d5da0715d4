import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import type { Sample, TagCount } from '../../src/shared/api/catalogue.types.ts';
import { startTestGateway, type TestGateway } from '../helpers/test-gateway.ts';
import { createUser, type TestUser } from '../helpers/accounts.ts';
import { callJson, expectApiError, getData, withQuery } from '../helpers/catalogue.ts';

// The filter bar's gateway calls: several keys at once (a key with its relative or compatible
// keys) and the tag vocabulary with counts (docs/api/catalogue.md).

let gw: TestGateway;
let user: TestUser;

beforeAll(async () => {
  gw = await startTestGateway({ size: 'tiny' });
  user = await createUser(gw);
});
afterAll(async () => {
  await gw?.close();
});

const ids = (sql: string, ...params: (string | number)[]): number[] =>
  gw.db
    .prepare(sql)
    .all(...params)
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
const listIds = async (query: Record<string, string | number>) =>
  (await getData<ListPage<Sample>>(gw, withQuery(API.audios, { pageSize: 100, ...query }))).records
    .map((s) => s.id)
    .sort((a, b) => a - b);

/** Tag counts computed the slow, obvious way: every sample's JSON tags. */
function expectedCounts(where = '1 = 1', ...params: (string | number)[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of gw.db.prepare(`SELECT tags FROM samples s WHERE ${where}`).all(...params))
    for (const tag of JSON.parse(String(row.tags)) as string[])
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return counts;
}

describe('key filter with several keys', () => {
  it('matches any of a comma-separated list of keys, and one key as before', async () => {
    const keys = gw.db
      .prepare('SELECT DISTINCT audio_key AS k FROM samples WHERE audio_key IS NOT NULL LIMIT 3')
      .all()
      .map((row) => String(row.k));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    const [first, second] = keys as [string, string];
    expect(await listIds({ key: first })).toEqual(
      ids('SELECT id FROM samples WHERE audio_key = ?', first),
    );
    const both = await listIds({ key: `${first},${second}` });
    expect(both).toEqual(ids('SELECT id FROM samples WHERE audio_key IN (?, ?)', first, second));
    expect(both.length).toBeGreaterThan((await listIds({ key: first })).length);
    // A repeated key and spaces change nothing.
    expect(await listIds({ key: `${first}, ${second},${first}` })).toEqual(both);
    // Packs of the matching samples follow the same rule.
    const packs = await getData<ListPage<{ packCode: string }>>(
      gw,
      withQuery(API.audios, { range: 'packs', key: `${first},${second}`, pageSize: 100 }),
    );
    const expectedPacks = gw.db
      .prepare('SELECT DISTINCT pack_code AS c FROM samples WHERE audio_key IN (?, ?)')
      .all(first, second)
      .map((row) => String(row.c))
      .sort();
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
    const expected = expectedCounts();
    expect(new Map(tags.map((t) => [t.tag, t.count]))).toEqual(expected);
    expect(tags.every((t, i) => i === 0 || tags[i - 1]!.count >= t.count)).toBe(true);
    const kick = tags.find((t) => t.tag === 'kick');
    expect(kick?.names).toEqual({ zh: '底鼓', en: 'kick' });
    // A tag stored in two spellings has one name in each language.
    expect(tags.find((t) => t.tag === 'hihat')?.names).toEqual(
      tags.find((t) => t.tag === 'hi-hat')?.names,
    );
    // Answered from the cache the second time, the same.
    expect(await getData<TagCount[]>(gw, API.tags)).toEqual(tags);
  });

  it('counts within a scope: category and names, or one pack', async () => {
    const drums = await getData<TagCount[]>(
      gw,
      withQuery(API.tags, { category: 'instruments', primaryName: 'Drums' }),
    );
    expect(new Map(drums.map((t) => [t.tag, t.count]))).toEqual(
      expectedCounts("category = 'instruments' AND primary_name = 'Drums'"),
    );
    const pack = String(gw.db.prepare('SELECT pack_code AS c FROM samples LIMIT 1').get()!.c);
    const inPack = await getData<TagCount[]>(gw, withQuery(API.tags, { packCode: pack }));
    expect(new Map(inPack.map((t) => [t.tag, t.count]))).toEqual(
      expectedCounts('pack_code = ?', pack),
    );
  });

  it('counts again when the library changes, not when a user likes something', async () => {
    const before = await getData<TagCount[]>(gw, API.tags);
    expect(before.some((t) => t.tag === 'fresh-tag')).toBe(false);
    gw.db.exec(`CREATE TEMP TABLE added AS SELECT * FROM samples LIMIT 1;
      UPDATE added SET id = NULL, audition_code = NULL, tags = '["fresh-tag","kick"]';
      INSERT INTO samples SELECT * FROM added; DROP TABLE added;`);
    const after = await getData<TagCount[]>(gw, API.tags);
    expect(after.find((t) => t.tag === 'fresh-tag')).toEqual({
      tag: 'fresh-tag',
      names: { zh: 'fresh-tag', en: 'fresh-tag' },
      count: 1,
    });
    expect(after.find((t) => t.tag === 'kick')!.count).toBe(
      before.find((t) => t.tag === 'kick')!.count + 1,
    );
    gw.db.prepare('DELETE FROM samples WHERE tags = \'["fresh-tag","kick"]\'').run();
  });

  it('counts a signed-in user’s liked samples; the list needs a token', async () => {
    const liked = ids("SELECT id FROM samples WHERE category = 'genres' LIMIT 3");
    for (const id of liked)
      gw.db
        .prepare(
          "INSERT INTO sample_likes (user_id, sample_id, created_at) VALUES (?, ?, datetime('now'))",
        )
        .run(user.id, id);
    const tags = await getData<TagCount[]>(gw, withQuery(API.tags, { relation: 'likes' }), {
      token: user.accessToken,
    });
    expect(new Map(tags.map((t) => [t.tag, t.count]))).toEqual(
      expectedCounts(`id IN (${liked.join(',')})`),
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
