import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import type { AppContext } from '../../context.ts';
import { startAnalysisPool } from '../analysis-pool.ts';
import type { DescribedAudio } from '../describe-audio.ts';
import { encodePeaks } from '../peaks.ts';
import { newAuditionCode } from '../sample-rows.ts';
import {
  effectiveMetadata,
  type EffectiveMetadata,
  type StoredAnalysis,
} from '../sound-analysis.ts';
import { shippedByName, startIngestReview, type ReportedFinding } from '../review/ingest-review.ts';
import { AUDITION_VERSION } from '../auditions/mp3-audition.ts';
import { renderCover } from '../../synth/pack-cover.ts';
import { canonicalTags } from '../../catalogue/tag-vocabulary.ts';
import type { Category } from '../../../src/shared/api/catalogue.types.ts';
import type { SniffedFormat } from '../../../src/shared/audio/worker-protocol.ts';

/** File extensions the importer looks at (the format itself is sniffed from the bytes). */
const IMPORT_EXTENSIONS = [
  '.wav',
  '.wave',
  '.aif',
  '.aiff',
  '.aifc',
  '.flac',
  '.mp3',
  '.ogg',
  '.oga',
];

const MEDIA_TYPES: Record<Exclude<SniffedFormat, 'other'>, string> = {
  wav: 'audio/wav',
  aiff: 'audio/aiff',
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
};

/** Where imported samples go in the catalogue. */
export interface ImportOptions {
  brand: string;
  category: Category;
  primaryName: string;
  secondaryName: string;
  /**
   * Every file goes into this pack (an upload names its pack); absent: each folder is a pack.
   * Made with `packName` if it does not exist yet.
   */
  packCode?: string;
  packName?: string;
  /** A pack this import makes starts unpublished (an upload's: reviewed first). */
  unpublished?: boolean;
  /** Called after each file, for a progress bar. */
  onProgress?: (done: number, total: number, file: string) => void;
}

/** An imported file: its sample id and pack, what the analysis found and the effective metadata. */
export interface ImportedFile {
  file: string;
  id: number;
  packCode: string;
  analysis: StoredAnalysis;
  metadata: EffectiveMetadata;
}

/** What happened to each file, and what the review checks found (docs/LIBRARY.md "Review findings"). */
interface ImportReport {
  imported: ImportedFile[];
  skipped: { file: string; reason: string }[];
  findings: ReportedFinding[];
}

/** Every audio file under `root`, recursively, sorted; symlinks are not followed. */
function findAudioFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && IMPORT_EXTENSIONS.includes(extname(entry.name).toLowerCase()))
        out.push(path);
    }
  };
  walk(root);
  return out;
}

/**
 * Imports every audio file under `root`: each folder becomes a pack of `options.brand`; each
 * file is decoded (to check it and read its duration, rate, channels and bit depth), gets 256
 * peaks, an MP3 audition and its analysis (key, BPM, kind, loudness, embedding) on worker
 * threads, and is written in one batch of its own. A file that fails any step is reported and
 * skipped — nothing of it reaches the catalogue; one that cannot be decoded also becomes an
 * INVALID_AUDIO finding. A file already imported (same bytes) is skipped too. Each stored file
 * is checked for the review queue; a tempo or key its name declares is kept as the pack's value.
 */
export async function importFolder(
  ctx: AppContext,
  root: string,
  options: ImportOptions,
): Promise<ImportReport> {
  if (!statSync(root).isDirectory()) throw new Error(`${root} is not a folder`);
  const files = findAudioFiles(root);
  const library = ctx.repo.library;
  const now = new Date(ctx.clock.now()).toISOString();
  const review = await startIngestReview(ctx, now);
  const report: ImportReport = { imported: [], skipped: [], findings: review.findings };
  const packs = new Map<string, string>();
  // The category tree lists only names it knows: add ours (after the built-in ones) if missing.
  const { category, primaryName, secondaryName } = options;
  await library.writeBatch({
    taxonomy: [
      { category, primaryName, secondaryName: '', nameZh: primaryName, position: 10_000 },
      { category, primaryName, secondaryName, nameZh: secondaryName, position: 10_001 },
    ],
  });
  const pool = startAnalysisPool();
  // Files are described two at a time on the pool (decode, peaks, MP3, analysis), read only when
  // their turn comes (a folder may be larger than memory), and written in file order, so ids
  // follow the sorted paths.
  type Job = { bytes: Uint8Array; hash: string; work: Promise<DescribedAudio> | null };
  const jobs = new Map<number, Promise<Job>>();
  const start = (i: number): Promise<Job> | undefined => {
    if (i >= files.length) return undefined;
    let job = jobs.get(i);
    if (!job) {
      job = (async () => {
        const bytes = new Uint8Array(readFileSync(files[i]!));
        const hash = createHash('sha256').update(bytes).digest('hex');
        const known = await library.hasSampleWithBlob(hash);
        const work = known ? null : pool.describe(bytes);
        work?.catch(() => undefined);
        return { bytes, hash, work };
      })();
      job.catch(() => undefined);
      jobs.set(i, job);
    }
    return job;
  };
  try {
    for (const [index, file] of files.entries()) {
      const name = relative(root, file);
      const next = start(index)!;
      start(index + 1);
      jobs.delete(index);
      try {
        const job = await next;
        // Checked again: an earlier file of this run may have had the same bytes.
        if (!job.work || (await library.hasSampleWithBlob(job.hash)))
          throw new Error('already in the library');
        const audio = await job.work.catch(async (error: unknown) => {
          await review.refused(packCodeOf(root, file, options), name, reasonOf(error));
          throw error;
        });
        const packCode = await packFor(ctx, packs, root, file, options, now);
        const stem = basename(file, extname(file));
        const metadata = effectiveMetadata(shippedByName(basename(file)), audio.analysis);
        const [id] = await library.writeBatch({
          samples: [
            {
              packCode,
              nameEn: stem,
              nameZh: stem,
              category: options.category,
              primaryName: options.primaryName,
              secondaryName: options.secondaryName,
              ...metadata,
              format: audio.format,
              mediaType: MEDIA_TYPES[audio.format],
              sampleRate: audio.sampleRate,
              channels: audio.channels,
              bitDepth: audio.bitDepth,
              sizeBytes: job.bytes.byteLength,
              duration: Math.round(audio.duration * 1000) / 1000,
              tags: canonicalTags([audio.format, metadata.kind]),
              blobHash: ctx.blobs.put(job.bytes),
              fileName: basename(file),
              auditionCode: newAuditionCode(),
              auditionHash: ctx.blobs.put(audio.audition),
              auditionVersion: AUDITION_VERSION,
              peaks: encodePeaks(audio.peaks),
              popularity: 0,
              createdAt: now,
              analysis: audio.analysis,
              search: {
                name: stem,
                brand: options.brand,
                pack: options.packName ?? basename(join(file, '..')),
                type: options.primaryName,
                grp: options.secondaryName,
              },
            },
          ],
        });
        report.imported.push({ file: name, id: id!, packCode, analysis: audio.analysis, metadata });
        await review.imported({ sampleId: id!, packCode, name, audio });
      } catch (error) {
        report.skipped.push({ file: name, reason: reasonOf(error) });
      }
      options.onProgress?.(index + 1, files.length, name);
    }
    await review.finish();
  } finally {
    await pool.close();
  }
  return report;
}

/** Why a file was skipped; the worker sends an AudioError as "CODE: message". */
const reasonOf = (error: unknown): string =>
  (error as Error).message.replace(/^worker failed: /, '');

/** One line for the importer's output: what the analysis found in a file. */
export function describeImport({ file, analysis, metadata }: ImportedFile): string {
  const bpm = analysis.detectedBpm === null ? 'no tempo' : `${analysis.detectedBpm} BPM`;
  const key = analysis.detectedKey ?? 'no key';
  return `${file}: ${metadata.kind}, ${bpm}, ${key}, ${analysis.lufs} LUFS, ${analysis.truePeakDb} dBTP (detected)`;
}

/** The code of the pack of a file's folder: a hash of the brand and the folder's path. */
function packCodeOf(root: string, file: string, options: ImportOptions): string {
  if (options.packCode) return options.packCode;
  const dir = join(file, '..');
  const digest = createHash('sha256')
    .update(`${options.brand}\0${relative(root, dir) || basename(root)}`)
    .digest('hex');
  return `imp-${digest.slice(0, 12)}`;
}

/** The pack of a file's folder, made on first use (code from the folder path, cover generated). */
async function packFor(
  ctx: AppContext,
  packs: Map<string, string>,
  root: string,
  file: string,
  options: ImportOptions,
  now: string,
): Promise<string> {
  const dir = join(file, '..');
  const existing = packs.get(dir);
  if (existing) return existing;
  const code = packCodeOf(root, file, options);
  const digest = options.packCode
    ? createHash('sha256').update(code).digest('hex')
    : code.slice('imp-'.length);
  if (!(await ctx.repo.library.hasPack(code))) {
    const name = options.packName ?? (relative(root, dir) || basename(root));
    await ctx.repo.library.writeBatch({
      brands: [{ name: options.brand, nameZh: options.brand }],
      packs: [
        {
          code,
          nameEn: name,
          nameZh: name,
          descriptionEn: `Imported from ${name}`,
          descriptionZh: `导入自 ${name}`,
          brand: options.brand,
          category: options.category,
          primaryName: options.primaryName,
          coverHash: ctx.blobs.put(renderCover(parseInt(digest.slice(0, 8), 16), options.category)),
          tags: [],
          popularity: 0,
          createdAt: now,
          ...(options.unpublished ? { published: false } : {}),
        },
      ],
    });
  }
  packs.set(dir, code);
  return code;
}
