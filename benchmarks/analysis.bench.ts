/**
 * Accuracy and speed of the sound analysis (src/analysis, benchmarks/README.md "Analysis accuracy"). The
 * demo library's plan knows every sample's true tempo, key and kind: each planned sample is
 * rendered and analysed in worker threads and compared. Budgets: tempo within ±1 BPM for
 * ≥ 95 % of loops (an octave error counts wrong), key exact for ≥ 85 % of tonal samples
 * (relative major/minor confusions reported apart), kind exact for ≥ 98 %; a 10 s stereo
 * 44.1 kHz file analysed in ≤ 300 ms (median, in a worker thread). Quick mode takes every loop
 * and every third one-shot. `node benchmarks/analysis.bench.ts [--quick]` prints the figures
 * and each miss.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { planLibrary, type PlannedSample } from '../server/library/demo/library-plan.ts';
import { renderChannels } from '../server/synth/render-sample.ts';
import { accuracyFigures, statesMode, tempoRight, type Comparison } from './analysis-accuracy.ts';
import type { AnalysisTask, JobVerdict, Timing } from './analysis.worker.ts';
import { median, measureWithRetries, ratioFigure, round, type Figure } from './stats.ts';

/** Longest a 10 s stereo 44.1 kHz file may take to analyse (ms, median). */
const LATENCY_LIMIT_MS = 300;

/** Runs one task in a fresh worker thread. */
function runInWorker<T>(task: AnalysisTask): Promise<T> {
  const worker = new Worker(new URL('./analysis.worker.ts', import.meta.url));
  return new Promise<T>((resolve, reject) => {
    worker.once('message', (m: { result?: T; error?: string }) => {
      if (m.error !== undefined) reject(new Error(`analysis worker failed: ${m.error}`));
      else resolve(m.result as T);
    });
    worker.once('error', reject);
    worker.postMessage({ id: 1, task });
  }).finally(() => void worker.terminate());
}

/** The samples measured: all of the demo plan, or (quick) every loop and every third one-shot. */
export function benchSamples(quick: boolean): PlannedSample[] {
  const all = planLibrary('demo', Date.parse('2026-01-01T00:00:00Z')).samples;
  let oneshots = 0;
  return quick ? all.filter((s) => s.kind === 'loop' || oneshots++ % 3 === 0) : all;
}

/** Renders and analyses `samples` in `threads` workers, in plan order. */
export async function compareAll(
  samples: PlannedSample[],
  threads = Math.min(2, availableParallelism()),
): Promise<Comparison[]> {
  const shares = Array.from({ length: threads }, (_, t) =>
    samples.filter((_, i) => i % threads === t),
  );
  const verdicts = await Promise.all(
    shares.map((share) =>
      runInWorker<JobVerdict[]>({ type: 'jobs', jobs: share.map((s) => s.job) }),
    ),
  );
  return samples.map((sample, i) => ({
    sample,
    verdict: verdicts[i % threads]![Math.floor(i / threads)]!,
  }));
}

/** A 10 s stereo 44.1 kHz file: a demo drum loop and chord loop mixed and repeated to 10 s. */
function tenSecondFile(samples: PlannedSample[]): Float32Array[] {
  const pick = (voice: RegExp) =>
    samples.find(
      (s) => s.kind === 'loop' && voice.test(s.job.voice) && s.job.sampleRate === 44100,
    )!;
  const parts = [pick(/drum/i), pick(/chord|keys/i)]
    .filter(Boolean)
    .map((s) => renderChannels({ ...s.job, channels: 2 }));
  const frames = 10 * 44100;
  return [0, 1].map((ch) => {
    const out = new Float32Array(frames);
    for (const p of parts)
      for (let i = 0; i < frames; i++) out[i]! += 0.5 * p[ch]![i % p[ch]!.length]!;
    return out;
  });
}

/**
 * The latency figures: medians of `runs` analyses of a 10 s stereo file in a worker thread. The
 * budget holds the thread's CPU time, which the other processes of this shared machine cannot
 * inflate; the wall-clock time, what a user waits on an idle machine, is reported beside it.
 */
async function latencyFigures(samples: PlannedSample[], runs: number): Promise<Figure[]> {
  const channels = tenSecondFile(samples);
  return measureWithRetries(async () => {
    const times = await runInWorker<Timing[]>({ type: 'time', channels, sampleRate: 44100, runs });
    // The first run includes compiling the code; a worker analysing files runs warm after one.
    const warm = times.slice(1);
    const name = 'analysis: 10 s stereo 44.1 kHz file in a worker';
    return [
      ratioFigure(
        `${name} (CPU, median)`,
        median(warm.map((t) => t.cpu)),
        'ms',
        LATENCY_LIMIT_MS,
        1,
      ),
      ratioFigure(
        `${name} (wall, median)`,
        median(warm.map((t) => t.wall)),
        'ms',
        LATENCY_LIMIT_MS,
        Infinity,
      ),
      ratioFigure(`${name} (CPU, first run)`, times[0]!.cpu, 'ms', LATENCY_LIMIT_MS, Infinity),
    ];
  });
}

/** Every analysis figure: latency, then accuracy over the demo plan (or its quick subset). */
export async function analysisFigures(options: { quick: boolean }): Promise<Figure[]> {
  const samples = benchSamples(options.quick);
  const latency = await latencyFigures(samples, options.quick ? 8 : 16);
  const results = await compareAll(samples);
  return [...latency, ...accuracyFigures(results)];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const quick = process.argv.includes('--quick');
  const samples = benchSamples(quick);
  const results = await compareAll(samples);
  for (const c of results) {
    const s = c.sample;
    const wrong = [
      s.kind !== c.verdict.kind && `kind ${c.verdict.kind}`,
      s.kind === 'loop' &&
        !tempoRight(c) &&
        `bpm ${c.verdict.bpm} (true ${s.bpm}, ${s.job.bars} bars)`,
      s.key !== null &&
        s.key !== c.verdict.key &&
        `key ${c.verdict.key} (true ${s.key}${statesMode(s) ? '' : ', single pitch'})`,
    ].filter(Boolean);
    if (wrong.length)
      console.log(
        `${s.job.voice}/${s.job.style}/${s.job.variant} ${s.nameEn}: ${wrong.join(', ')}`,
      );
  }
  const figures = [...(await latencyFigures(samples, 8)), ...accuracyFigures(results)];
  for (const f of figures)
    console.log(`${f.name}: ${round(f.value)} ${f.unit} (limit ${f.baseline})`);
  console.log(`${samples.length} samples, ${Math.round((performance.now() - started) / 1000)} s`);
}
