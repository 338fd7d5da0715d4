import * as Comlink from 'comlink';
import { AudioError, isAudioErrorInfo } from '../shared/audio/audio-errors.ts';
import type { AudioJob, AudioJobOutcome, AudioWorkerApi } from '../shared/audio/worker-protocol.ts';
import { runAudioJob } from './audio-pipeline.ts';
import { decodeWithFfmpeg } from './decode-ffmpeg.ts';

const running = new Map<string, AbortController>();

// The pool worker: each load runs fetch → decrypt → decode → peaks; cancel aborts by job id.
const api: AudioWorkerApi<CryptoKey> = {
  async load(job: AudioJob<CryptoKey>): Promise<AudioJobOutcome> {
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
  cancel(jobId: string): void {
    running.get(jobId)?.abort();
  },
  activeJobs(): number {
    return running.size;
  },
};

Comlink.expose(api);
