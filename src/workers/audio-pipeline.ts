import { AudioError } from '../shared/audio/audio-errors.ts';
import { AES_TAG_BYTES } from '../shared/audio/protocol.ts';
import type { AudioJob, AudioJobResult } from '../shared/audio/worker-protocol.ts';
import { DEFAULTS } from '../shared/constants.ts';
import { decodeAudio, type DecodeOptions } from '../wasm/decode-audio.ts';
import { findTruncation } from '../wasm/find-truncation.ts';
import { computePeaks } from '../wasm/pcm/compute-peaks.ts';
import { WavStream } from '../wasm/pcm/stream-wav.ts';
import { sniffFormat } from '../wasm/sniff-format.ts';
import { decryptAudio, decryptPrefix, unwrapAudioKey, type AudioKey } from './decrypt-audio.ts';
import { BodyBuffers } from './body-buffers.ts';
import { SparePlanes } from './spare-planes.ts';
import { fetchAudio, type BodyPrefix, type BodyWatcher } from './fetch-audio.ts';

/** What the pipeline may borrow from its host (the worker, or a test). */
interface PipelineDeps extends DecodeOptions {
  fetch?: typeof fetch;
  /** Where bodies are read into (default: this thread's). */
  bodyBuffers?: BodyBuffers;
  /** Where a streamed WAV's planes come from (default: this thread's). */
  sparePlanes?: SparePlanes;
}

/** This thread's body buffers, reused from job to job. */
const threadBodyBuffers = new BodyBuffers();

/** This thread's planes, made ahead for the next WAV. */
const threadSparePlanes = new SparePlanes();

/** Body bytes that must have arrived before a preview is made (93 ms of CD-quality WAV). */
export const PREVIEW_BYTES = 16 * 1024;

/** At most this much of what has arrived is previewed (186 ms of CD-quality WAV): more only delays it. */
const PREVIEW_MAX_BYTES = 32 * 1024;

/**
 * An MP3 preview decodes its first 8 KB: 0.34 s at 192 kbit/s, 1 s of a 64 kbit/s audition. A
 * plain one starts as soon as they are in; an encrypted body's format is only known decrypted.
 */
const MP3_PREVIEW_BYTES = 8 * 1024;

/**
 * One job: fetch → unwrap + AES-GCM decrypt (encrypted mode) → reject < 1024 bytes → sniff →
 * decode → peaks (and the truncation check, `findTruncation`). Throws AudioError only; checks `signal` between stages so a cancelled job
 * stops early and ends as ABORTED. A plain WAV of known length is decoded while it downloads
 * (`WavStream`: only the last read is left after the last byte); anything else, or a WAV the
 * stream gave up on, is decoded whole. With `deps.onChunk`, a WAV or MP3 whose first bytes arrive
 * well ahead of the rest is previewed from them (see `previewPrefix`) while the rest arrives.
 */
export async function runAudioJob(
  job: AudioJob<CryptoKey>,
  signal: AbortSignal,
  deps: PipelineDeps = {},
): Promise<AudioJobResult> {
  const t0 = performance.now();
  const peakCount = job.peaks ?? DEFAULTS.spectrumPeaks;
  let key: Promise<AudioKey> | undefined;
  // Unwrapped once, starting as soon as the headers are in when a preview may need it.
  const keyFor = (encryptedKey: string | null, iv: string | null) =>
    (key ??= unwrapAudioKey(encryptedKey, iv, job.privateKey));
  const onChunk = deps.onChunk;
  let preview: Promise<boolean> = Promise.resolve(false);
  const buffers = deps.bodyBuffers ?? threadBodyBuffers;
  const planes = deps.sparePlanes ?? threadSparePlanes;
  let received: Uint8Array | undefined;
  let wav: WavStream | undefined;
  const watcher: BodyWatcher = {
    allocate: (total) => (received = buffers.take(total)),
    // An encrypted body is only known to be genuine once its whole GCM tag checks: decoded after.
    onRead:
      job.mode === 'plain'
        ? (body, length) => {
            wav ??= new WavStream(body.length, peakCount, (frames) => planes.take(frames));
            wav.feed(body, length);
          }
        : undefined,
    ...(onChunk && {
      // A plain MP3 is previewed from its first 8 KB, so it need not wait for 16 (~1 ms here).
      prefixBytes: (head: Uint8Array) =>
        job.mode === 'plain' && sniffFormat(head) === 'mp3' ? MP3_PREVIEW_BYTES : PREVIEW_BYTES,
      // A failure here is reported where the key is awaited (preview, then the full decrypt).
      onHeaders: (encryptedKey: string | null, iv: string | null) =>
        void (job.mode === 'encrypted' && keyFor(encryptedKey, iv).catch(() => {})),
      onPrefix: (prefix: BodyPrefix) => {
        preview = previewPrefix(prefix, job, keyFor, signal, onChunk).catch(() => false);
      },
    }),
  };
  try {
    const fetched = await fetchAudio(job, signal, deps.fetch, watcher);
    const t1 = performance.now();
    checkAborted(signal);
    const bytes =
      job.mode === 'encrypted'
        ? await decryptAudio(fetched.bytes, await keyFor(fetched.encryptedKey, fetched.iv))
        : fetched.bytes;
    const t2 = performance.now();
    checkAborted(signal);
    validateAudioBytes(bytes);
    // The preview is done first: it may be using this thread's MP3 decoder.
    const previewed = await preview;
    const streamed = wav?.finish();
    const pcm =
      streamed?.pcm ??
      (await decodeAudio(bytes, { ...deps, onChunk: previewed ? undefined : onChunk }));
    checkAborted(signal);
    const peaks = streamed?.peaks ?? computePeaks(pcm.channels, peakCount);
    if (streamed) planes.prepare(pcm.channels.length, pcm.frames);
    // The whole body is here: a file shorter than its header says plays, and says so.
    const truncated = findTruncation(bytes, pcm);
    return {
      ...pcm,
      ...(truncated && { truncated }),
      jobId: job.jobId,
      peaks,
      timings: { fetch: t1 - t0, decrypt: t2 - t1, decode: performance.now() - t2 },
    };
  } finally {
    // Reused once the preview (the only reader that may still run) is done with it.
    const done = received;
    if (done) void preview.then(() => buffers.give(done));
  }
}

/**
 * Decodes a body's first bytes (an encrypted one through AES-CTR, unauthenticated until the
 * whole body's GCM tag is checked) and hands the planes to `onChunk`; true when it did. Only
 * WAV (every whole frame of the first 32 KB) and MP3 (the first 8 KB) are previewed, and only when the
 * preview, played at `job.previewRate` (a synced stretch plays it faster), lasts at least twice as
 * long as the rest should take to arrive at the rate seen so far — so a slow link waits for the
 * whole file instead of running out of preview.
 */
async function previewPrefix(
  prefix: BodyPrefix,
  job: AudioJob<CryptoKey>,
  keyFor: (encryptedKey: string | null, iv: string | null) => Promise<AudioKey>,
  signal: AbortSignal,
  onChunk: NonNullable<DecodeOptions['onChunk']>,
): Promise<boolean> {
  const encrypted = job.mode === 'encrypted';
  // A body that fits in a preview or two is decoded whole at once instead.
  if (prefix.total <= 2 * PREVIEW_MAX_BYTES) return false;
  const head = prefix.bytes.subarray(0, PREVIEW_MAX_BYTES);
  const received = encrypted
    ? await decryptPrefix(head, prefix.total, await keyFor(prefix.encryptedKey, prefix.iv))
    : head;
  const format = sniffFormat(received);
  if (signal.aborted || (format !== 'wav' && format !== 'mp3')) return false;
  const plain = format === 'mp3' ? received.subarray(0, MP3_PREVIEW_BYTES) : received;
  const pcm = await decodeAudio(plain);
  const previewS = pcm.frames / pcm.sampleRate / (job.previewRate ?? 1);
  const restS =
    ((prefix.total - prefix.bytes.length) * prefix.elapsedMs) / prefix.bytes.length / 1000;
  if (signal.aborted || previewS < 2 * restS) return false;
  const whole = prefix.total - (encrypted ? AES_TAG_BYTES : 0);
  onChunk(pcm.channels, pcm.sampleRate, plain.length / whole);
  return true;
}

/** docs/PRODUCT.md §5: audio data that is empty or under 1024 bytes is invalid. */
function validateAudioBytes(bytes: Uint8Array): void {
  if (bytes.length < DEFAULTS.minAudioBytes)
    throw new AudioError(
      'INVALID_AUDIO',
      `audio data of ${bytes.length} bytes (minimum ${DEFAULTS.minAudioBytes})`,
    );
}

function checkAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AudioError('ABORTED', 'the request was cancelled');
}
