/**
 * The cost of the previews (docs/LIBRARY.md "Auditions (previews)"): how long after the first
 * start every preview of the demo library is ready, with the current encoder against the
 * version-1 one (mono 22.05 kHz 64 kbit/s) in the same run. A first start renders the library on
 * two worker threads (the blocking phase), then encodes the previews from the stored WAV files
 * on two worker threads, four files in flight; both are timed here on the same samples: the
 * render once, the preview pass for each encoder. Figure: (render + pass) against (render +
 * version-1 pass), budget ≤ 2× (the first start's inserts, covers and client build are left out,
 * which only raises the ratio); the pass alone is reported beside it. Quick mode takes every
 * 10th sample of the plan (the same mix of rates, channels and lengths); the full mode all
 * 1,080. The encoders alternate, twice each, and the faster pass of each counts (a shared
 * machine slows one pass, not a whole encoder).
 * `node benchmarks/run.ts --groups=previews [--quick]`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { planLibrary } from '../server/library/demo/library-plan.ts';
import { startRenderPool } from '../server/library/render-pool.ts';
import { startWorkerPool } from '../server/worker-pool.ts';
import type { PreviewTask } from './previews.worker.ts';
import { measureWithRetries, ratioFigure, round, type Figure } from './stats.ts';

/** The new previews may take at most this many times the version-1 ones' time. */
const COST_BUDGET = 2;

/** Worker threads, as the seeding pass (two cores here). */
const THREADS = 2;

/** Renders the WAV files of the measured samples into a temporary directory. */
async function renderWavs(
  quick: boolean,
): Promise<{ dir: string; paths: string[]; seconds: number; renderMs: number }> {
  const all = planLibrary('demo', Date.parse('2026-01-01T00:00:00Z')).samples;
  const samples = quick ? all.filter((_, i) => i % 10 === 0) : all;
  const dir = mkdtempSync(join(tmpdir(), 'yinku-previews-bench-'));
  const pool = startRenderPool(THREADS);
  try {
    // Both workers loaded first: the gateway's pool is up before its first render too.
    await Promise.all(
      samples.slice(0, THREADS).map((s) => pool.render(s.job, { audition: false })),
    );
    const started = performance.now();
    const rendered = await Promise.all(samples.map((s) => pool.render(s.job, { audition: false })));
    const renderMs = performance.now() - started;
    const paths = rendered.map((r, i) => {
      const path = join(dir, `${i}.wav`);
      writeFileSync(path, r.wav);
      return path;
    });
    return { dir, paths, seconds: rendered.reduce((sum, r) => sum + r.duration, 0), renderMs };
  } finally {
    await pool.close();
  }
}

/** Wall time (ms) of one pass: every file's preview, four in flight, as `encodePendingAuditions`. */
async function pass(paths: string[], encoder: PreviewTask['encoder']): Promise<number> {
  const pool = startWorkerPool<PreviewTask>(
    new URL('./previews.worker.ts', import.meta.url),
    THREADS,
  );
  try {
    // Workers started and their modules loaded before the clock starts.
    await Promise.all(
      Array.from({ length: THREADS }, () => pool.run({ wavPath: paths[0]!, encoder })),
    );
    const started = performance.now();
    let next = 0;
    const runOne = async () => {
      while (next < paths.length) await pool.run({ wavPath: paths[next++]!, encoder });
    };
    await Promise.all(Array.from({ length: 4 }, runOne));
    return performance.now() - started;
  } finally {
    await pool.close();
  }
}

/** The previews group's figures. */
export async function previewFigures(options: { quick: boolean }): Promise<Figure[]> {
  const { dir, paths, seconds, renderMs } = await renderWavs(options.quick);
  try {
    return await measureWithRetries(() => measure(paths, seconds, renderMs));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One attempt: both passes twice, alternating. */
async function measure(paths: string[], seconds: number, renderMs: number): Promise<Figure[]> {
  const times = { current: Infinity, v1: Infinity };
  for (let round = 0; round < 2; round++)
    for (const encoder of ['v1', 'current'] as const)
      times[encoder] = Math.min(times[encoder], await pass(paths, encoder));
  const label = `previews of ${paths.length} demo samples (${Math.round(seconds)} s of audio)`;
  return [
    ratioFigure(
      `${label}: all ready after the first start (render + previews), against version 1`,
      renderMs + times.current,
      'ms',
      renderMs + times.v1,
      COST_BUDGET,
    ),
    ratioFigure(
      `${label}: the preview pass alone, against version 1`,
      times.current,
      'ms',
      times.v1,
      Infinity,
    ),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await previewFigures({ quick: process.argv.includes('--quick') });
  for (const f of figures)
    console.log(`${f.name}: ${f.value} ${f.unit} / ${f.baseline} = ${round(f.ratio, 3)}`);
}
