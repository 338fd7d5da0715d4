import type { AppContext } from '../context.ts';
import type { LibrarySize } from '../config.ts';
import type { SeedProgress } from './seed-progress.ts';
import type {
  LibraryBatch,
  PackInsert,
  SampleInsert,
  SampleWrite,
  TaxonomyInsert,
} from './library.repository.ts';
import {
  planLibrary,
  type LibraryPlan,
  type PlannedPack,
  type PlannedSample,
} from './demo/library-plan.ts';
import { BRANDS } from './demo/packs.ts';
import { renderCover } from '../synth/pack-cover.ts';
import { openRenderCache, type RenderCache } from './render-cache.ts';
import { startRenderPool } from './render-pool.ts';
import type { RenderResult } from './sample-files.ts';
import { TAXONOMY } from './demo/taxonomy.ts';
import { encodePeaks } from './peaks.ts';
import { cloneToLarge, HUGE_SAMPLE_COUNT, LARGE_SAMPLE_COUNT } from './seed-large.ts';
import { newAuditionCode, sampleRow, searchText } from './sample-rows.ts';
import { encodePendingAuditions } from './seed-auditions.ts';
import { analysePending } from './seed-analysis.ts';
import { effectiveMetadata, type EffectiveMetadata } from './sound-analysis.ts';

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
  // A library the audition pass has not finished (docs/LIBRARY.md): the least popular samples
  // come last in it, so they are the ones left to play in full.
  const pendingAuditions = pendingAuditionCount();
  await seedPlan(ctx, planLibrary(cloned ? 'demo' : size, ctx.clock.now()), {
    cache,
    cloneTo: size === 'large' ? largeSampleCount() : size === 'huge' ? HUGE_SAMPLE_COUNT : 0,
    auditions: !deferAuditions,
    pendingAuditions: deferAuditions ? 0 : pendingAuditions,
    analysis: analysisMode !== 'off' && !deferAnalysis,
    onProgress,
  });
  const auditions = deferAuditions && process.env.YINKU_SEED_AUDITIONS !== 'off';
  const analysis = deferAnalysis && analysisMode !== 'off';
  const background = async () => {
    if (auditions) await encodePendingAuditions(ctx, onProgress, { leave: pendingAuditions });
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
 * `YINKU_SEED_PENDING_AUDITIONS` or 0: how many of the least popular samples the first start
 * leaves without an MP3 audition, as a library whose audition pass has not reached them yet.
 */
function pendingAuditionCount(): number {
  const raw = process.env.YINKU_SEED_PENDING_AUDITIONS;
  const count = Number(raw ?? 0);
  if (!Number.isInteger(count) || count < 0)
    throw new Error(`YINKU_SEED_PENDING_AUDITIONS must be a whole number, got ${raw}`);
  return count;
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
    /** With `auditions`, the n least popular samples are inserted without theirs (pending). */
    pendingAuditions?: number;
    /** Analyse the audio now, before any cloning (default); false leaves it to analysePending. */
    analysis?: boolean;
    onProgress?: (progress: SeedProgress) => void;
  } = {},
): Promise<void> {
  // Seeding runs only while the database is marked unseeded, so any library rows are the
  // remains of an interrupted first start: replace them rather than collide with them.
  await ctx.repo.library.writeBatch(catalogueRows(ctx, plan.packs), { replace: true });
  const rows = await renderAndInsert(
    ctx,
    plan.samples,
    {
      cache: options.cache ?? null,
      auditions: options.auditions ?? true,
      pending: leastPopular(plan.samples, options.pendingAuditions ?? 0),
    },
    (done) => options.onProgress?.({ phase: 'samples', done, total: plan.samples.length }),
  );
  if (options.analysis ?? true) {
    const analyses = await analysePending(ctx, { onProgress: options.onProgress });
    // Volumes reuse the rendered audio: they copy its analysis (and the effective values).
    for (const [i, row] of rows.entries()) {
      const analysis = analyses.get(row.blobHash);
      if (analysis) rows[i] = { ...row, ...effectiveMetadata(metadataOf(row), analysis), analysis };
    }
  }
  const target = options.cloneTo ?? 0;
  if (target > rows.length) {
    await cloneToLarge(ctx, plan, rows, target, (done) =>
      options.onProgress?.({ phase: 'large', done, total: target }),
    );
  }
}

/** A written row's effective metadata and sources ('pack' where the row names none). */
const metadataOf = (row: SampleInsert): EffectiveMetadata => ({
  audioKey: row.audioKey,
  bpm: row.bpm,
  kind: row.kind,
  keySource: row.keySource === undefined ? 'pack' : row.keySource,
  bpmSource: row.bpmSource === undefined ? 'pack' : row.bpmSource,
  kindSource: row.kindSource ?? 'pack',
});

/** Brands, the taxonomy and the packs (covers rendered and stored as blobs), as one batch. */
function catalogueRows(ctx: AppContext, packs: PlannedPack[]): LibraryBatch {
  const taxonomy: TaxonomyInsert[] = [];
  let position = 0;
  for (const primary of TAXONOMY) {
    const base = { category: primary.category, primaryName: primary.name };
    taxonomy.push({ ...base, secondaryName: '', nameZh: primary.zh, position: position++ });
    for (const child of primary.children)
      taxonomy.push({
        ...base,
        secondaryName: child.name,
        nameZh: child.zh,
        position: position++,
      });
  }
  return {
    brands: BRANDS.map((b) => ({ name: b.name, nameZh: b.zh })),
    taxonomy,
    packs: packs.map((pack) => packRow(ctx, pack)),
  };
}

/** One pack row, its cover image stored as a blob. */
function packRow(ctx: AppContext, pack: PlannedPack): PackInsert {
  return {
    code: pack.code,
    nameEn: pack.nameEn,
    nameZh: pack.nameZh,
    descriptionEn: pack.descriptionEn,
    descriptionZh: pack.descriptionZh,
    brand: BRANDS[pack.brand]!.name,
    category: pack.category,
    primaryName: pack.primary.name,
    coverHash: ctx.blobs.put(renderCover(pack.coverSeed, pack.category)),
    tags: pack.tags,
    popularity: pack.popularity,
    createdAt: pack.createdAt,
  };
}

/** Plan indexes of the `count` least popular samples (the first in plan order on a tie). */
function leastPopular(samples: PlannedSample[], count: number): Set<number> {
  const order = samples.map((_, i) => i);
  order.sort((a, b) => samples[a]!.popularity - samples[b]!.popularity || a - b);
  return new Set(order.slice(0, count));
}

/**
 * Renders every sample on worker threads and inserts them in plan order (so ids are stable),
 * one transaction per batch. Returns the inserted rows, for cloning into the large library.
 */
async function renderAndInsert(
  ctx: AppContext,
  samples: PlannedSample[],
  {
    cache,
    auditions,
    pending,
  }: { cache: RenderCache | null; auditions: boolean; pending: Set<number> },
  onDone: (done: number) => void,
): Promise<SampleInsert[]> {
  const cached = samples.map((sample) => cache?.get(sample.job) ?? undefined);
  // Worker threads take a moment to start: only start them when something needs rendering.
  const pool = cached.every(Boolean) ? null : startRenderPool();
  const results: Array<RenderResult | undefined> = Array.from({ length: samples.length });
  const rows: SampleInsert[] = [];
  let inserted = 0;
  // Batches are written one after another in plan order (so ids are stable), while the runners
  // below keep rendering.
  let writing = Promise.resolve();
  const flush = (force: boolean) => {
    let end = inserted;
    while (end < samples.length && results[end]) end++;
    if (end - inserted < BATCH && !(force && end > inserted)) return;
    const batch: SampleWrite[] = [];
    for (let i = inserted; i < end; i++) {
      const result = results[i] as RenderResult;
      results[i] = undefined;
      // A pending sample's MP3 (rendered, or from the cache) is not stored: it has none yet.
      const mp3 = pending.has(i) ? null : result.mp3;
      const row = sampleRow(
        samples[i]!,
        {
          wavHash: ctx.blobs.put(result.wav),
          mp3Hash: mp3 ? ctx.blobs.put(mp3) : null,
          sizeBytes: result.wav.byteLength,
          duration: result.duration,
          peaks: encodePeaks(result.peaks),
        },
        mp3 ? newAuditionCode() : null,
      );
      batch.push({ ...row, search: searchText(samples[i]!) });
      rows.push(row);
    }
    inserted = end;
    writing = writing.then(async () => {
      await ctx.repo.library.writeBatch({ samples: batch });
      onDone(end);
    });
    // Marked handled here; the rejection still reaches the `await writing` below.
    writing.catch(() => undefined);
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
    await writing;
  } finally {
    await pool?.close();
  }
  return rows;
}
