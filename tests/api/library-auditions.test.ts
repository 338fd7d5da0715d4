import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import { decodeAudio } from '../../src/wasm/decode-audio.ts';
import { newAuditionCode } from '../../server/library/sample-rows.ts';
import { encodePendingAuditions } from '../../server/library/seed-auditions.ts';
import { seedPlan } from '../../server/library/seed-samples.ts';
import { planLibrary } from '../../server/library/demo/library-plan.ts';
import { AUDITION_VERSION } from '../../server/library/auditions/mp3-audition.ts';
import { encodeGaplessMp3 } from '../../server/library/auditions/mp3-info-tag.ts';
import { countSamples, samplesWhere } from '../testing/oracle.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';

// `demo` and `large` insert the library first and encode MP3 auditions afterwards; this runs the
// same two steps on a few samples of the tiny plan.
let gateway: TestGateway;

/** Tests that render and encode on a cold seed cache: seconds each, more on a shared machine. */
const SLOW = 180_000;

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

  it(
    'encodes one MP3 per audio blob and gives every sample its own code',
    async () => {
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
    },
    SLOW,
  );

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

  it(
    'a first start with inline auditions leaves the n least popular samples without one',
    async () => {
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
    },
    SLOW,
  );

  it(
    'the deferred pass stops `leave` blobs short; a later pass encodes them',
    async () => {
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
    },
    SLOW,
  );
});

// A data directory whose previews are of an older format (issue 31): the next start encodes
// them again in the background, most needed first, resumable, logged; each old preview keeps
// playing until its new one is stored, and the new one gets a new code (the old URL is cached).
describe('previews of an older format version', () => {
  it(
    'are encoded again in the current format, resumably, with log lines',
    async () => {
      const gw = await startTestGateway({ size: 'none' });
      const lines: string[] = [];
      const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
        lines.push(args.join(' '));
      });
      try {
        const plan = planLibrary('tiny', gw.ctx.clock.now());
        plan.samples = plan.samples.filter((s) => s.kind === 'oneshot').slice(0, 6);
        await seedPlan(gw.ctx, plan, { cache: null, auditions: false, analysis: false });
        // Version-1 previews: mono 22.05 kHz 64 kbit/s, as every data directory before format 2.
        const v1 = encodeGaplessMp3(
          [Int16Array.from({ length: 22_050 }, (_, i) => (i % 50) * 200)],
          22_050,
          64,
        );
        const v1Hash = gw.ctx.blobs.put(v1);
        const seeded = await samplesWhere(gw);
        await gw.ctx.repo.library.storeAuditions(
          seeded.map((s) => ({
            id: s.id,
            auditionHash: v1Hash,
            auditionCode: newAuditionCode(),
            auditionVersion: 1,
          })),
        );
        // A row written before versions existed: a preview and no version (migration 036's NULL).
        const { id: _id, ...template } = seeded[0]!;
        const [legacyId] = await gw.ctx.repo.library.writeBatch({
          samples: [
            {
              ...template,
              fileName: 'legacy.wav',
              auditionCode: newAuditionCode(),
              auditionHash: v1Hash,
              auditionVersion: null,
              search: { name: 'legacy', brand: '', pack: '', type: '', grp: '' },
            },
          ],
        });
        const before = new Map((await samplesWhere(gw)).map((s) => [s.id, s]));
        expect([...before.values()].every((s) => s.auditionHash === v1Hash)).toBe(true);

        // An interrupted pass: it stops two blobs short.
        expect(await encodePendingAuditions(gw.ctx, undefined, { leave: 2 })).toBe(4);
        let after = await samplesWhere(gw);
        const fresh = after.filter((s) => s.auditionVersion === AUDITION_VERSION);
        const old = after.filter((s) => s.auditionVersion !== AUDITION_VERSION);
        expect(old.map((s) => s.auditionHash)).toEqual(old.map(() => v1Hash));
        expect(new Set(old.map((s) => s.blobHash)).size).toBe(2);
        for (const s of fresh) {
          expect(s.auditionHash).not.toBe(v1Hash);
          expect(s.auditionCode).not.toBe(before.get(s.id)!.auditionCode);
          // The new preview plays under its new code, in the file's rate and channels.
          const answer = await fetch(`${gw.url}${API.audition(String(s.auditionCode))}`);
          expect(answer.status).toBe(200);
          const preview = await decodeAudio(new Uint8Array(await answer.arrayBuffer()));
          expect([preview.sampleRate, preview.channels.length]).toEqual([s.sampleRate, s.channels]);
          // The old code is gone with the old file.
          const gone = await fetch(
            `${gw.url}${API.audition(String(before.get(s.id)!.auditionCode))}`,
          );
          expect(gone.status).toBe(404);
        }
        // The rows still waiting keep playing their old preview.
        for (const s of old) {
          const answer = await fetch(`${gw.url}${API.audition(String(s.auditionCode))}`);
          expect(answer.status).toBe(200);
          expect(new Uint8Array(await answer.arrayBuffer())).toEqual(v1);
        }
        expect(lines).toContain(
          `[previews] encoding 4 previews in format version ${AUDITION_VERSION} in the background: 4 of an older version (they play as they are until then), 0 missing`,
        );
        expect(lines.some((l) => l.startsWith('[previews] 4/4 previews'))).toBe(true);

        // The next start resumes with what is left, then there is nothing to do.
        expect(await encodePendingAuditions(gw.ctx)).toBe(2);
        after = await samplesWhere(gw);
        expect(after.every((s) => s.auditionVersion === AUDITION_VERSION)).toBe(true);
        expect(after.find((s) => s.id === legacyId)!.auditionHash).not.toBe(v1Hash);
        expect(await encodePendingAuditions(gw.ctx)).toBe(0);
      } finally {
        spy.mockRestore();
        await gw.close();
      }
    },
    SLOW,
  );

  it('a new library stores its previews as the current version', async () => {
    const rows = await samplesWhere(gateway);
    expect(rows.every((r) => r.auditionVersion === AUDITION_VERSION)).toBe(true);
  });
});
