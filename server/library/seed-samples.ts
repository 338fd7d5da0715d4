import type { AppContext } from '../context.ts';
import type { LibrarySize } from '../config.ts';
import type { SeedProgress } from './seed-library.ts';
import { transaction } from '../db/database.ts';
import {
  libraryWriter,
  type LibraryWriter,
  type SampleInsert,
} from '../db/sqlite/library.sqlite.ts';
import {
  planLibrary,
  type LibraryPlan,
  type PlannedPack,
  type PlannedSample,
} from '../seed/library-plan.ts';
import { BRANDS } from '../seed/packs.ts';
import { renderCover } from '../seed/png-cover.ts';
import { openRenderCache, type RenderCache } from '../seed/render-cache.ts';
import { startRenderPool } from '../seed/render-pool.ts';
import type { RenderResult } from '../seed/render-sample.ts';
import { TAXONOMY } from '../seed/taxonomy.ts';
import { encodePeaks } from './peaks.ts';
import { cloneToLarge, HUGE_SAMPLE_COUNT, LARGE_SAMPLE_COUNT } from './seed-large.ts';
import { ftsText, newAuditionCode, sampleRow } from './sample-rows.ts';
import { encodePendingAuditions } from './seed-auditions.ts';
import { analysePending } from './seed-analysis.ts';
import { effectiveMetadata } from './sound-analysis.ts';

const BATCH = 100;

/** Generates and ingests the demo sample library of the given size. */
export async function seedSamples(
  ctx: AppContext,
  size: LibrarySize,
  onProgress?: (progress: SeedProgress) => void,
): Promise<void> {
  if (size === 'none') return;
  // Test sizes are cached across gateway starts; `demo`, `large` and `huge` always render (and measure).
  const cache =
    (size === 'tiny' || size === 'small') && process.env.YINKU_SEED_CACHE !== 'off'
      ? openRenderCache()
      : null;
  // The big sizes leave MP3 auditions to a background pass: encoding is most of the work, and the
  // gateway can serve (samples without a preview play in full) while it runs. Benchmarks that must
  // not share the CPU with it set YINKU_SEED_AUDITIONS=wait, or =off when they play no audio.
  const cloned = size === 'large' || size === 'huge';
  const deferAuditions = size === 'demo' || cloned;
  // The analysis (~0.2 s of CPU per sample, cached by audio hash) is awaited where something
  // needs it at once: the test sizes, and `large`/`huge`, whose volumes copy it. The demo's first
  // start leaves it to the background, after the auditions (YINKU_SEED_ANALYSIS=wait|off).
  const analysisMode = process.env.YINKU_SEED_ANALYSIS;
  const deferAnalysis = size === 'demo' && analysisMode !== 'wait';
  await seedPlan(ctx, planLibrary(cloned ? 'demo' : size, ctx.clock.now()), {
    cache,
    cloneTo: size === 'large' ? largeSampleCount() : size === 'huge' ? HUGE_SAMPLE_COUNT : 0,
    auditions: !deferAuditions,
    analysis: analysisMode !== 'off' && !deferAnalysis,
    onProgress,
  });
  const auditions = deferAuditions && process.env.YINKU_SEED_AUDITIONS !== 'off';
  const analysis = deferAnalysis && analysisMode !== 'off';
  const background = async () => {
    if (auditions) await encodePendingAuditions(ctx, onProgress);
    if (analysis) await analysePending(ctx, { onProgress });
  };
  if (process.env.YINKU_SEED_AUDITIONS === 'wait') {
    await background();
    return;
  }
  background().catch((error: unknown) => {
    console.warn(`[seed] background seeding stopped: ${String(error)}`);
  });
}

/** Rows of the `large` library: `YINKU_LARGE_SAMPLES` or 100,000. */
function largeSampleCount(): number {
  const fromEnv = Number(process.env.YINKU_LARGE_SAMPLES ?? LARGE_SAMPLE_COUNT);
  if (!Number.isInteger(fromEnv) || fromEnv < 1)
    throw new Error(
      `YINKU_LARGE_SAMPLES must be a positive integer, got ${process.env.YINKU_LARGE_SAMPLES}`,
    );
  return fromEnv;
}

/**
 * Ingests a planned library: brands, taxonomy, packs with covers, then every sample rendered on
 * worker threads (or read from `cache`); with `cloneTo`, adds pack volumes reusing the rendered
 * audio until the library holds that many samples.
 */
export async function seedPlan(
  ctx: AppContext,
  plan: LibraryPlan,
  options: {
    cache?: RenderCache | null;
    cloneTo?: number;
    /** Encode MP3 auditions now (default); false leaves them to encodePendingAuditions. */
    auditions?: boolean;
    /** Analyse the audio now, before any cloning (default); false leaves it to analysePending. */
    analysis?: boolean;
    onProgress?: (progress: SeedProgress) => void;
  } = {},
): Promise<void> {
  const writer = libraryWriter(ctx.db);
  // Seeding runs only while the database is marked unseeded, so any library rows are the
  // remains of an interrupted first start: replace them rather than collide with them.
  const brandIds = transaction(ctx.db, () => {
    writer.clear();
    return insertCatalogue(ctx, writer, plan.packs);
  });
  const rows = await renderAndInsert(
    ctx,
    writer,
    plan.samples,
    { cache: options.cache ?? null, auditions: options.auditions ?? true },
    (done) => options.onProgress?.({ phase: 'samples', done, total: plan.samples.length }),
  );
  if (options.analysis ?? true) {
    const analyses = await analysePending(ctx, { onProgress: options.onProgress });
    // Volumes reuse the rendered audio: they copy its analysis (and the effective values).
    for (const [i, row] of rows.entries()) {
      const analysis = analyses.get(row.blobHash);
      if (analysis) rows[i] = { ...row, ...effectiveMetadata(row, analysis), analysis };
    }
  }
  const target = options.cloneTo ?? 0;
  if (target > rows.length) {
    cloneToLarge(ctx, writer, plan, rows, brandIds, target, (done) =>
      options.onProgress?.({ phase: 'large', done, total: target }),
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
function insertPack(
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

/**
 * Renders every sample on worker threads and inserts them in plan order (so ids are stable),
 * one transaction per batch. Returns the inserted rows, for cloning into the large library.
 */
async function renderAndInsert(
  ctx: AppContext,
  writer: LibraryWriter,
  samples: PlannedSample[],
  { cache, auditions }: { cache: RenderCache | null; auditions: boolean },
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
            mp3Hash: result.mp3 ? ctx.blobs.put(result.mp3) : null,
            sizeBytes: result.wav.byteLength,
            duration: result.duration,
            peaks: encodePeaks(result.peaks),
          },
          result.mp3 ? newAuditionCode() : null,
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
          result = await pool.render(job, { audition: auditions });
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
