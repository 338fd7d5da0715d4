import * as Comlink from 'comlink';
import { AudioError, isAudioErrorInfo } from '../shared/audio/audio-errors.ts';
import type {
  AnalyseOptions,
  AudioJob,
  AudioJobOutcome,
  AudioWorkerApi,
  FileAnalysisOutcome,
  FirstChunk,
} from '../shared/audio/worker-protocol.ts';
import { analyseFile } from './analyse-file.ts';
import { runAudioJob } from './audio-pipeline.ts';
import { warmMp3 } from '../wasm/mpg123/decode-mp3.ts';
import { decodeWithFfmpeg } from './decode-ffmpeg.ts';
import { SplitPolicy } from '../wasm/split-policy.ts';
import { createDecodeHelper } from './decode-helper.ts';
import { SparePlanes } from './spare-planes.ts';

const running = new Map<string, AbortController>();

// Output planes made and page-touched while idle, for the streamed WAVs (the pipeline prepares
// those) and for FLAC and MP3 (prepared here after each): first writes to fresh planes cost
// 1.4–3.5 ms for a 10 s stereo file.
const sparePlanes = new SparePlanes();
const takePlane = (frames: number) => sparePlanes.take(frames);

// A second thread for the other half of a large MP3 or FLAC (started on first use), used while
// it is measured to pay.
const splitPolicy = new SplitPolicy();
const decodeSegment = createDecodeHelper({
  spawn: () =>
    new Worker(new URL('./decode-helper.worker.ts', import.meta.url), {
      type: 'module',
      name: 'yinku-decode-helper',
    }),
});

// The pool worker: each load runs fetch → decrypt → decode → peaks; cancel aborts by job id.
const api: AudioWorkerApi<CryptoKey> = {
  async load(
    job: AudioJob<CryptoKey>,
    onFirstChunk?: (chunk: FirstChunk) => void,
  ): Promise<AudioJobOutcome> {
    const controller = new AbortController();
    running.set(job.jobId, controller);
    try {
      const result = await runAudioJob(job, controller.signal, {
        fallback: decodeWithFfmpeg,
        decodeSegment,
        splitPolicy,
        sparePlanes,
        takePlane,
        onChunk: onFirstChunk && firstChunkSender(onFirstChunk),
      });
      const decodedHere = result.format === 'flac' || result.format === 'mp3';
      sparePlanes.prepareLikeLast(decodedHere ? result.channels.length : 0);
      const outcome: AudioJobOutcome = { ok: true, result };
      // Hand the planes over without copying them.
      return Comlink.transfer(outcome, [
        ...result.channels.map((p) => p.buffer as ArrayBuffer),
        result.peaks.buffer as ArrayBuffer,
      ]);
    } catch (error) {
      return { ok: false, error: errorInfo(error) };
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
  async analyse(bytes: ArrayBuffer, options?: AnalyseOptions): Promise<FileAnalysisOutcome> {
    try {
      const result = await analyseFile(new Uint8Array(bytes), {
        wholeBars: options?.wholeBars,
        decodeSegment,
        splitPolicy,
        takePlane,
      });
      // Copied, not transferred: the embedding is small and may view the analyser's own buffer.
      return { ok: true, result };
    } catch (error) {
      return { ok: false, error: errorInfo(error) };
    }
  },
  warm: () => warmMp3(),
};

/** Any failure as the plain shape that crosses the boundary (an unknown one is a DECODE). */
function errorInfo(error: unknown) {
  const e = isAudioErrorInfo(error)
    ? error
    : new AudioError('DECODE', String((error as Error)?.message ?? error));
  return { code: e.code, message: e.message, status: e.status };
}

/** Sends the first slice (copied: the decoder keeps its planes for the full result), once. */
function firstChunkSender(send: (chunk: FirstChunk) => void) {
  let sent = false;
  return (planes: Float32Array[], sampleRate: number, fraction: number) => {
    // A file decoded in a single slice gains nothing from a preview.
    if (sent || fraction >= 1) return;
    sent = true;
    const copies = planes.map((p) => p.slice());
    const chunk = {
      planes: copies,
      sampleRate,
      estimatedDuration: copies[0]!.length / sampleRate / fraction,
    };
    void Promise.resolve(
      send(
        Comlink.transfer(
          chunk,
          copies.map((c) => c.buffer),
        ),
      ),
    ).catch(() => {});
  };
}

Comlink.expose(api);
