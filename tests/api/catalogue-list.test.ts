import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import type { CategoryNode, Pack, Sample } from '../../src/shared/api/catalogue.types.ts';
import { issueAccessToken } from '../../server/accounts/access-token.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import { createUser, type TestUser } from '../testing/accounts.ts';
import { callJson, expectApiError, getData, request, withQuery } from '../testing/catalogue.ts';
import { countSamples, firstSample, packsWhere, sampleById } from '../testing/oracle.ts';
import type { StoredSample } from '../../server/db/oracle.repository.ts';

let gw: TestGateway;
let user: TestUser;

gatewayPerFile({ size: 'tiny' }, async (started) => {
  gw = started;
  user = await createUser(gw);
});

const samples = (query: Record<string, string | number> = {}) =>
  getData<ListPage<Sample>>(gw, withQuery(API.audios, { pageSize: 100, ...query }));
const isSorted = <T>(items: T[], inOrder: (a: T, b: T) => boolean) =>
  items.every((item, i) => i === 0 || inOrder(items[i - 1]!, item));

describe('GET tt-audios (samples)', () => {
  it('answers a page of samples shaped as Sample, named in the request language', async () => {
    const total = await countSamples(gw);
    expect(total).toBeGreaterThan(10);
    const zh = await getData<ListPage<Sample>>(gw, withQuery(API.audios, { pageSize: 5 }));
    expect(zh).toMatchObject({ total, page: 1, pageSize: 5 });
    expect(zh.records).toHaveLength(5);
    const sample = zh.records[0]!;
    const row = await sampleById(gw, sample.id);
    const [pack] = await packsWhere(gw, (p) => p.code === row.packCode);
    expect(sample).toMatchObject({
      icon: API.packCover(row.packCode),
      audioName: row.nameZh,
      names: { zh: row.nameZh, en: row.nameEn },
      audioBrand: pack!.brand,
      audioType: row.primaryName,
      audioGroup: row.secondaryName,
      relayAudioUrl: API.play(sample.id),
      packCode: row.packCode,
      packName: pack!.nameZh,
      download: false,
      likes: false,
      audioData: {
        format: row.format,
        sampleRate: row.sampleRate,
        channels: row.channels,
        sizeBytes: row.sizeBytes,
        kind: row.kind,
        tags: row.tags,
      },
    });
    expect(sample.duration).toBeCloseTo(row.duration, 6);
    const en = await getData<ListPage<Sample>>(gw, withQuery(API.audios, { pageSize: 5 }), {
      language: 'en',
    });
    expect(en.records[0]!.audioName).toBe(row.nameEn);
  });

  it('defaults to MOST_POPULAR and pages without gaps or overlaps', async () => {
    const all = await samples({ pageSize: 20 });
    expect(isSorted(all.records, (a, b) => a.popularity >= b.popularity)).toBe(true);
    const first = await samples({ pageSize: 7, page: 1 });
    const second = await samples({ pageSize: 7, page: 2 });
    expect([...first.records, ...second.records].map((s) => s.id)).toEqual(
      all.records.slice(0, 14).map((s) => s.id),
    );
    const past = await samples({ page: 1000 });
    expect(past.records).toEqual([]);
    expect(past.total).toBe(all.total);
  });

  it('sorts by NEWEST, NAME, BPM and DURATION', async () => {
    const newest = await samples({ sort: 'NEWEST' });
    expect(isSorted(newest.records, (a, b) => a.createdAt >= b.createdAt)).toBe(true);
    const byName = await getData<ListPage<Sample>>(
      gw,
      withQuery(API.audios, { pageSize: 100, sort: 'NAME' }),
      { language: 'en' },
    );
    expect(
      isSorted(byName.records, (a, b) => a.audioName.toLowerCase() <= b.audioName.toLowerCase()),
    ).toBe(true);
    const byBpm = await samples({ sort: 'BPM' });
    const bpms = byBpm.records.map((s) => s.audioBpm);
    const firstNull = bpms.indexOf(null);
    const known = (firstNull === -1 ? bpms : bpms.slice(0, firstNull)) as number[];
    expect(isSorted(known, (a, b) => a <= b)).toBe(true);
    if (firstNull !== -1) expect(bpms.slice(firstNull).every((b) => b === null)).toBe(true);
    const byDuration = await samples({ sort: 'DURATION' });
    expect(isSorted(byDuration.records, (a, b) => a.duration <= b.duration)).toBe(true);
  });

  it('shuffles RANDOM the same way for one seed and differently for another', async () => {
    const ids = async (seed: number) =>
      (await samples({ sort: 'RANDOM', seed })).records.map((s) => s.id);
    const a = await ids(1);
    expect(await ids(1)).toEqual(a);
    expect(await ids(2)).not.toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual([...(await ids(2))].sort((x, y) => x - y));
  });

  it('pages RANDOM through every match exactly once for one seed, filtered or not', async () => {
    // The instrument most samples of the first page have, as a style (it matches the type).
    const types = (await samples()).records.map((s) => s.audioType);
    const style = types
      .slice()
      .sort(
        (a, b) => types.filter((t) => t === b).length - types.filter((t) => t === a).length,
      )[0]!;
    const filters: Record<string, string>[] = [{}, { category: 'instruments' }, { styles: style }];
    for (const filter of filters) {
      const all: number[] = [];
      for (let page = 1; all.length % 100 === 0; page++) {
        const records = (await samples({ ...filter, page })).records;
        if (records.length === 0) break;
        all.push(...records.map((s) => s.id));
      }
      expect(all.length, JSON.stringify(filter)).toBeGreaterThan(7);
      const paged = async (seed: number) => {
        const ids: number[] = [];
        for (let page = 1; ids.length < all.length + 7; page++) {
          const answer = await samples({ ...filter, sort: 'RANDOM', seed, pageSize: 7, page });
          ids.push(...answer.records.map((s) => s.id));
          if (answer.records.length < 7) break;
        }
        return ids;
      };
      const once = await paged(4242);
      expect([...once].sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
      expect(await paged(4242)).toEqual(once);
      // Another seed starts elsewhere (a few matches may all lie outside the two starts' gap).
      if (Object.keys(filter).length === 0) expect(await paged(77)).not.toEqual(once);
    }
  });

  it('filters by category, names, pack, kind, key, bpm, styles and tags', async () => {
    const row = await firstSample(
      gw,
      (s) => s.bpm !== null && s.audioKey !== null && s.tags.length > 0,
    );
    const cases: [Record<string, string | number>, (s: StoredSample) => boolean][] = [
      [{ category: row.category }, (s) => s.category === row.category],
      [
        { category: row.category, primaryName: row.primaryName },
        (s) => s.category === row.category && s.primaryName === row.primaryName,
      ],
      [{ secondaryName: row.secondaryName }, (s) => s.secondaryName === row.secondaryName],
      [{ packCode: row.packCode }, (s) => s.packCode === row.packCode],
      [{ kind: 'loop' }, (s) => s.kind === 'loop'],
      [{ key: row.audioKey! }, (s) => s.audioKey === row.audioKey],
      [{ bpmMin: 100, bpmMax: 130 }, (s) => s.bpm !== null && s.bpm >= 100 && s.bpm <= 130],
    ];
    for (const [query, where] of cases) {
      const page = await samples(query);
      expect(page.total, JSON.stringify(query)).toBe(await countSamples(gw, where));
      expect(page.total, JSON.stringify(query)).toBeGreaterThan(0);
    }
    const bpm = await samples({ bpmMin: 100, bpmMax: 130 });
    expect(bpm.records.every((s) => s.audioBpm! >= 100 && s.audioBpm! <= 130)).toBe(true);
    const tag = row.tags[0]!;
    const tagged = await samples({ tags: tag.toUpperCase() });
    expect(tagged.total).toBeGreaterThan(0);
    expect(tagged.records.every((s) => s.audioData.tags.includes(tag))).toBe(true);
    const styled = await samples({ styles: `${tag},no-such-style` });
    expect(styled.total).toBeGreaterThanOrEqual(tagged.total);
    const none = await samples({ styles: 'no-such-style' });
    expect(none).toMatchObject({ total: 0, records: [] });
    const hipHop = await samples({ styles: 'Hip-Hop' });
    expect(hipHop.total).toBeGreaterThan(0);
    expect(
      hipHop.records.every(
        (s) => s.audioData.tags.includes('hip-hop') || s.audioType === 'Hip-Hop',
      ),
    ).toBe(true);
    const both = await samples({ tags: 'hip-hop,trap' });
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThan(hipHop.total);
    expect(
      both.records.every((s) => ['hip-hop', 'trap'].every((t) => s.audioData.tags.includes(t))),
    ).toBe(true);
  });

  it('treats SQL-looking text as data', async () => {
    const before = await countSamples(gw);
    const page = await samples({ primaryName: "'; DROP TABLE samples; --" });
    expect(page).toMatchObject({ total: 0, records: [] });
    await samples({ keyword: "'; DROP TABLE samples; --" });
    expect(await countSamples(gw)).toBe(before);
  });
});

describe('GET tt-audios: bad input is a 400 naming the field', () => {
  const bad: [Record<string, string | number>, string][] = [
    [{ foo: 1 }, 'foo'],
    [{ pageSize: 101 }, 'pageSize'],
    [{ pageSize: 0 }, 'pageSize'],
    [{ page: 0 }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ sort: 'SIDEWAYS' }, 'sort'],
    [{ sort: 'RELEVANCE' }, 'sort'],
    [{ range: 'albums' }, 'range'],
    [{ category: 'jazz' }, 'category'],
    [{ kind: 'drone' }, 'kind'],
    [{ kind: 'packs' }, 'kind'],
    [{ key: 'H' }, 'key'],
    [{ bpmMin: 'fast' }, 'bpmMin'],
    [{ bpmMin: 140, bpmMax: 120 }, 'bpmMin'],
    [{ bpmMax: 5000 }, 'bpmMax'],
    [{ keyword: '***' }, 'keyword'],
    [{ styles: ' , ' }, 'styles'],
    [{ styles: 'trap,***' }, 'styles'],
    [{ tags: '--' }, 'tags'],
    [{ primaryName: '' }, 'primaryName'],
    [{ packCode: '../etc' }, 'packCode'],
    [{ seed: -1 }, 'seed'],
  ];
  it.each(bad)('%j → 400 %s', async (query, field) => {
    const answer = await callJson(gw, withQuery(API.audios, query));
    expectApiError(answer, 400, 'BAD_REQUEST', field);
  });

  it('speaks zh by default and en on request', async () => {
    const zh = await callJson(gw, withQuery(API.audios, { pageSize: 500 }));
    expect(zh.body.msg).toContain('参数 pageSize 无效');
    const en = await callJson(gw, withQuery(API.audios, { pageSize: 500 }), { language: 'en' });
    expect(en.body.msg).toContain('Invalid pageSize');
  });

  it('repeats of one parameter are malformed, not merged', async () => {
    const answer = await callJson(gw, `${API.audios}?sort=NAME&sort=BPM`);
    expectApiError(answer, 400, 'BAD_REQUEST', 'sort');
  });
});

describe('GET tt-audios: tokens', () => {
  it('is public without a token, but a bad or expired token is a 401', async () => {
    expect((await callJson(gw, API.audios)).status).toBe(200);
    expect((await callJson(gw, API.audios, { token: user.accessToken })).status).toBe(200);
    expectApiError(await callJson(gw, API.audios, { token: 'garbage' }), 401, 'UNAUTHORIZED');
    const expired = issueAccessToken(gw.ctx.tokenSecret, user.id, Date.now() - 3 * 3600_000);
    const answer = await callJson(gw, API.audios, { token: expired, language: 'en' });
    expectApiError(answer, 401, 'TOKEN_EXPIRED');
    expect(answer.body.msg).toMatch(/expired/i);
  });
});

describe('GET tt-audios (packs) and pack detail', () => {
  it('lists packs with sample counts and filters them', async () => {
    const page = await getData<ListPage<Pack>>(
      gw,
      withQuery(API.audios, { range: 'packs', pageSize: 100 }),
    );
    expect(page.total).toBe((await packsWhere(gw)).length);
    expect(isSorted(page.records, (a, b) => a.popularity >= b.popularity)).toBe(true);
    for (const pack of page.records.slice(0, 5)) {
      expect(pack.cover).toBe(API.packCover(pack.packCode));
      expect(pack.sampleCount).toBe(await countSamples(gw, (s) => s.packCode === pack.packCode));
    }
    const category = page.records[0]!.category;
    const filtered = await getData<ListPage<Pack>>(
      gw,
      withQuery(API.audios, { range: 'packs', category, pageSize: 100 }),
    );
    expect(filtered.total).toBe((await packsWhere(gw, (p) => p.category === category)).length);
    expect(filtered.records.every((p) => p.category === category)).toBe(true);
  });

  it('answers one pack, 404 for an unknown code, 400 for a malformed one', async () => {
    const { code } = (await packsWhere(gw))[0]!;
    const pack = await getData<Pack>(gw, API.pack(code), { language: 'en' });
    expect(pack.packCode).toBe(code);
    expect(pack.names.en).toBe(pack.name);
    expectApiError(await callJson(gw, API.pack('no-such-pack')), 404, 'NOT_FOUND');
    expectApiError(await callJson(gw, API.pack('bad code!')), 400, 'BAD_REQUEST', 'code');
    expectApiError(await callJson(gw, `${API.pack(code)}?x=1`), 400, 'BAD_REQUEST', 'x');
  });

  it('serves the cover PNG with an hour’s cache and revalidation by ETag', async () => {
    const row = (await packsWhere(gw))[0]!;
    const response = await request(gw, API.packCover(row.code));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    // An hour, not a year: the console can replace a cover (docs/ADMIN.md "Packs").
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(gw.ctx.blobs.read(String(row.coverHash)))).toBe(true);
    const again = await request(gw, API.packCover(row.code), {
      headers: { 'if-none-match': response.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expectApiError(await callJson(gw, API.packCover('no-such-pack')), 404, 'NOT_FOUND');
  });
});

describe('GET tt-instruments-style', () => {
  it('answers the category tree with counts that add up and localised names', async () => {
    const tree = await getData<CategoryNode[]>(gw, API.instrumentsStyle);
    expect(tree.map((node) => node.category)).toEqual(
      ['instruments', 'genres', 'cinematicFx', 'chineseStyle'].filter((c) =>
        tree.some((node) => node.category === c),
      ),
    );
    expect(tree.reduce((n, node) => n + node.count, 0)).toBe(await countSamples(gw));
    for (const node of tree) {
      expect(node.count).toBe(node.children.reduce((n, p) => n + p.count, 0));
      for (const primary of node.children) {
        expect(primary.count).toBe(primary.children.reduce((n, s) => n + s.count, 0));
        for (const secondary of primary.children) {
          expect(secondary.count).toBe(
            await countSamples(
              gw,
              (s) =>
                s.category === node.category &&
                s.primaryName === primary.name &&
                s.secondaryName === secondary.name,
            ),
          );
        }
      }
    }
    const named = (await gw.ctx.repo.catalogue.taxonomy()).find((t) => t.secondaryName === '');
    if (named) {
      const primary = tree
        .find((node) => node.category === named.category)
        ?.children.find((p) => p.name === named.primaryName);
      if (primary) expect(primary.names.zh).toBe(named.nameZh);
    }
  });

  it('filters by category and rejects unknown parameters', async () => {
    const tree = await getData<CategoryNode[]>(
      gw,
      withQuery(API.instrumentsStyle, { category: 'chineseStyle' }),
    );
    expect(tree.map((node) => node.category)).toEqual(['chineseStyle']);
    const bad = await callJson(gw, withQuery(API.instrumentsStyle, { category: 'jazz' }));
    expectApiError(bad, 400, 'BAD_REQUEST', 'category');
    const unknown = await callJson(gw, withQuery(API.instrumentsStyle, { relation: 'likes' }));
    expectApiError(unknown, 400, 'BAD_REQUEST', 'relation');
  });
});
