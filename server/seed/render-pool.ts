import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { RenderJob, RenderResult } from './render-sample.ts';

/** A task for a render worker: render a sample, or encode the audition of a stored WAV file. */
export type WorkerTask =
  { type: 'render'; job: RenderJob; audition: boolean } | { type: 'audition'; wavPath: string };

/** A pool of worker threads rendering samples and encoding auditions in parallel. */
interface RenderPool {
  /** Renders a sample; with `audition: false` the MP3 is left for later (`mp3` is null). */
  render(job: RenderJob, options?: { audition?: boolean }): Promise<RenderResult>;
  /** Encodes the MP3 audition of the WAV file at `wavPath`. */
  audition(wavPath: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Starts `size` render workers (default: the core count, at most 4). */
export function startRenderPool(size = Math.min(4, availableParallelism())): RenderPool {
  const workers = Array.from(
    { length: Math.max(1, size) },
    () => new Worker(new URL('./render.worker.ts', import.meta.url)),
  );
  const pending = new Map<
    number,
    { resolve: (r: never) => void; reject: (e: Error) => void; worker: Worker }
  >();
  const load = new Map<Worker, number>(workers.map((w) => [w, 0]));
  let nextId = 1;
  for (const worker of workers) {
    worker.on('message', (message: { id: number; result?: never; error?: string }) => {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      load.set(worker, (load.get(worker) ?? 1) - 1);
      if (message.result) entry.resolve(message.result);
      else entry.reject(new Error(`render worker failed: ${message.error}`));
    });
    worker.on('error', (error) => {
      for (const [id, entry] of pending)
        if (entry.worker === worker) {
          pending.delete(id);
          entry.reject(error);
        }
    });
  }
  const run = <T>(task: WorkerTask): Promise<T> => {
    // Least-loaded worker: tasks differ a lot in length (0.2 s hats, 8 s loops).
    const worker = workers.reduce((a, b) => ((load.get(a) ?? 0) <= (load.get(b) ?? 0) ? a : b));
    load.set(worker, (load.get(worker) ?? 0) + 1);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (r: never) => void, reject, worker });
      worker.postMessage({ id, task });
    });
  };
  return {
    render: (job, options) => run({ type: 'render', job, audition: options?.audition ?? true }),
    audition: (wavPath) => run({ type: 'audition', wavPath }),
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
