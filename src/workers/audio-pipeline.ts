import { AudioError } from '../shared/audio/audio-errors.ts';
import type { AudioJob, AudioJobResult } from '../shared/audio/worker-protocol.ts';
import { DEFAULTS } from '../shared/constants.ts';
import { decodeAudio, type DecodeOptions } from '../wasm/decode-audio.ts';
import { computePeaks } from '../wasm/pcm/compute-peaks.ts';
import { decryptAudio } from './decrypt-audio.ts';
import { fetchAudio } from './fetch-audio.ts';

/** What the pipeline may borrow from its host (the worker, or a test). */
export interface PipelineDeps extends DecodeOptions {
  fetch?: typeof fetch;
}

/**
 * One job: fetch → unwrap + AES-GCM decrypt (encrypted mode) → reject < 1024 bytes → sniff →
 * decode → peaks. Throws AudioError only; checks `signal` between stages so a cancelled job
 * stops early and ends as ABORTED.
 */
export async function runAudioJob(
  job: AudioJob<CryptoKey>,
  signal: AbortSignal,
  deps: PipelineDeps = {},
): Promise<AudioJobResult> {
  const t0 = performance.now();
  const fetched = await fetchAudio(job, signal, deps.fetch);
  const t1 = performance.now();
  checkAborted(signal);
  const bytes =
    job.mode === 'encrypted'
      ? await decryptAudio(fetched.bytes, fetched.encryptedKey, fetched.iv, job.privateKey)
      : fetched.bytes;
  const t2 = performance.now();
  checkAborted(signal);
  validateAudioBytes(bytes);
  const pcm = await decodeAudio(bytes, deps);
  checkAborted(signal);
  const peaks = computePeaks(pcm.channels, job.peaks ?? DEFAULTS.spectrumPeaks);
  return {
    ...pcm,
    jobId: job.jobId,
    peaks,
    timings: { fetch: t1 - t0, decrypt: t2 - t1, decode: performance.now() - t2 },
  };
}

/** SPEC §5: audio data that is empty or under 1024 bytes is invalid. */
export function validateAudioBytes(bytes: Uint8Array): void {
  if (bytes.length < DEFAULTS.minAudioBytes)
    throw new AudioError(
      'INVALID_AUDIO',
      `audio data of ${bytes.length} bytes (minimum ${DEFAULTS.minAudioBytes})`,
    );
}

function checkAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AudioError('ABORTED', 'the request was cancelled');
}
