import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPage, AuditEntry, ReviewFinding } from '../../src/shared/api/admin.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { buildWav } from '../../src/wasm/testing/audio-fixtures.ts';
import { importFolder } from '../../server/library/import/import-folder.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { apiCall, createUser, type TestUser } from '../testing/accounts.ts';

// The review queue over HTTP (docs/api/admin.md "Review"): a folder with two known faults — a
// tone after 200 ms of silence, and a 92 BPM loop whose name says 120 — is imported into the
// gateway's own storage; its findings are listed, fixed, accepted, and each change is audited.

const RATE = 44_100;
/** A 0.5 s tone that starts after `silence` seconds. */
const lateTone = (silence: number) => {
  const gap = Math.round(silence * RATE);
  const out = new Float32Array(gap + RATE / 2);
  for (let i = 0; i < RATE / 2; i++)
    out[gap + i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / RATE) * (1 - i / (RATE / 2));
  return out;
};
/** Four bars of clicks at `bpm`: a loop whose tempo the analysis detects. */
const clicks = (bpm: number) => {
  const beat = (60 / bpm) * RATE;
  const out = new Float32Array(Math.round(16 * beat));
  for (let b = 0; b < 16; b++)
    for (let i = 0; i < 2000; i++)
      out[Math.round(b * beat) + i] =
        0.8 * Math.sin((2 * Math.PI * 1000 * i) / RATE) * (1 - i / 2000);
  return out;
};
const wav = (samples: Float32Array) =>
  buildWav([samples], { encoding: 'int', bits: 16, sampleRate: RATE });

let gateway: TestGateway;
let admin: TestUser;
let ordinary: TestUser;
let folder: string;
let packCode: string;
beforeAll(async () => {
  gateway = await startTestGateway({ size: 'none' });
  admin = await createUser(gateway, { role: 'ADMIN' });
  ordinary = await createUser(gateway);
  folder = mkdtempSync(join(tmpdir(), 'yinku-review-api-'));
  mkdirSync(join(folder, 'faults'));
  writeFileSync(join(folder, 'faults', 'late tone.wav'), wav(lateTone(0.2)));
  writeFileSync(join(folder, 'faults', 'clicks 120 BPM.wav'), wav(clicks(92)));
  const report = await importFolder(gateway.ctx, folder, {
    brand: 'Review API',
    category: 'instruments',
    primaryName: 'Imported',
    secondaryName: 'Misc',
  });
  packCode = report.imported[0]!.packCode;
}, 120_000);
afterAll(async () => {
  await gateway?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown, token = admin.accessToken) =>
  apiCall<T>(gateway, method, path, { token, body, language: 'en' });
const list = async () =>
  (await call<ReviewFinding[]>('GET', `${API.adminReview}?packCode=${packCode}`)).body.data;
const findingOf = async (code: string) => (await list()).find((f) => f.code === code)!;
const audit = async (count: number) =>
  (await call<AdminPage<AuditEntry>>('GET', `${API.adminAudit}?pageSize=${count}`)).body.data
    .records;

describe('the review queue over HTTP', () => {
  it('lists the pack’s findings with their codes, files and status', async () => {
    const found = await call<ReviewFinding[]>('GET', `${API.adminReview}?packCode=${packCode}`);
    expect(found.status).toBe(200);
    expect(found.body.data.find((f) => f.code === 'LEADING_SILENCE')).toEqual({
      id: expect.any(Number),
      sampleId: expect.any(Number),
      fileName: 'late tone.wav',
      code: 'LEADING_SILENCE',
      detail: expect.any(Object),
      status: 'open',
    });
    expect(found.body.data.find((f) => f.code === 'TEMPO_MISMATCH')).toMatchObject({
      fileName: 'clicks 120 BPM.wav',
      detail: { declared: 120 },
      status: 'open',
    });
    const none = await call<ReviewFinding[]>('GET', `${API.adminReview}?packCode=no-such-pack`);
    expect(none.body.data).toEqual([]);
  });

  it('fixes the leading silence: the sample becomes a shorter file, and the fix is audited', async () => {
    const finding = await findingOf('LEADING_SILENCE');
    const before = await gateway.ctx.repo.review.sampleFields(finding.sampleId!);
    const fixed = await call<ReviewFinding>('POST', API.adminReviewFix(finding.id));
    expect(fixed.status).toBe(200);
    expect(fixed.body.data).toMatchObject({ id: finding.id, status: 'fixed' });
    const after = await gateway.ctx.repo.review.sampleFields(finding.sampleId!);
    expect(after!.blobHash).not.toBe(before!.blobHash);
    expect(after!.duration).toBeLessThan(before!.duration - 0.15);
    expect((await findingOf('LEADING_SILENCE')).status).toBe('fixed');
    const [row] = await audit(1);
    expect(row).toMatchObject({
      actorId: admin.id,
      action: 'review.fix',
      target: `finding:${finding.id}`,
    });
    expect(JSON.parse(row!.before!).duration).toBeCloseTo(before!.duration, 3);
    expect(JSON.parse(row!.after!).duration).toBeCloseTo(after!.duration, 3);
  });

  it('accepts a finding once: a second action is a 409, and the change is audited', async () => {
    const finding = await findingOf('TEMPO_MISMATCH');
    const accepted = await call<ReviewFinding>('POST', API.adminReviewStatus(finding.id), {
      status: 'accepted',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ id: finding.id, status: 'accepted' });
    const [row] = await audit(1);
    expect(row).toMatchObject({
      action: 'review.accept',
      target: `finding:${finding.id}`,
      before: JSON.stringify({ status: 'open' }),
      after: JSON.stringify({ status: 'accepted' }),
    });
    const again = await call('POST', API.adminReviewStatus(finding.id), { status: 'rejected' });
    expect(again.status).toBe(409);
    expect((await call('POST', API.adminReviewFix(finding.id))).status).toBe(409);
    expect((await findingOf('TEMPO_MISMATCH')).status).toBe('accepted');
    expect((await audit(1))[0]!.id).toBe(row!.id);
  });

  it('answers 404 for an unknown finding and 400 for a malformed id, body or query', async () => {
    expect((await call('POST', API.adminReviewFix(2_000_000_000))).status).toBe(404);
    const unknown = await call('POST', API.adminReviewStatus(2_000_000_000), {
      status: 'rejected',
    });
    expect(unknown.status).toBe(404);
    expect((await call('POST', API.adminReviewFix('x1'))).status).toBe(400);
    expect((await call('POST', API.adminReviewStatus(0), { status: 'accepted' })).status).toBe(400);
    const id = (await list())[0]!.id;
    for (const body of [{ status: 'fixed' }, { status: 'open' }, {}, { status: 'accepted', x: 1 }])
      expect((await call('POST', API.adminReviewStatus(id), body)).status).toBe(400);
    expect((await call('GET', API.adminReview)).status).toBe(400);
    expect((await call('GET', `${API.adminReview}?packCode=..%2Fetc`)).status).toBe(400);
  });

  it('refuses ORDINARY with 403 and leaves the queue as it was', async () => {
    const before = await list();
    const id = before[0]!.id;
    const token = ordinary.accessToken;
    const listed = await call('GET', `${API.adminReview}?packCode=${packCode}`, undefined, token);
    expect(listed.status).toBe(403);
    expect((await call('POST', API.adminReviewFix(id), undefined, token)).status).toBe(403);
    const status = await call('POST', API.adminReviewStatus(id), { status: 'rejected' }, token);
    expect(status.status).toBe(403);
    expect(await list()).toEqual(before);
  });
});
