// The review checks at ingest (docs/LIBRARY.md "Review findings"): `npm run import` hands each
// file here as it is stored (or refused), and each pack's loudness is compared at the end.
import { basename } from 'node:path';
import type { AppContext } from '../../context.ts';
import type { EmbeddingSnapshot } from '../../catalogue/catalogue.repository.ts';
import { nearest } from '../../catalogue/similar-index.ts';
import type { DescribedAudio } from '../describe-audio.ts';
import type { EffectiveMetadata } from '../sound-analysis.ts';
import type { Finding } from './findings.ts';
import { checkKey, checkTempo, declaredKey, declaredTempo } from './metadata-checks.ts';
import {
  checkDuplicate,
  checkLoudness,
  NEAR_DUPLICATE_COSINE,
  type DuplicateCandidate,
} from './pack-checks.ts';
import type { FindingInsert } from './review.repository.ts';

/** A finding as the importer reports it. */
export interface ReportedFinding extends Finding {
  file: string;
}

/**
 * What a file's name ships: a declared tempo and key ("Loop 120 BPM Am.wav") are the pack's
 * values (source `pack`), kept beside what the analysis detects; anything else is left to it.
 */
export function shippedByName(fileName: string): EffectiveMetadata {
  const bpm = declaredTempo(fileName);
  const key = declaredKey(fileName);
  return {
    audioKey: key,
    bpm: bpm === null ? null : Math.round(bpm),
    kind: 'oneshot',
    keySource: key === null ? null : 'pack',
    bpmSource: bpm === null ? null : 'pack',
    kindSource: 'detected',
  };
}

/** The checks of one import run and the findings they stored. */
export interface IngestReview {
  /** Checks a stored file (its declared metadata, earlier files, the library) and stores what it found. */
  imported(file: {
    sampleId: number;
    packCode: string;
    name: string;
    audio: DescribedAudio;
  }): Promise<void>;
  /** Stores one INVALID_AUDIO finding for a file that could not be used (`reason`: "CODE: message"). */
  refused(packCode: string, name: string, reason: string): Promise<void>;
  /** Compares each pack's loudness with its median and stores the outliers. */
  finish(): Promise<void>;
  /** Every finding stored so far, in order. */
  findings: ReportedFinding[];
}

/**
 * Starts the checks of one import run. Duplicates are looked for among this run's files (same
 * PCM or embedding) and in the library's stored embeddings as they were when the run started.
 */
export async function startIngestReview(ctx: AppContext, now: string): Promise<IngestReview> {
  const library: EmbeddingSnapshot = await ctx.repo.catalogue.embeddings();
  const earlier: DuplicateCandidate[] = [];
  const packs = new Map<string, { sampleId: number; name: string; lufs: number }[]>();
  const findings: ReportedFinding[] = [];
  // Stored under the file's own name (the pack is its folder); reported by its path in the run.
  const store = async (name: string, rows: FindingInsert[]) => {
    if (rows.length === 0) return;
    await ctx.repo.review.addFindings(rows);
    findings.push(...rows.map(({ code, detail }) => ({ file: name, code, detail })));
  };
  const row = (
    sampleId: number | null,
    packCode: string,
    name: string,
    finding: Finding,
  ): FindingInsert => ({
    sampleId,
    packCode,
    fileName: basename(name),
    ...finding,
    createdAt: now,
  });

  return {
    findings,
    async imported({ sampleId, packCode, name, audio }) {
      const { analysis } = audio;
      const candidate = {
        fileName: basename(name),
        pcmHash: audio.review.pcmHash,
        embedding: analysis.embedding,
      };
      const duplicate = checkDuplicate(candidate, earlier);
      if (duplicate.length === 0) {
        const [match] = nearest(library, {
          embedding: analysis.embedding,
          kind: analysis.detectedKind,
          limit: 1,
        });
        if (match && match.score >= NEAR_DUPLICATE_COSINE)
          duplicate.push({
            code: 'DUPLICATE',
            detail: { ofSampleId: match.id, match: 'embedding', cosine: match.score },
          });
      }
      earlier.push(candidate);
      const shipped = shippedByName(basename(name));
      const found = [
        ...checkTempo(declaredTempo(basename(name)), analysis.detectedBpm),
        ...checkKey(shipped.audioKey, analysis.detectedKey),
        ...audio.review.findings,
        ...duplicate,
      ];
      const pack = packs.get(packCode) ?? [];
      pack.push({ sampleId, name, lufs: analysis.lufs });
      packs.set(packCode, pack);
      await store(
        name,
        found.map((f) => row(sampleId, packCode, name, f)),
      );
    },
    async refused(packCode, name, reason) {
      const [, error = null, message = reason] = /^([A-Z_]+): (.*)$/s.exec(reason) ?? [];
      await store(name, [
        row(null, packCode, name, { code: 'INVALID_AUDIO', detail: { error, message } }),
      ]);
    },
    async finish() {
      for (const [packCode, files] of packs) {
        for (const [i, finding] of checkLoudness(files.map((f) => f.lufs))) {
          const { sampleId, name } = files[i]!;
          await store(name, [row(sampleId, packCode, name, finding)]);
        }
      }
    },
  };
}

/** The importer's summary: one line per finding, then the count of each code. */
export function summariseFindings(findings: ReportedFinding[]): string[] {
  if (findings.length === 0) return ['review: no findings'];
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
  return [
    ...findings.map((f) => `review ${f.code} ${f.file}: ${JSON.stringify(f.detail)}`),
    `review: ${findings.length} findings (${[...counts].map(([code, n]) => `${code} ${n}`).join(', ')})`,
  ];
}
