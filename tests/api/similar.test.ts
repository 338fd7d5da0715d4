import { describe, expect, it } from 'vitest';
import { EMBEDDING_SIZE } from '../../src/analysis/index.ts';
import { API } from '../../src/shared/api/paths.ts';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import type { Sample, SimilarPage } from '../../src/shared/api/catalogue.types.ts';
import { OWN_PACK_LIMIT } from '../../server/catalogue/similar-index.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import { createUser, type TestUser } from '../testing/accounts.ts';
import { callJson, expectApiError, getData, request, withQuery } from '../testing/catalogue.ts';
import { asNewSample, samplesWhere } from '../testing/oracle.ts';

let gw: TestGateway;
let user: TestUser;

gatewayPerFile({ size: 'tiny' }, async (started) => {
  gw = started;
  user = await createUser(gw);
});

interface Row {
  id: number;
  kind: string;
  packCode: string;
  embedding: Float32Array;
}

/** Every analysed sample, read straight from storage. */
const analysed = async (): Promise<Row[]> =>
  (await samplesWhere(gw, (s) => s.analysis != null)).map((s) => ({
    id: s.id,
    kind: s.kind,
    packCode: s.packCode,
    embedding: s.analysis!.embedding,
  }));
const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const similar = (id: number, query: Record<string, number> = {}, token?: string) =>
  getData<SimilarPage>(gw, withQuery(API.similar(id), query), { token });
const search = (body: unknown, token?: string) =>
  callJson<SimilarPage>(gw, API.similarSearch, { method: 'POST', body, token });
/** Writes copies of a stored sample through the library port; answers their ids. */
async function copiesOf(id: number, count: number, analysed: boolean): Promise<number[]> {
  const [sample] = await samplesWhere(gw, (s) => s.id === id);
  const row = { ...asNewSample(sample!), nameEn: `${sample!.nameEn} copy`, auditionCode: null };
  if (!analysed) row.analysis = null;
  return gw.ctx.repo.library.writeBatch({ samples: Array.from({ length: count }, () => row) });
}

describe('the seeded library is analysed', () => {
  it("stores an embedding, loudness and detected kind for every sample, its metadata the pack's", async () => {
    const samples = await samplesWhere(gw);
    expect(samples.length).toBeGreaterThan(10);
    for (const sample of samples) {
      expect(sample).toMatchObject({ kindSource: 'pack', keySource: 'pack', bpmSource: 'pack' });
      const analysis = sample.analysis!;
      expect(analysis.embedding).toHaveLength(EMBEDDING_SIZE);
      expect(Math.abs(Math.hypot(...analysis.embedding) - 1)).toBeLessThan(1e-4);
      expect(analysis.lufs).toBeLessThan(0);
      expect(['oneshot', 'loop']).toContain(analysis.detectedKind);
    }
  });
});

describe('the stored loudness in the list shape', () => {
  it("answers each analysed sample's LUFS and true peak in audioData, none before the analysis", async () => {
    const stored = await samplesWhere(gw, (s) => s.analysis != null);
    const source = stored.find((s) => s.kind === 'loop')!;
    const page = await similar(source.id, { limit: 20 });
    expect(page.records.length).toBeGreaterThan(0);
    for (const record of [page.source!, ...page.records]) {
      const analysis = stored.find((s) => s.id === record.id)!.analysis!;
      expect(record.audioData.lufs).toBeCloseTo(analysis.lufs, 2);
      expect(record.audioData.truePeakDb).toBeCloseTo(analysis.truePeakDb, 2);
    }
    const [pending] = await copiesOf(source.id, 1, false);
    try {
      const copy = await similar(pending!, { limit: 1 });
      expect(copy.source?.id).toBe(pending);
      expect(copy.source?.audioData).not.toHaveProperty('lufs');
      expect(copy.source?.audioData).not.toHaveProperty('truePeakDb');
    } finally {
      await gw.oracle.deleteSamples([pending!]);
    }
  });
});

describe('GET tt-audios/{id}/similar', () => {
  it('answers samples of the same kind, nearest first, in the list shape with scores', async () => {
    const rows = await analysed();
    const loop = rows.find((r) => r.kind === 'loop')!;
    const page = await similar(loop.id, { limit: 100 });
    const sameKind = rows.filter((r) => r.kind === 'loop' && r.id !== loop.id);
    expect(page).toMatchObject({ page: 1, pageSize: 100, total: page.records.length });
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records.length).toBeLessThanOrEqual(sameKind.length);
    expect(page.scores).toHaveLength(page.records.length);
    expect(page.records.map((r) => r.id)).not.toContain(loop.id);
    // The source comes with the answer, for the page to pin (issue 30 §6).
    expect(page.source).toMatchObject({ id: loop.id, audioData: { kind: 'loop' } });
    for (const record of page.records) expect(record.audioData.kind).toBe('loop');
    // Scores are the cosines of the stored embeddings, in descending order.
    const byId = new Map(rows.map((r) => [r.id, r]));
    page.records.forEach((record, i) => {
      expect(page.scores[i]).toBeCloseTo(dot(loop.embedding, byId.get(record.id)!.embedding), 3);
      if (i > 0) expect(page.scores[i]!).toBeLessThanOrEqual(page.scores[i - 1]!);
    });
    // Every record is exactly what the list call answers for that sample.
    const list = await getData<ListPage<Sample>>(gw, withQuery(API.audios, { pageSize: 100 }));
    const listed = new Map(list.records.map((r) => [r.id, r]));
    for (const record of page.records) expect(record).toEqual(listed.get(record.id));
  });

  it('answers 20 by default and at most `limit`', async () => {
    const oneshot = (await analysed()).find((r) => r.kind === 'oneshot')!;
    const fallback = await similar(oneshot.id);
    expect(fallback.pageSize).toBe(20);
    expect(fallback.records.length).toBeLessThanOrEqual(20);
    expect((await similar(oneshot.id, { limit: 2 })).records).toHaveLength(2);
  });

  it(`takes at most ${OWN_PACK_LIMIT} from the sample's own pack, though they are nearest`, async () => {
    const base = (await analysed()).find((r) => r.kind === 'oneshot')!;
    await similar(base.id); // the index is built now; the copies below must reach it
    // Five copies of the sample in its own pack: identical sounds, the nearest there can be.
    const copies = await copiesOf(base.id, 5, true);
    const page = await similar(base.id, { limit: 100 });
    const own = page.records.filter((r) => r.packCode === base.packCode);
    expect(own).toHaveLength(OWN_PACK_LIMIT);
    expect(own.every((r) => copies.includes(r.id))).toBe(true);
    expect(page.scores.slice(0, OWN_PACK_LIMIT).every((s) => s > 0.999)).toBe(true);
    // Other packs fill the rest.
    expect(page.records.length).toBeGreaterThan(OWN_PACK_LIMIT);
    await gw.oracle.deleteSamples(copies);
  });

  it('answers an empty list for a sample not analysed yet', async () => {
    const row = (await analysed())[0]!;
    const [pending] = await copiesOf(row.id, 1, false);
    try {
      expect((await similar(pending!)).records).toEqual([]);
      // Nor is it anyone's neighbour, though it sounds exactly like `row`.
      const page = await similar(row.id, { limit: 100 });
      expect(page.records.map((r) => r.id)).not.toContain(pending);
    } finally {
      await gw.oracle.deleteSamples([pending!]);
    }
  });

  it('carries the viewer flags; a signed-out visitor is answered too', async () => {
    const row = (await analysed())[0]!;
    const first = (await similar(row.id, { limit: 1 })).records[0]!;
    expect(first).toMatchObject({ likes: false, download: false });
    const like = await callJson<boolean>(gw, API.downloadLike(first.id), {
      token: user.accessToken,
    });
    expect(like.body.data).toBe(true);
    expect((await similar(row.id, { limit: 1 }, user.accessToken)).records[0]).toMatchObject({
      id: first.id,
      likes: true,
    });
    expect((await similar(row.id, { limit: 1 })).records[0]).toMatchObject({ likes: false });
  });

  it('answers 404 for an unknown sample and 400 for a bad id or limit', async () => {
    expectApiError(await callJson(gw, API.similar(99_999_999)), 404, 'NOT_FOUND');
    expectApiError(await callJson(gw, API.similar('abc')), 400, 'BAD_REQUEST', 'id');
    expectApiError(await callJson(gw, API.similar(0)), 400, 'BAD_REQUEST', 'id');
    const id = (await analysed())[0]!.id;
    for (const limit of ['0', '101', 'x'])
      expectApiError(
        await callJson(gw, `${API.similar(id)}?limit=${limit}`),
        400,
        'BAD_REQUEST',
        'limit',
      );
    expectApiError(await callJson(gw, `${API.similar(id)}?page=2`), 400, 'BAD_REQUEST', 'page');
  });

  it('answers one 401 for a token that is present but not valid, leaving no read behind', async () => {
    // The route reads the page and the pinned source at once; a viewer read inside that pair
    // once threw after the page read had started, and its rejection went unhandled.
    const id = (await analysed())[0]!.id;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      expectApiError(
        await callJson(gw, API.similar(id), { token: 'not-a-token' }),
        401,
        'UNAUTHORIZED',
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});

describe('POST tt-audios/similar (search by sound)', () => {
  it('finds the sample whose embedding it is sent first, of the kind asked', async () => {
    const row = (await analysed()).find((r) => r.kind === 'loop')!;
    const answer = await search({ embedding: [...row.embedding], kind: 'loop', limit: 5 });
    expect(answer.status).toBe(200);
    const page = answer.body.data;
    expect(page).toMatchObject({ page: 1, pageSize: 5 });
    expect(page.records[0]!.id).toBe(row.id);
    expect(page.scores[0]).toBeGreaterThan(0.999);
    for (const record of page.records) expect(record.audioData.kind).toBe('loop');
  });

  it('searches both kinds without one, and scales any non-zero vector to unit length', async () => {
    const rows = await analysed();
    const row = rows.find((r) => r.kind === 'oneshot')!;
    const page = (await search({ embedding: [...row.embedding].map((x) => x / 2), limit: 100 }))
      .body.data;
    expect(page.records[0]!.id).toBe(row.id);
    expect(page.records).toHaveLength(Math.min(100, rows.length));
    expect(new Set(page.records.map((r) => r.audioData.kind))).toEqual(
      new Set(['oneshot', 'loop']),
    );
  });

  it('answers a signed-out visitor with the viewer flags off, a signed-in one with theirs', async () => {
    const row = (await analysed())[0]!;
    const body = { embedding: [...row.embedding], limit: 100 };
    const liked = (await search(body, user.accessToken)).body.data.records.filter((r) => r.likes);
    expect(liked.length).toBeGreaterThan(0);
    expect((await search(body)).body.data.records.some((r) => r.likes)).toBe(false);
  });

  it('rejects bad bodies with a 400 naming the field, and a huge body with a 413', async () => {
    const good = Array.from({ length: EMBEDDING_SIZE }, (_, i) => (i === 0 ? 1 : 0));
    const bad = async (body: unknown, field: string) =>
      expectApiError(await search(body), 400, 'BAD_REQUEST', field);
    await bad({ embedding: good.slice(1) }, 'embedding');
    await bad({ embedding: [...good, 0] }, 'embedding');
    await bad({ embedding: good.map(() => 0) }, 'embedding');
    await bad({ embedding: good.map((x, i) => (i === 3 ? 'NaN' : x)) }, 'embedding.3');
    await bad({ embedding: good.map((x, i) => (i === 5 ? null : x)) }, 'embedding.5');
    await bad({ embedding: good.map((x, i) => (i === 7 ? 2 : x)) }, 'embedding.7');
    await bad({ embedding: good, kind: 'drum' }, 'kind');
    await bad({ embedding: good, limit: 101 }, 'limit');
    await bad({ embedding: good, limit: 0 }, 'limit');
    await bad({ embedding: good, extra: 1 }, 'extra');
    await bad({ kind: 'loop' }, 'embedding');
    // JSON has no NaN, and 1e999 parses to Infinity: neither gets through.
    const raw = (text: string) => `{"embedding":[${text}${',0'.repeat(EMBEDDING_SIZE - 1)}]}`;
    expectApiError(await search(raw('NaN')), 400, 'BAD_REQUEST', 'body');
    expectApiError(await search(raw('1e999')), 400, 'BAD_REQUEST', 'embedding.0');
    const huge = `{"embedding":[${Array.from({ length: 5000 }, () => '0.123456789').join(',')}]}`;
    const response = await request(gw, API.similarSearch, { method: 'POST', body: huge });
    expect(response.status).toBe(413);
  });
});
