// The audio analysis of stored samples (docs/LIBRARY.md "Stored analysis"): every sample
// without one is analysed on worker threads, once per audio blob (the `large` volumes share
// their base sample's audio), and stored with its effective key, BPM and kind. Seeding runs it
// (awaited for the test sizes and before `large` clones its rows, in the background for `demo`),
// and each start finishes what an interrupted one left.
import type { AppContext } from '../context.ts';
import type { PendingAnalysis } from './library.repository.ts';
import { openAnalysisCache, type AnalysisCache } from './analysis-cache.ts';
import { startAnalysisPool } from './analysis-pool.ts';
import type { SeedProgress } from './seed-progress.ts';
import { effectiveMetadata, type StoredAnalysis } from './sound-analysis.ts';

const BATCH = 25;

/** The analysis cache unless `YINKU_SEED_CACHE=off`. */
export const defaultAnalysisCache = (): AnalysisCache | null =>
  process.env.YINKU_SEED_CACHE === 'off' ? null : openAnalysisCache();

/**
 * Analyses every sample that has no analysis yet, most popular audio first; returns the
 * analyses by audio blob. A blob whose analysis fails is reported and left for the next run.
 */
export async function analysePending(
  ctx: AppContext,
  options: {
    cache?: AnalysisCache | null;
    onProgress?: (progress: SeedProgress) => void;
  } = {},
): Promise<Map<string, StoredAnalysis>> {
  const library = ctx.repo.library;
  const rowsOf = new Map<string, { rows: PendingAnalysis[]; popularity: number }>();
  for (const row of await library.pendingAnalyses()) {
    const entry = rowsOf.get(row.blobHash) ?? { rows: [], popularity: 0 };
    entry.rows.push(row);
    entry.popularity = Math.max(entry.popularity, row.popularity);
    rowsOf.set(row.blobHash, entry);
  }
  const blobs = [...rowsOf.keys()].sort(
    (a, b) => (rowsOf.get(b)?.popularity ?? 0) - (rowsOf.get(a)?.popularity ?? 0),
  );
  const found = new Map<string, StoredAnalysis>();
  if (blobs.length === 0) return found;
  const cache = options.cache === undefined ? defaultAnalysisCache() : options.cache;
  const cached = blobs.map((hash) => cache?.get(hash) ?? null);
  // Worker threads take a moment to start: only when something is not cached.
  const pool = cached.every(Boolean) ? null : startAnalysisPool();
  const done: Array<[string, StoredAnalysis]> = [];
  const flush = async () => {
    const batch = done.splice(0);
    await library.storeAnalyses(
      batch.flatMap(([hash, analysis]) =>
        (rowsOf.get(hash)?.rows ?? []).map((row) => ({
          id: row.id,
          metadata: effectiveMetadata(row.current, analysis),
          analysis,
        })),
      ),
    );
    for (const [hash, analysis] of batch) found.set(hash, analysis);
    options.onProgress?.({ phase: 'analysis', done: found.size, total: blobs.length });
  };
  try {
    let next = 0;
    const runOne = async (): Promise<void> => {
      while (next < blobs.length) {
        const index = next++;
        const hash = blobs[index]!;
        let analysis = cached[index];
        if (!analysis && pool) {
          try {
            analysis = await pool.analyse(ctx.blobs.pathOf(hash));
            cache?.put(hash, analysis);
          } catch (error) {
            console.warn(`[seed] analysis of ${hash.slice(0, 12)} failed: ${String(error)}`);
            continue;
          }
        }
        if (analysis) done.push([hash, analysis]);
        if (done.length >= BATCH) await flush();
      }
    };
    await Promise.all(Array.from({ length: 4 }, runOne));
    if (done.length > 0) await flush();
  } finally {
    await pool?.close();
  }
  return found;
}
