import * as Comlink from 'comlink';
import { AudioError } from '../../../shared/audio/audio-errors.ts';
import type {
  AnalyseOptions,
  AudioJob,
  AudioJobResult,
  AudioWorkerApi,
  FileAnalysis,
  FirstChunk,
} from '../../../shared/audio/worker-protocol.ts';

/** Options of the pool. */
interface PoolOptions {
  /** Workers at most; default 2–4 from hardwareConcurrency. */
  size?: number;
  /** Idle time after which every worker is terminated (ms). */
  idleMs?: number;
  /** Makes a worker (tests inject their own). */
  spawn?: () => Worker;
}

interface Slot {
  worker: Worker;
  api: Comlink.Remote<AudioWorkerApi<CryptoKey>>;
  jobs: Set<string>;
}

interface Pending {
  slot: Slot;
  reject: (error: AudioError) => void;
}

/** 2 on a 2-core machine, one per two cores above that, never more than 4. */
export function defaultPoolSize(cores = globalThis.navigator?.hardwareConcurrency ?? 2): number {
  return Math.min(4, Math.max(2, Math.floor(cores / 2)));
}

/** The audio worker, by URL so Vite bundles it as a module worker. */
function spawnAudioWorker(): Worker {
  return new Worker(new URL('../../../workers/audio.worker.ts', import.meta.url), {
    type: 'module',
    name: 'yinku-audio',
  });
}

/**
 * A lazily started pool of Comlink module workers running the audio pipeline. Jobs go to the
 * least busy worker (a new one is started while under the size); `cancel(jobId)` aborts a job
 * and rejects it at once with ABORTED; a crashed worker fails its jobs with DECODE and is
 * replaced on demand; all workers stop after `idleMs` without work.
 */
export class AudioWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<string, Pending>();
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private analyses = 0;
  readonly size: number;
  private readonly idleMs: number;
  private readonly spawn: () => Worker;

  constructor(options: PoolOptions = {}) {
    this.size = options.size ?? defaultPoolSize();
    this.idleMs = options.idleMs ?? 30_000;
    this.spawn = options.spawn ?? spawnAudioWorker;
  }

  /** Workers currently running. */
  get workerCount(): number {
    return this.slots.length;
  }

  /**
   * Runs a job; resolves with PCM planes (transferred) or rejects with an AudioError.
   * `onFirstChunk` gets the first slice early when the file decodes progressively (MP3).
   */
  load(
    job: AudioJob<CryptoKey>,
    onFirstChunk?: (chunk: FirstChunk) => void,
  ): Promise<AudioJobResult> {
    this.cancelIdle();
    const slot = this.pick();
    slot.jobs.add(job.jobId);
    return new Promise<AudioJobResult>((resolve, reject) => {
      this.pending.set(job.jobId, { slot, reject });
      slot.api.load(job, onFirstChunk && Comlink.proxy(onFirstChunk)).then(
        (outcome) => {
          if (!this.settle(job.jobId, slot)) return;
          if (outcome.ok) resolve(outcome.result);
          else
            reject(new AudioError(outcome.error.code, outcome.error.message, outcome.error.status));
        },
        (error: unknown) => {
          if (!this.settle(job.jobId, slot)) return;
          reject(
            new AudioError('DECODE', `audio worker failed: ${(error as Error)?.message ?? error}`),
          );
        },
      );
    });
  }

  /**
   * Decodes and analyses a local file's bytes (transferred: the caller's buffer is emptied) in
   * the least busy worker; resolves with the sound's measures and embedding or rejects with an
   * AudioError (search by sound, docs/SOUNDS.md). A crashed worker rejects it with DECODE.
   */
  analyse(bytes: ArrayBuffer, options?: AnalyseOptions): Promise<FileAnalysis> {
    this.cancelIdle();
    const slot = this.pick();
    const jobId = `analyse-${++this.analyses}`;
    slot.jobs.add(jobId);
    return new Promise<FileAnalysis>((resolve, reject) => {
      this.pending.set(jobId, { slot, reject });
      slot.api.analyse(Comlink.transfer(bytes, [bytes]), options).then(
        (outcome) => {
          if (!this.settle(jobId, slot)) return;
          if (outcome.ok) resolve(outcome.result);
          else reject(new AudioError(outcome.error.code, outcome.error.message));
        },
        (error: unknown) => {
          if (!this.settle(jobId, slot)) return;
          reject(
            new AudioError('DECODE', `audio worker failed: ${(error as Error)?.message ?? error}`),
          );
        },
      );
    });
  }

  /**
   * Starts the workers now (each loads its module and its MP3 decoder), so the first play after a
   * page load does not wait for them; they stop after the idle time like any other.
   */
  warm(): void {
    while (this.slots.length < this.size)
      void this.start()
        .api.warm()
        .catch(() => {});
    if (this.pending.size === 0) this.scheduleIdle();
  }

  /** Aborts a job: the worker stops it, the caller's promise rejects with ABORTED now. */
  cancel(jobId: string): void {
    const pending = this.pending.get(jobId);
    if (!pending) return;
    this.settle(jobId, pending.slot);
    void pending.slot.api.cancel(jobId).catch(() => {});
    pending.reject(new AudioError('ABORTED', 'the request was cancelled'));
  }

  /** Terminates every worker; jobs in flight reject with ABORTED. */
  terminate(): void {
    for (const id of this.pending.keys()) this.cancel(id);
    for (const slot of this.slots.splice(0)) this.kill(slot);
    this.cancelIdle();
  }

  private pick(): Slot {
    const free = this.slots.reduce<Slot | null>(
      (best, s) => (!best || s.jobs.size < best.jobs.size ? s : best),
      null,
    );
    if (free && (free.jobs.size === 0 || this.slots.length >= this.size)) return free;
    return this.start();
  }

  /** Starts one more worker, its MP3 decoder made at once (its first job shares it). */
  private start(): Slot {
    const worker = this.spawn();
    const slot: Slot = {
      worker,
      api: Comlink.wrap<AudioWorkerApi<CryptoKey>>(worker),
      jobs: new Set(),
    };
    // A worker made for a job compiled mpg123's WASM in that job: ~100 ms of an audition's
    // click → sound on a busy machine (benchmarks/README.md "The real path").
    void Promise.resolve(slot.api.warm?.()).catch(() => {});
    // A worker that dies (out of memory, a WASM abort) fails its jobs and leaves the pool.
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.crash(slot, event.message || 'worker error');
    });
    this.slots.push(slot);
    return slot;
  }

  private crash(slot: Slot, message: string): void {
    const index = this.slots.indexOf(slot);
    // A dead worker may report more errors: handle the first one only.
    if (index < 0) return;
    this.slots.splice(index, 1);
    for (const id of slot.jobs) {
      const pending = this.pending.get(id);
      this.settle(id, slot);
      pending?.reject(new AudioError('DECODE', `audio worker crashed: ${message}`));
    }
    // Its endpoint is gone: terminate without the Comlink release handshake.
    slot.worker.terminate();
  }

  /** Forgets a job; false when it was already settled (cancelled or crashed). */
  private settle(jobId: string, slot: Slot): boolean {
    slot.jobs.delete(jobId);
    const known = this.pending.delete(jobId);
    if (this.pending.size === 0) this.scheduleIdle();
    return known;
  }

  private kill(slot: Slot): void {
    try {
      void Promise.resolve(slot.api[Comlink.releaseProxy]()).catch(() => {});
    } catch {
      // Already released.
    }
    slot.worker.terminate();
  }

  private scheduleIdle(): void {
    this.cancelIdle();
    this.idleTimer = setTimeout(() => {
      if (this.pending.size === 0) for (const slot of this.slots.splice(0)) this.kill(slot);
    }, this.idleMs);
  }

  private cancelIdle(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
