import * as Comlink from 'comlink';
import { AudioError, isAudioErrorInfo } from '../shared/audio/audio-errors.ts';
import type { AudioJob, AudioJobOutcome } from '../shared/audio/worker-protocol.ts';
import { runAudioJob } from './audio-pipeline.ts';
import { decodeWithFfmpeg } from './decode-ffmpeg.ts';

const running = new Map<string, AbortController>();

/** The pool worker's API: load a job (fetch → … → PCM + peaks), cancel one by id. */
const api = {
  /** Runs a job; the outcome is a plain object (errors keep their code across the boundary). */
  async load(job: AudioJob): Promise<AudioJobOutcome> {
    const controller = new AbortController();
    running.set(job.jobId, controller);
    try {
      const result = await runAudioJob(job, controller.signal, { fallback: decodeWithFfmpeg });
      const outcome: AudioJobOutcome = { ok: true, result };
      // Hand the planes over without copying them.
      return Comlink.transfer(outcome, [
        ...result.channels.map((p) => p.buffer as ArrayBuffer),
        result.peaks.buffer as ArrayBuffer,
      ]);
    } catch (error) {
      const e = isAudioErrorInfo(error)
        ? error
        : new AudioError('DECODE', String((error as Error)?.message ?? error));
      return { ok: false, error: { code: e.code, message: e.message, status: e.status } };
    } finally {
      running.delete(job.jobId);
    }
  },
  /** Aborts the job with this id, if it is still running here. */
  cancel(jobId: string): void {
    running.get(jobId)?.abort();
  },
  /** Jobs in flight in this worker (tests, pool sizing). */
  activeJobs(): number {
    return running.size;
  },
};

/** The type the pool wraps with Comlink. */
export type AudioWorkerApi = typeof api;

Comlink.expose(api);
