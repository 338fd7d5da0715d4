/**
 * Accuracy and speed of the sound analysis (src/analysis, docs/ANALYSIS.md "Accuracy"). The
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
import { labelToKey } from '../src/analysis/index.ts';
import { planLibrary, type PlannedSample } from '../server/seed/library-plan.ts';
import { renderChannels } from '../server/seed/render-sample.ts';
import type { AnalysisTask, JobVerdict } from './analysis.worker.ts';
import { median, measureWithRetries, ratioFigure, round, type Figure } from './stats.ts';

/** Longest a 10 s stereo 44.1 kHz file may take to analyse (ms, median). */
const LATENCY_LIMIT_MS = 300;
/** Allowed misses (%): tempo of loops, key of tonal samples, kind of all. */
const TEMPO_MISS_PCT = 5;
const KEY_MISS_PCT = 15;
const KIND_MISS_PCT = 2;

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

/** One sample's truth next to the analysis's verdict. */
export interface Comparison {
  sample: PlannedSample;
  verdict: JobVerdict;
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

const tempoRight = (c: Comparison) =>
  c.verdict.bpm !== null && Math.abs(c.verdict.bpm - c.sample.bpm!) <= 1;
const relative = (a: string, b: string) => {
  const [x, y] = [labelToKey(a), labelToKey(b)];
  if (x.mode === y.mode) return false;
  const pcs = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
  const [major, minor] = x.mode === 'major' ? [x, y] : [y, x];
  return (pcs.indexOf(major.tonic) + 9) % 12 === pcs.indexOf(minor.tonic);
};

/**
 * Voices that sound one pitch (or a root and its fifth): their key's mode is not in the audio,
 * so only the tonic is compared (docs/ANALYSIS.md "Accuracy").
 */
const SINGLE_PITCH = new Set([
  'bass808',
  'synthBass',
  'subBass',
  'lead',
  'pluck',
  'guitarElectric',
  'guitarMuted',
  'pipa',
  'erhu',
  'dizi',
  'vocalChop',
  'vocalTexture',
  'riser',
  'drone',
  'braam',
]);
/** Whether the sample's audio states its key's mode (chords, scales, melodies). */
export const statesMode = (s: PlannedSample): boolean =>
  s.key !== null && !SINGLE_PITCH.has(s.job.voice) && s.job.variant !== 'single';

const pct = (misses: number, total: number) => (total === 0 ? 0 : (100 * misses) / total);

/** A diagnostic or gating figure of a share of misses (value: % wrong; baseline: % allowed). */
const missFigure = (name: string, misses: number, of: number, allowed: number, gate: boolean) => ({
  ...ratioFigure(name, pct(misses, of), '%', allowed, gate ? 1 : Infinity),
  attempts: 1,
});

/** The accuracy figures of a comparison run. */
export function accuracyFigures(results: Comparison[]): Figure[] {
  const loops = results.filter((c) => c.sample.kind === 'loop');
  const tonal = results.filter((c) => c.sample.key !== null);
  const tempoMisses = loops.filter((c) => !tempoRight(c));
  const octave = tempoMisses.filter((c) => {
    const r = (c.verdict.bpm ?? 0) / c.sample.bpm!;
    return Math.abs(r - 2) < 0.05 || Math.abs(r - 0.5) < 0.02;
  });
  const modal = tonal.filter((c) => statesMode(c.sample));
  const single = tonal.filter((c) => !statesMode(c.sample));
  const keyMisses = modal.filter((c) => c.verdict.key !== c.sample.key);
  const relatives = keyMisses.filter(
    (c) => c.verdict.key && relative(c.verdict.key, c.sample.key!),
  );
  const tonicOf = (key: string | null) => key && labelToKey(key).tonic;
  const tonicMisses = single.filter((c) => tonicOf(c.verdict.key) !== tonicOf(c.sample.key));
  const anyMisses = tonal.filter((c) => c.verdict.key !== c.sample.key);
  const kindMisses = results.filter((c) => c.verdict.kind !== c.sample.kind);
  const n = (xs: unknown[]) => xs.length;
  return [
    missFigure(
      `analysis: tempo wrong (% of ${n(loops)} loops)`,
      n(tempoMisses),
      n(loops),
      TEMPO_MISS_PCT,
      true,
    ),
    missFigure(
      'analysis: tempo octave errors (% of loops)',
      n(octave),
      n(loops),
      TEMPO_MISS_PCT,
      false,
    ),
    missFigure(
      `analysis: key wrong (% of ${n(modal)} samples stating their mode)`,
      n(keyMisses),
      n(modal),
      KEY_MISS_PCT,
      true,
    ),
    missFigure(
      'analysis: key relative major/minor (% of those)',
      n(relatives),
      n(modal),
      KEY_MISS_PCT,
      false,
    ),
    missFigure(
      `analysis: tonic wrong (% of ${n(single)} single-pitch samples)`,
      n(tonicMisses),
      n(single),
      KEY_MISS_PCT,
      true,
    ),
    missFigure(
      `analysis: key wrong (% of all ${n(tonal)} tonal samples)`,
      n(anyMisses),
      n(tonal),
      KEY_MISS_PCT,
      false,
    ),
    missFigure(
      `analysis: kind wrong (% of ${n(results)} samples)`,
      n(kindMisses),
      n(results),
      KIND_MISS_PCT,
      true,
    ),
  ];
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

/** The latency figure: median of `runs` analyses of a 10 s stereo file in a worker thread. */
async function latencyFigures(samples: PlannedSample[], runs: number): Promise<Figure[]> {
  const channels = tenSecondFile(samples);
  return measureWithRetries(async () => {
    const times = await runInWorker<number[]>({ type: 'time', channels, sampleRate: 44100, runs });
    // The first run includes compiling the code; a worker analysing files runs warm after one.
    return [
      ratioFigure(
        'analysis: 10 s stereo 44.1 kHz file (median)',
        median(times.slice(1)),
        'ms',
        LATENCY_LIMIT_MS,
        1,
      ),
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
