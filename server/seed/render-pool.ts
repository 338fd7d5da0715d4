import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { RenderJob, RenderResult } from './render-sample.ts';

/** A pool of worker threads rendering samples in parallel. */
export interface RenderPool {
  render(job: RenderJob): Promise<RenderResult>;
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
    { resolve: (r: RenderResult) => void; reject: (e: Error) => void; worker: Worker }
  >();
  const load = new Map<Worker, number>(workers.map((w) => [w, 0]));
  let nextId = 1;
  for (const worker of workers) {
    worker.on('message', (message: { id: number; result?: RenderResult; error?: string }) => {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      load.set(worker, (load.get(worker) ?? 1) - 1);
      if (message.result) entry.resolve(message.result);
      else entry.reject(new Error(`render failed: ${message.error}`));
    });
    worker.on('error', (error) => {
      for (const [id, entry] of pending)
        if (entry.worker === worker) {
          pending.delete(id);
          entry.reject(error);
        }
    });
  }
  return {
    render(job) {
      // Least-loaded worker: jobs differ a lot in length (0.2 s hats, 8 s loops).
      const worker = workers.reduce((a, b) => ((load.get(a) ?? 0) <= (load.get(b) ?? 0) ? a : b));
      load.set(worker, (load.get(worker) ?? 0) + 1);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, worker });
        worker.postMessage({ id, job });
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
