// Worker-thread entry of analysis.bench.ts: renders demo-library jobs and analyses them, or times
// the analysis of one file, off the main thread as the gateway's seeding will.
import { parentPort } from 'node:worker_threads';
import { analyseSound, keyToLabel } from '../src/analysis/index.ts';
import { renderChannels, type RenderJob } from '../server/synth/render-sample.ts';

/** A task: analyse the rendered jobs, or time `runs` analyses of the given PCM. */
export type AnalysisTask =
  | { type: 'jobs'; jobs: RenderJob[] }
  | { type: 'time'; channels: Float32Array[]; sampleRate: number; runs: number };

/** What the analysis said about one job. */
export interface JobVerdict {
  bpm: number | null;
  key: string | null;
  kind: 'oneshot' | 'loop';
  embedding: Float32Array;
}

/** One timed analysis (ms): wall-clock, and the CPU time of this thread alone. */
export interface Timing {
  wall: number;
  cpu: number;
}

parentPort?.on('message', ({ id, task }: { id: number; task: AnalysisTask }) => {
  try {
    if (task.type === 'jobs') {
      const verdicts: JobVerdict[] = task.jobs.map((job) => {
        const a = analyseSound({ channels: renderChannels(job), sampleRate: job.sampleRate });
        return {
          bpm: a.bpm,
          key: a.key && keyToLabel(a.key),
          kind: a.kind,
          embedding: a.embedding,
        };
      });
      parentPort?.postMessage({ id, result: verdicts });
    } else {
      const times: Timing[] = [];
      for (let r = 0; r < task.runs; r++) {
        const started = performance.now();
        const cpu = process.threadCpuUsage();
        analyseSound({ channels: task.channels, sampleRate: task.sampleRate });
        const used = process.threadCpuUsage(cpu);
        times.push({ wall: performance.now() - started, cpu: (used.user + used.system) / 1000 });
      }
      parentPort?.postMessage({ id, result: times });
    }
  } catch (error) {
    parentPort?.postMessage({ id, error: String((error as Error).stack ?? error) });
  }
});
