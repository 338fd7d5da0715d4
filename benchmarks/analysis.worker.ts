// Worker-thread entry of analysis.bench.ts: renders demo-library jobs and analyses them, or times
// the analysis of one file, off the main thread as the gateway's seeding will.
import { parentPort } from 'node:worker_threads';
import { analyseSound, keyToLabel } from '../src/analysis/index.ts';
import { renderChannels, type RenderJob } from '../server/seed/render-sample.ts';

/** A task: analyse the rendered jobs, or time `runs` analyses of the given PCM. */
export type AnalysisTask =
  | { type: 'jobs'; jobs: RenderJob[] }
  | { type: 'time'; channels: Float32Array[]; sampleRate: number; runs: number };

/** What the analysis said about one job. */
export interface JobVerdict {
  bpm: number | null;
  key: string | null;
  kind: 'oneshot' | 'loop';
}

parentPort?.on('message', ({ id, task }: { id: number; task: AnalysisTask }) => {
  try {
    if (task.type === 'jobs') {
      const verdicts: JobVerdict[] = task.jobs.map((job) => {
        const a = analyseSound({ channels: renderChannels(job), sampleRate: job.sampleRate });
        return { bpm: a.bpm, key: a.key && keyToLabel(a.key), kind: a.kind };
      });
      parentPort?.postMessage({ id, result: verdicts });
    } else {
      const times: number[] = [];
      for (let r = 0; r < task.runs; r++) {
        const started = performance.now();
        analyseSound({ channels: task.channels, sampleRate: task.sampleRate });
        times.push(performance.now() - started);
      }
      parentPort?.postMessage({ id, result: times });
    }
  } catch (error) {
    parentPort?.postMessage({ id, error: String((error as Error).stack ?? error) });
  }
});
