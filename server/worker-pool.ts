// The one worker-thread pool of the gateway: seeding's render workers, the analysis workers and
// the song worker all speak the same `{ id, task }` → `{ id, result | error }` protocol, the pool
// side here (startWorkerPool) and the worker side too (serveTasks).
import { availableParallelism } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';

/** A pool of worker threads answering `{ id, task }` messages with `{ id, result | error }`. */
export interface WorkerPool<Task> {
  /** Runs a task on the least-loaded worker; `transfer` moves buffers instead of copying them. */
  run<T>(task: Task, transfer?: ArrayBuffer[]): Promise<T>;
  close(): Promise<void>;
}

/** Starts `size` workers of the module at `url` (default: the core count, at most 4). */
export function startWorkerPool<Task>(
  url: URL,
  size = Math.min(4, availableParallelism()),
): WorkerPool<Task> {
  const workers = Array.from({ length: Math.max(1, size) }, () => new Worker(url));
  const pending = new Map<
    number,
    { resolve: (r: never) => void; reject: (e: Error) => void; worker: Worker }
  >();
  const load = new Map<Worker, number>(workers.map((w) => [w, 0]));
  let nextId = 1;
  /** Rejects every task `worker` still holds: it failed or is gone, so no answer will come. */
  const failAll = (worker: Worker, error: Error): void => {
    for (const [id, entry] of pending)
      if (entry.worker === worker) {
        pending.delete(id);
        entry.reject(error);
      }
  };
  for (const worker of workers) {
    worker.on('message', (message: { id: number; result?: never; error?: string }) => {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      load.set(worker, (load.get(worker) ?? 1) - 1);
      if (message.error === undefined) entry.resolve(message.result as never);
      else entry.reject(new Error(`worker failed: ${message.error}`));
    });
    worker.on('error', (error) => failAll(worker, error));
    // A worker terminated (close) or crashed while a task was out: that task will never answer.
    worker.on('exit', (code) => failAll(worker, new Error(`worker exited with code ${code}`)));
  }
  return {
    run<T>(task: Task, transfer: ArrayBuffer[] = []): Promise<T> {
      // Least-loaded worker: tasks differ a lot in length (0.2 s hats, 8 s loops).
      const worker = workers.reduce((a, b) => ((load.get(a) ?? 0) <= (load.get(b) ?? 0) ? a : b));
      load.set(worker, (load.get(worker) ?? 0) + 1);
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (r: never) => void, reject, worker });
        worker.postMessage({ id, task }, transfer);
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** A worker's answer to one task: the result and the buffers to move (not copy) with it. */
export interface TaskAnswer<T> {
  result: T;
  transfer?: ArrayBuffer[];
}

/**
 * The worker side of the pool: answers each `{ id, task }` with `handle(task)`'s result, or with
 * the error's text (an AudioError's code first: the importer reports it as the reason).
 */
export function serveTasks<Task>(
  handle: (task: Task) => TaskAnswer<unknown> | Promise<TaskAnswer<unknown>>,
): void {
  parentPort?.on('message', ({ id, task }: { id: number; task: Task }) => {
    new Promise<TaskAnswer<unknown>>((resolve) => resolve(handle(task))).then(
      ({ result, transfer }) => parentPort?.postMessage({ id, result }, transfer ?? []),
      (error: unknown) => {
        const code = (error as NodeJS.ErrnoException).code;
        const message = (error as Error).message ?? String(error);
        parentPort?.postMessage({ id, error: code ? `${code}: ${message}` : message });
      },
    );
  });
}
