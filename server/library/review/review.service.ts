// The review queue's service (docs/LIBRARY.md "Review findings"): what the admin routes call to
// list a pack's findings, accept or reject one, or apply its fix to the stored sample. Each
// change is stored with its audit row (who, when, before → after) in one transaction.
import { extname } from 'node:path';
import type { Actor } from '../../admin/admin.repository.ts';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { decodeAudio } from '../../../src/wasm/decode-audio.ts';
import { encodeWav, wavDepthOf } from '../../../src/shared/audio/encode-wav.ts';
import { AUDITION_VERSION } from '../auditions/mp3-audition.ts';
import type { DescribedAudio } from '../describe-audio.ts';
import { encodePeaks } from '../peaks.ts';
import { newAuditionCode } from '../sample-rows.ts';
import { encodeEmbedding } from '../sound-analysis.ts';
import { removeDcOffset, trimLeadingSilence } from './audio-fixes.ts';
import type { Finding, ReviewCode, ReviewStatus } from './findings.ts';
import type { SampleFields, SamplePatch, StoredFinding } from './review.repository.ts';

/** A finding as the admin API answers it. */
export interface FindingView extends Finding {
  id: number;
  sampleId: number | null;
  fileName: string;
  status: ReviewStatus;
}

/** One audited change: the finding after it, and the fields it changed, before → after. */
export interface ReviewChange {
  finding: FindingView;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** The codes whose fix changes the audio, and the fix. */
const AUDIO_FIXES: Partial<
  Record<ReviewCode, (c: Float32Array[], rate: number) => Float32Array[]>
> = {
  LEADING_SILENCE: trimLeadingSilence,
  DC_OFFSET: (channels) => removeDcOffset(channels),
};

const view = ({ id, sampleId, fileName, code, detail, status }: StoredFinding): FindingView => ({
  id,
  sampleId,
  fileName,
  code,
  detail,
  status,
});

const notFound = (id: number) =>
  new ApiError('NOT_FOUND', { zh: `没有问题 ${id}`, en: `No finding ${id}` });
const conflict = (zh: string, en: string) => new ApiError('CONFLICT', { zh, en });

/** The review queue over `ctx`; `describe` decodes and analyses a fixed file (the analysis pool's). */
export function reviewService(
  ctx: AppContext,
  describe: (bytes: Uint8Array) => Promise<DescribedAudio>,
) {
  const review = ctx.repo.review;
  const now = () => new Date(ctx.clock.now()).toISOString();

  /** A finding still open, or the error that says why not. */
  async function openFinding(id: number): Promise<StoredFinding> {
    const finding = await review.findFinding(id);
    if (!finding) throw notFound(id);
    if (finding.status !== 'open')
      throw conflict(
        `问题 ${id} 已处理（${finding.status}）`,
        `Finding ${id} is already ${finding.status}`,
      );
    return finding;
  }

  /** The patch of a tempo or key fix: the field takes the detected value. */
  function metadataPatch(code: ReviewCode, fields: SampleFields): SamplePatch | null {
    if (code === 'TEMPO_MISMATCH' && fields.detectedBpm !== null)
      return { bpm: Math.round(fields.detectedBpm), bpmSource: 'detected' };
    if (code === 'KEY_MISMATCH' && fields.detectedKey !== null)
      return { audioKey: fields.detectedKey, keySource: 'detected' };
    return null;
  }

  /** The patch of an audio fix: the fixed PCM as a new WAV file, described again. */
  async function audioPatch(
    fix: (c: Float32Array[], rate: number) => Float32Array[],
    fields: SampleFields,
  ): Promise<SamplePatch> {
    const pcm = await decodeAudio(ctx.blobs.read(fields.blobHash));
    const fixed = fix(pcm.channels, pcm.sampleRate);
    const wav = encodeWav(fixed, pcm.sampleRate, wavDepthOf(pcm.bitDepth));
    const audio = await describe(wav);
    const stem = fields.fileName.slice(0, fields.fileName.length - extname(fields.fileName).length);
    return {
      blobHash: ctx.blobs.put(wav),
      format: 'wav',
      mediaType: 'audio/wav',
      bitDepth: audio.bitDepth,
      sizeBytes: wav.byteLength,
      duration: Math.round(audio.duration * 1000) / 1000,
      fileName: `${stem}.wav`,
      auditionCode: newAuditionCode(),
      auditionHash: ctx.blobs.put(audio.audition),
      auditionVersion: AUDITION_VERSION,
      lufs: audio.analysis.lufs,
      truePeakDb: audio.analysis.truePeakDb,
      detectedBpm: audio.analysis.detectedBpm,
      detectedKey: audio.analysis.detectedKey,
      peaks: encodePeaks(audio.peaks),
      embedding: encodeEmbedding(audio.analysis.embedding),
    };
  }

  return {
    /** A pack's findings, oldest first, as `GET /api/v2/admin/review?packCode=…` answers them. */
    async listFindings(packCode: string): Promise<FindingView[]> {
      return (await review.listFindings(packCode)).map(view);
    },

    /** Accepts (the file is right as it is) or rejects (the finding is wrong) an open finding. */
    async setStatus(
      id: number,
      status: 'accepted' | 'rejected',
      actor: Actor,
    ): Promise<ReviewChange> {
      const before = { status: (await openFinding(id)).status };
      const action = status === 'accepted' ? 'review.accept' : 'review.reject';
      const audit = { actor, action, before, after: { status } } as const;
      const after = await review.setStatus(id, status, now(), audit);
      if (!after) throw notFound(id);
      return { finding: view(after), before, after: { status } };
    },

    /**
     * Applies an open finding's fix to its sample and marks it fixed: trims leading silence or
     * removes a DC offset (a new WAV, its peaks, preview and analysis), or sets the tempo or
     * key field to the detected value. Other codes have no fix (409).
     */
    async applyFix(id: number, actor: Actor): Promise<ReviewChange> {
      const finding = await openFinding(id);
      const fields = finding.sampleId === null ? null : await review.sampleFields(finding.sampleId);
      if (!fields)
        throw conflict(`问题 ${id} 没有可修复的采样`, `Finding ${id} has no sample to fix`);
      const fix = AUDIO_FIXES[finding.code];
      const patch = fix ? await audioPatch(fix, fields) : metadataPatch(finding.code, fields);
      if (!patch)
        throw conflict(
          `${finding.code} 没有自动修复：请接受或驳回`,
          `${finding.code} has no automatic fix: accept or reject it`,
        );
      const changed = Object.keys(patch).filter((k) => k !== 'peaks' && k !== 'embedding');
      const pick = (from: Partial<SampleFields>) =>
        Object.fromEntries(changed.map((k) => [k, from[k as keyof SampleFields]]));
      const before = pick(fields);
      const after = pick(patch);
      const audit = { actor, action: 'review.fix', before, after } as const;
      await review.fixSample(id, finding.sampleId!, patch, now(), audit);
      return { finding: { ...view(finding), status: 'fixed' }, before, after };
    },
  };
}
