import type { RenderJob } from '../synth/render-sample.ts';
import type { RenderResult } from './sample-files.ts';
import { startWorkerPool } from '../worker-pool.ts';

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
export function startRenderPool(size?: number): RenderPool {
  const pool = startWorkerPool<WorkerTask>(new URL('./render.worker.ts', import.meta.url), size);
  return {
    render: (job, options) =>
      pool.run({ type: 'render', job, audition: options?.audition ?? true }),
    audition: (wavPath) => pool.run({ type: 'audition', wavPath }),
    close: () => pool.close(),
  };
}
