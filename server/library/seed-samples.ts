import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { LibrarySize } from '../config.ts';
import type { SeedProgress } from './seed-library.ts';
import { transaction } from '../db/database.ts';
import {
  libraryWriter,
  type LibraryWriter,
  type SampleInsert,
} from '../db/sqlite/library.sqlite.ts';
import { spaceCjk } from '../catalogue/cjk-text.ts';
import { planLibrary, type PlannedPack, type PlannedSample } from '../seed/library-plan.ts';
import { BRANDS } from '../seed/packs.ts';
import { renderCover } from '../seed/png-cover.ts';
import { openRenderCache } from '../seed/render-cache.ts';
import { startRenderPool } from '../seed/render-pool.ts';
import type { RenderCache } from '../seed/render-cache.ts';
import type { RenderResult } from '../seed/render-sample.ts';
import { TAXONOMY } from '../seed/taxonomy.ts';
import { encodePeaks } from './peaks.ts';
import { cloneToLarge, LARGE_SAMPLE_COUNT } from './seed-large.ts';

const BATCH = 100;

/** Generates and ingests the demo sample library of the given size. */
export async function seedSamples(
  ctx: AppContext,
  size: LibrarySize,
  onProgress?: (progress: SeedProgress) => void,
): Promise<void> {
  if (size === 'none') return;
  const plan = planLibrary(size === 'large' ? 'demo' : size, ctx.clock.now());
  const writer = libraryWriter(ctx.db);
  const brandIds = transaction(ctx.db, () => insertCatalogue(ctx, writer, plan.packs));
  // Test sizes are cached across gateway starts; `demo` and `large` always render (and measure).
  const cache =
    (size === 'tiny' || size === 'small') && process.env.YINKU_SEED_CACHE !== 'off'
      ? openRenderCache()
      : null;
  const rows = await renderAndInsert(ctx, writer, plan.samples, cache, (done) =>
    onProgress?.({ phase: 'samples', done, total: plan.samples.length }),
  );
  if (size === 'large') {
    cloneToLarge(ctx, writer, plan, rows, brandIds, (done) =>
      onProgress?.({ phase: 'large', done, total: LARGE_SAMPLE_COUNT }),
    );
  }
}

/** Inserts brands, the taxonomy and the packs (with rendered covers); returns brand ids. */
function insertCatalogue(ctx: AppContext, writer: LibraryWriter, packs: PlannedPack[]): number[] {
  const brandIds = BRANDS.map((b) => writer.brand(b.name, b.zh));
  let position = 0;
  for (const primary of TAXONOMY) {
    const base = { category: primary.category, primaryName: primary.name };
    writer.taxonomy({ ...base, secondaryName: '', nameZh: primary.zh, position: position++ });
    for (const child of primary.children)
      writer.taxonomy({
        ...base,
        secondaryName: child.name,
        nameZh: child.zh,
        position: position++,
      });
  }
  for (const pack of packs) insertPack(ctx, writer, pack, brandIds);
  return brandIds;
}

/** Inserts one pack row with its cover image stored as a blob. */
export function insertPack(
  ctx: AppContext,
  writer: LibraryWriter,
  pack: PlannedPack,
  brandIds: number[],
): void {
  writer.pack({
    code: pack.code,
    nameEn: pack.nameEn,
    nameZh: pack.nameZh,
    descriptionEn: pack.descriptionEn,
    descriptionZh: pack.descriptionZh,
    brandId: brandIds[pack.brand]!,
    category: pack.category,
    primaryName: pack.primary.name,
    coverHash: ctx.blobs.put(renderCover(pack.coverSeed, pack.category)),
    tags: pack.tags,
    popularity: pack.popularity,
    createdAt: pack.createdAt,
  });
}

/** The FTS text of a sample: every column holds the English and Chinese names (CJK spaced). */
export function ftsText(sample: PlannedSample, nameEn = sample.nameEn, nameZh = sample.nameZh) {
  const brand = BRANDS[sample.pack.brand]!;
  return {
    name: spaceCjk(`${nameEn} ${nameZh}`),
    tags: spaceCjk(sample.tags.join(' ')),
    brand: spaceCjk(`${brand.name} ${brand.zh}`),
    pack: spaceCjk(`${sample.pack.nameEn} ${sample.pack.nameZh}`),
    type: spaceCjk(`${sample.pack.primary.name} ${sample.pack.primary.zh}`),
    grp: spaceCjk(`${sample.secondary.name} ${sample.secondary.zh}`),
  };
}

/** The sample row for a planned sample whose audio is stored. */
export function sampleRow(
  sample: PlannedSample,
  stored: {
    wavHash: string;
    mp3Hash: string;
    sizeBytes: number;
    duration: number;
    peaks: Uint8Array;
  },
  auditionCode: string,
): SampleInsert {
  return {
    packCode: sample.pack.code,
    nameEn: sample.nameEn,
    nameZh: sample.nameZh,
    category: sample.pack.category,
    primaryName: sample.pack.primary.name,
    secondaryName: sample.secondary.name,
    audioKey: sample.key,
    bpm: sample.bpm,
    kind: sample.kind,
    format: 'wav',
    mediaType: 'audio/wav',
    sampleRate: sample.job.sampleRate,
    channels: sample.job.channels,
    bitDepth: sample.job.bitDepth,
    sizeBytes: stored.sizeBytes,
    duration: Math.round(stored.duration * 1000) / 1000,
    tags: sample.tags,
    blobHash: stored.wavHash,
    fileName: sample.fileName,
    auditionCode,
    auditionHash: stored.mp3Hash,
    peaks: stored.peaks,
    popularity: sample.popularity,
    createdAt: sample.createdAt,
  };
}

/** A short random URL-safe code for public audition links (unguessable, 11 characters). */
export function newAuditionCode(): string {
  return randomBytes(8).toString('base64url');
}

/**
 * Renders every sample on worker threads and inserts them in plan order (so ids are stable),
 * one transaction per batch. Returns the inserted rows, for cloning into the large library.
 */
async function renderAndInsert(
  ctx: AppContext,
  writer: LibraryWriter,
  samples: PlannedSample[],
  cache: RenderCache | null,
  onDone: (done: number) => void,
): Promise<SampleInsert[]> {
  const cached = samples.map((sample) => cache?.get(sample.job) ?? undefined);
  // Worker threads take a moment to start: only start them when something needs rendering.
  const pool = cached.every(Boolean) ? null : startRenderPool();
  const results: Array<RenderResult | undefined> = Array.from({ length: samples.length });
  const rows: SampleInsert[] = [];
  let inserted = 0;
  const flush = (force: boolean) => {
    let end = inserted;
    while (end < samples.length && results[end]) end++;
    if (end - inserted < BATCH && !(force && end > inserted)) return;
    transaction(ctx.db, () => {
      for (let i = inserted; i < end; i++) {
        const result = results[i] as RenderResult;
        results[i] = undefined;
        const row = sampleRow(
          samples[i]!,
          {
            wavHash: ctx.blobs.put(result.wav),
            mp3Hash: ctx.blobs.put(result.mp3),
            sizeBytes: result.wav.byteLength,
            duration: result.duration,
            peaks: encodePeaks(result.peaks),
          },
          newAuditionCode(),
        );
        writer.sample(row, ftsText(samples[i]!));
        rows.push(row);
      }
    });
    inserted = end;
    onDone(inserted);
  };
  try {
    // A bounded number of jobs in flight keeps memory flat while both workers stay busy.
    let next = 0;
    const runOne = async (): Promise<void> => {
      while (next < samples.length) {
        const index = next++;
        const job = samples[index]!.job;
        let result = cached[index];
        if (!result && pool) {
          result = await pool.render(job);
          cache?.put(job, result);
        }
        results[index] = result;
        flush(false);
      }
    };
    await Promise.all(Array.from({ length: 6 }, runOne));
    flush(true);
  } finally {
    await pool?.close();
  }
  return rows;
}
