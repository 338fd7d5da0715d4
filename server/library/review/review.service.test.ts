import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createContext, type AppContext } from '../../context.ts';
import { startAnalysisPool, type AnalysisPool } from '../analysis-pool.ts';
import { importFolder } from '../import/import-folder.ts';
import { decodeAudio } from '../../../src/wasm/decode-audio.ts';
import { buildWav } from '../../../src/wasm/testing/audio-fixtures.ts';
import { cutShare } from '../../../src/wasm/testing/truncated-audio.ts';
import { checkDcOffset, firstSound } from './signal-checks.ts';
import { renderDemo as render, wav16 } from './testing/demo-renders.ts';
import { reviewService } from './review.service.ts';

// The review queue filled at ingest (docs/LIBRARY.md "Review findings"): `npm run import` of
// issue 28's folder — one clipped file, one whose name says 120 BPM when it is 92, one duplicate
// of another, one with 200 ms of leading silence, one corrupt, one clean — stores exactly the
// expected findings, keeps every usable file, and the service fixes, accepts and rejects them.

let ctx: AppContext;
let pool: AnalysisPool;
let dataDir: string;
let folder: string;
let report: Awaited<ReturnType<typeof importFolder>>;
let chords24: Uint8Array;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'yinku-review-data-'));
  const config = { ...loadConfig({ YINKU_SONGS: 'off' }), port: 0, host: '127.0.0.1', dataDir };
  ctx = await createContext(config);
  pool = startAnalysisPool(1);
  folder = mkdtempSync(join(tmpdir(), 'yinku-review-'));
  mkdirSync(join(folder, 'six'));
  const put = (name: string, bytes: Uint8Array) => writeFileSync(join(folder, 'six', name), bytes);
  const kick = render((s) => s.secondary.name === 'Kick');
  const snare = render((s) => s.secondary.name === 'Snare');
  const bass = render((s) => s.job.voice === 'bassLoop' && s.bpm === 92);
  const chords = render((s) => s.job.voice === 'melodicLoop' && s.bpm === 94);
  put(
    'clipped kick.wav',
    wav16(
      kick.channels.map((c) => c.map((x) => Math.max(-1, Math.min(1, 3 * x)))),
      kick.rate,
    ),
  );
  put('bass 120 BPM.wav', wav16(bass.channels, bass.rate));
  put('chords.wav', wav16(chords.channels, chords.rate));
  chords24 = buildWav(chords.channels, { encoding: 'int', bits: 24, sampleRate: chords.rate });
  put('copy of chords.wav', wav16(chords.channels, chords.rate, ['fmt', 'LIST', 'data']));
  const gap = Math.round(0.2 * snare.rate);
  put(
    'late snare.wav',
    wav16(
      snare.channels.map((c) => {
        const out = new Float32Array(gap + c.length);
        out.set(c, gap);
        return out;
      }),
      snare.rate,
    ),
  );
  const hat = render((s) => s.secondary.name === 'Hi-Hat');
  put(
    'offset hat.wav',
    wav16(
      hat.channels.map((c) => c.map((x) => 0.9 * x + 0.05)),
      hat.rate,
    ),
  );
  put('corrupt.wav', cutShare(wav16(snare.channels, snare.rate), 0.4));
  report = await importFolder(ctx, folder, {
    brand: 'Review Kit',
    category: 'instruments',
    primaryName: 'Imported',
    secondaryName: 'Misc',
  });
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await ctx?.close();
  for (const dir of [dataDir, folder]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The operator the changes are audited as (no such user: the log keeps the id). */
const ACTOR = { userId: 1, now: Date.UTC(2026, 10, 28) };
const service = () => reviewService(ctx, pool.describe);
const packCode = () => report.imported[0]!.packCode;
const idOf = (name: string) => report.imported.find((f) => f.file === `six/${name}`)!.id;
async function findingOf(code: string) {
  return (await service().listFindings(packCode())).find((f) => f.code === code)!;
}

describe('review findings at ingest', () => {
  it('stores exactly the expected findings and keeps every usable file', async () => {
    expect(report.imported.map((f) => f.file).sort()).toEqual([
      'six/bass 120 BPM.wav',
      'six/chords.wav',
      'six/clipped kick.wav',
      'six/copy of chords.wav',
      'six/late snare.wav',
      'six/offset hat.wav',
    ]);
    expect(report.skipped).toEqual([
      { file: 'six/corrupt.wav', reason: expect.stringMatching(/^TRUNCATED: /) },
    ]);
    console.log(
      JSON.stringify(report.findings),
      JSON.stringify(
        report.imported.map((f) => [
          f.file,
          f.analysis.lufs,
          f.analysis.detectedKind,
          f.analysis.detectedBpm,
        ]),
      ),
    );
    const summary = report.findings.map((f) => `${f.file} ${f.code}`).sort();
    expect(summary).toEqual([
      'six/bass 120 BPM.wav TEMPO_MISMATCH',
      'six/clipped kick.wav CLIPPING',
      'six/copy of chords.wav DUPLICATE',
      'six/corrupt.wav INVALID_AUDIO',
      'six/late snare.wav LEADING_SILENCE',
      'six/late snare.wav LOUDNESS_OUTLIER',
      'six/offset hat.wav DC_OFFSET',
      // Both one-shots are quieter than the loops and the clipped kick: −7.7 and −6 LU or more.
      'six/offset hat.wav LOUDNESS_OUTLIER',
    ]);
  });

  it('lists a pack’s findings as the admin API answers them', async () => {
    const listed = await service().listFindings(packCode());
    expect(listed).toHaveLength(report.findings.length);
    expect(listed.find((f) => f.code === 'INVALID_AUDIO')).toEqual({
      id: expect.any(Number),
      sampleId: null,
      fileName: 'corrupt.wav',
      code: 'INVALID_AUDIO',
      detail: { error: 'TRUNCATED', message: expect.stringContaining('declares 0.300 s') },
      status: 'open',
    });
    expect(listed.find((f) => f.code === 'TEMPO_MISMATCH')).toMatchObject({
      sampleId: idOf('bass 120 BPM.wav'),
      fileName: 'bass 120 BPM.wav',
      detail: { declared: 120, detected: 92 },
    });
    expect(listed.find((f) => f.code === 'DUPLICATE')?.detail).toEqual({
      of: 'chords.wav',
      match: 'pcm',
    });
    expect(await service().listFindings('no-such-pack')).toEqual([]);
  });

  it('finds a sound of the library again by its embedding: the same loop at 24 bits', async () => {
    const again = mkdtempSync(join(tmpdir(), 'yinku-review-again-'));
    try {
      mkdirSync(join(again, 'again'));
      writeFileSync(join(again, 'again', 'chords 24.wav'), chords24);
      const second = await importFolder(ctx, again, {
        brand: 'Review Kit',
        category: 'instruments',
        primaryName: 'Imported',
        secondaryName: 'Misc',
      });
      expect(second.findings).toEqual([
        {
          file: 'again/chords 24.wav',
          code: 'DUPLICATE',
          detail: {
            ofSampleId: expect.any(Number),
            match: 'embedding',
            cosine: expect.any(Number),
          },
        },
      ]);
      const { detail } = second.findings[0]!;
      expect([idOf('chords.wav'), idOf('copy of chords.wav')]).toContain(detail.ofSampleId);
      expect(detail.cosine).toBeGreaterThanOrEqual(0.999);
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });

  it('trims the leading silence: a new file, shorter by 199 ms, that starts at once', async () => {
    const finding = await findingOf('LEADING_SILENCE');
    const change = await service().applyFix(finding.id, ACTOR);
    expect(change.finding.status).toBe('fixed');
    expect(change.before.duration as number).toBeCloseTo(
      (change.after.duration as number) + 0.199,
      3,
    );
    expect(change.after.blobHash).not.toBe(change.before.blobHash);
    expect(change.after.auditionCode).not.toBe(change.before.auditionCode);
    const pcm = await decodeAudio(ctx.blobs.read(change.after.blobHash as string));
    expect(firstSound(pcm.channels)).toBeLessThanOrEqual(Math.round(pcm.sampleRate / 1000) + 1);
    expect((await findingOf('LEADING_SILENCE')).status).toBe('fixed');
    await expect(service().applyFix(finding.id, ACTOR)).rejects.toMatchObject({
      errorCode: 'CONFLICT',
    });
  });

  it('removes the DC offset: the new file is centred', async () => {
    const change = await service().applyFix((await findingOf('DC_OFFSET')).id, ACTOR);
    const pcm = await decodeAudio(ctx.blobs.read(change.after.blobHash as string));
    expect(checkDcOffset(pcm.channels)).toEqual([]);
    expect(change.after.duration).toBe(change.before.duration);
  });

  it('sets the tempo field to the detected value', async () => {
    const change = await service().applyFix((await findingOf('TEMPO_MISMATCH')).id, ACTOR);
    expect(change.before).toEqual({ bpm: 120, bpmSource: 'pack' });
    expect(change.after).toEqual({ bpm: 92, bpmSource: 'detected' });
  });

  it('accepts and rejects; refuses a fix where there is none, and an unknown finding', async () => {
    const clipping = await findingOf('CLIPPING');
    await expect(service().applyFix(clipping.id, ACTOR)).rejects.toMatchObject({
      errorCode: 'CONFLICT',
      message: 'CLIPPING has no automatic fix: accept or reject it',
    });
    expect(await service().setStatus(clipping.id, 'accepted', ACTOR)).toMatchObject({
      finding: { id: clipping.id, status: 'accepted' },
      before: { status: 'open' },
      after: { status: 'accepted' },
    });
    await service().setStatus((await findingOf('DUPLICATE')).id, 'rejected', ACTOR);
    await expect(
      service().applyFix((await findingOf('INVALID_AUDIO')).id, ACTOR),
    ).rejects.toMatchObject({
      errorCode: 'CONFLICT',
    });
    await expect(service().setStatus(999_999, 'accepted', ACTOR)).rejects.toMatchObject({
      errorCode: 'NOT_FOUND',
    });
    const statuses = Object.fromEntries(
      (await service().listFindings(packCode())).map((f) => [f.code, f.status]),
    );
    expect(statuses).toMatchObject({
      CLIPPING: 'accepted',
      DUPLICATE: 'rejected',
      INVALID_AUDIO: 'open',
    });
  });
});
