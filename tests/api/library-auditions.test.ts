import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePendingAuditions } from '../../server/library/seed-auditions.ts';
import { seedPlan } from '../../server/library/seed-samples.ts';
import { planLibrary } from '../../server/seed/library-plan.ts';
import { countSamples, samplesWhere } from '../helpers/oracle.ts';
import { startTestGateway, type TestGateway } from '../helpers/test-gateway.ts';

// `demo` and `large` insert the library first and encode MP3 auditions afterwards; this runs the
// same two steps on a few samples of the tiny plan.
let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ size: 'none' });
  const plan = planLibrary('tiny', gateway.ctx.clock.now());
  plan.samples = plan.samples.filter((s) => s.kind === 'oneshot').slice(0, 6);
  await seedPlan(gateway.ctx, plan, { cache: null, auditions: false, cloneTo: 18 });
});

afterAll(async () => {
  await gateway?.close();
});

const rows = async () =>
  (await samplesWhere(gateway)).map((s) => ({
    id: s.id,
    blob_hash: s.blobHash,
    audition_code: s.auditionCode,
    audition_hash: s.auditionHash,
  }));

describe('deferred audition encoding', () => {
  it('inserts samples without an audition code until their MP3 exists', async () => {
    const before = await rows();
    expect(before).toHaveLength(18);
    expect(before.every((r) => r.audition_code === null && r.audition_hash === null)).toBe(true);
  });

  it('encodes one MP3 per audio blob and gives every sample its own code', async () => {
    const progress: number[] = [];
    const encoded = await encodePendingAuditions(gateway.ctx, (p) => progress.push(p.done));
    expect(encoded).toBe(6);
    expect(progress.at(-1)).toBe(6);
    const after = await rows();
    expect(new Set(after.map((r) => r.audition_code)).size).toBe(18);
    expect(after.every((r) => /^[A-Za-z0-9_-]{11}$/.test(String(r.audition_code)))).toBe(true);
    const byBlob = new Map<string, Set<string>>();
    for (const r of after)
      byBlob.set(
        String(r.blob_hash),
        (byBlob.get(String(r.blob_hash)) ?? new Set()).add(String(r.audition_hash)),
      );
    expect([...byBlob.values()].every((hashes) => hashes.size === 1)).toBe(true);
    for (const r of after) {
      const mp3 = gateway.ctx.blobs.read(String(r.audition_hash));
      expect(createHash('sha256').update(mp3).digest('hex')).toBe(r.audition_hash);
      expect(mp3[0]).toBe(0xff);
      expect((mp3[1] ?? 0) & 0xe0).toBe(0xe0);
    }
  });

  it('does nothing when every sample already has its audition', async () => {
    const codes = (await rows()).map((r) => r.audition_code);
    expect(await encodePendingAuditions(gateway.ctx)).toBe(0);
    expect((await rows()).map((r) => r.audition_code)).toEqual(codes);
  });
});

// YINKU_SEED_PENDING_AUDITIONS: a library whose audition pass has not reached its least popular
// samples yet (the real-path bench and the e2e gateway click such rows).
describe('a library with auditions still pending', () => {
  const withoutAudition = async (gw: TestGateway) =>
    (await samplesWhere(gw)).filter((s) => s.auditionCode === null && s.auditionHash === null);
  const leastPopular = async (gw: TestGateway, n: number) =>
    (await samplesWhere(gw))
      .sort((a, b) => a.popularity - b.popularity || a.id - b.id)
      .slice(0, n)
      .map((s) => s.id);

  it('a first start with inline auditions leaves the n least popular samples without one', async () => {
    const gw = await startTestGateway({
      size: 'tiny',
      env: { YINKU_SEED_PENDING_AUDITIONS: '3' },
    });
    try {
      const pending = await withoutAudition(gw);
      expect(pending.map((s) => s.id).sort((a, b) => a - b)).toEqual(
        (await leastPopular(gw, 3)).sort((a, b) => a - b),
      );
      expect(await countSamples(gw, (s) => s.auditionCode !== null)).toBeGreaterThan(10);
      // The option holds for the seeding only.
      expect(process.env.YINKU_SEED_PENDING_AUDITIONS).toBeUndefined();
    } finally {
      await gw.close();
    }
  });

  it('the deferred pass stops `leave` blobs short; a later pass encodes them', async () => {
    const gw = await startTestGateway({ size: 'none' });
    try {
      const plan = planLibrary('tiny', gw.ctx.clock.now());
      plan.samples = plan.samples.filter((s) => s.kind === 'oneshot').slice(0, 6);
      await seedPlan(gw.ctx, plan, { cache: null, auditions: false });
      expect(await encodePendingAuditions(gw.ctx, undefined, { leave: 2 })).toBe(4);
      const pending = (await withoutAudition(gw)).map((s) => s.id).sort((a, b) => a - b);
      expect(pending).toEqual((await leastPopular(gw, 2)).sort((a, b) => a - b));
      expect(await encodePendingAuditions(gw.ctx)).toBe(2);
      expect(await withoutAudition(gw)).toEqual([]);
    } finally {
      await gw.close();
    }
  });
});
