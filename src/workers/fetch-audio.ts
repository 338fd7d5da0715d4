import { AudioError } from '../shared/audio/audio-errors.ts';
import type { AudioJob } from '../shared/audio/worker-protocol.ts';
import { PLAY_HEADERS } from '../shared/audio/protocol.ts';
import { ERROR_MESSAGE_HEADER } from '../shared/errors.ts';

/** The fetched body plus the headers the decrypt step needs. */
interface FetchedAudio {
  bytes: Uint8Array;
  encryptedKey: string | null;
  iv: string | null;
}

/** The first bytes of a body while the rest still arrives (progressive playback). */
export interface BodyPrefix {
  /** The bytes received so far (at least `prefixBytes`); never written to afterwards. */
  bytes: Uint8Array;
  /** Length of the whole body (Content-Length). */
  total: number;
  /** Milliseconds from the response headers to these bytes (to estimate the rest's arrival). */
  elapsedMs: number;
  encryptedKey: string | null;
  iv: string | null;
}

/** What `fetchAudio` reports while a body of known length streams in. */
export interface BodyWatcher {
  /** Called with the key headers of a 2xx answer, before its body is read. */
  onHeaders?: (encryptedKey: string | null, iv: string | null) => void;
  /**
   * Body bytes that must be in before `onPrefix` is called (once), asked once with the first
   * read's bytes (so it can depend on the format they show).
   */
  prefixBytes?: (head: Uint8Array) => number;
  onPrefix?: (prefix: BodyPrefix) => void;
  /**
   * Called after every read with the body's buffer (Content-Length bytes, filled in place) and
   * how many bytes have arrived; an exception here is the caller's bug and breaks the read off.
   */
  onRead?: (body: Uint8Array, length: number) => void;
  /** The buffer the body is read into (default: a new one); its bytes are written over. */
  allocate?: (total: number) => Uint8Array;
}

/**
 * Fetches the job's URL with its bearer token and key id. Failures are typed: ABORTED,
 * NETWORK, UNKNOWN_CLIENT_KEY (the gateway forgot this device's key: re-register once) or HTTP.
 * With `watcher` and a known, uncompressed length, the body is streamed into one buffer of that
 * length, and the watcher sees it fill while the rest is on the way.
 */
export async function fetchAudio(
  job: AudioJob,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
  watcher?: BodyWatcher,
): Promise<FetchedAudio> {
  const headers: Record<string, string> = { ...job.headers };
  if (job.accessToken) headers.authorization = `Bearer ${job.accessToken}`;
  if (job.keyId) headers[PLAY_HEADERS.clientKeyId] = job.keyId;
  let response: Response;
  try {
    response = await fetchImpl(job.url, { headers, signal, cache: 'no-store' });
  } catch (error) {
    if (signal.aborted) throw new AudioError('ABORTED', 'the request was cancelled');
    throw new AudioError('NETWORK', `network error: ${(error as Error)?.message ?? error}`);
  }
  if (!response.ok) throw await httpError(response);
  const encryptedKey = response.headers.get(PLAY_HEADERS.encryptedKey);
  const iv = response.headers.get(PLAY_HEADERS.iv);
  watcher?.onHeaders?.(encryptedKey, iv);
  // Content-Length counts encoded bytes: a compressed body cannot be preallocated.
  const total = response.headers.has('content-encoding')
    ? Number.NaN
    : Number(response.headers.get('content-length') ?? Number.NaN);
  let bytes: Uint8Array;
  try {
    bytes =
      watcher && response.body && Number.isSafeInteger(total) && total > 0
        ? await readStreaming(response.body, total, watcher, (received, elapsedMs) =>
            watcher.onPrefix?.({ bytes: received, total, elapsedMs, encryptedKey, iv }),
          )
        : new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (signal.aborted) throw new AudioError('ABORTED', 'the request was cancelled');
    if (error instanceof AudioError) throw error;
    throw new AudioError('NETWORK', `the body broke off: ${(error as Error)?.message ?? error}`);
  }
  return { bytes, encryptedKey, iv };
}

/**
 * Reads a body of `total` bytes into one buffer, telling `watcher.onRead` after each read; once
 * `watcher.prefixBytes` are in (and the body is longer), calls `onPrefix` with what has arrived
 * (possibly the whole body).
 */
async function readStreaming(
  body: ReadableStream<Uint8Array>,
  total: number,
  watcher: BodyWatcher,
  onPrefix: (received: Uint8Array, elapsedMs: number) => void,
): Promise<Uint8Array> {
  const started = performance.now();
  const out = watcher.allocate?.(total) ?? new Uint8Array(total);
  const reader = body.getReader();
  let prefixBytes: number | undefined;
  let length = 0;
  let told = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (length + value.length > total)
        throw new AudioError('NETWORK', `the body is longer than its Content-Length (${total})`);
      out.set(value, length);
      length += value.length;
      watcher.onRead?.(out, length);
      prefixBytes ??= watcher.prefixBytes?.(out.subarray(0, length)) ?? Number.POSITIVE_INFINITY;
      if (!told && total > prefixBytes && length >= prefixBytes) {
        // Also when the whole body came in one read: a short preview still sounds sooner than
        // decrypting and decoding the whole file first.
        told = true;
        onPrefix(out.subarray(0, length), performance.now() - started);
      }
    }
  } catch (error) {
    // Stop the download too (a failed read has already ended it; this is then a no-op).
    void reader.cancel().catch(() => {});
    throw error;
  }
  if (length !== total)
    throw new AudioError('NETWORK', `the body broke off after ${length} of ${total} bytes`);
  return out;
}

async function httpError(response: Response): Promise<AudioError> {
  const header = response.headers.get(ERROR_MESSAGE_HEADER);
  let errorCode: string | undefined;
  let msg = header ? safeDecode(header) : '';
  try {
    const body = (await response.json()) as { errorCode?: string; msg?: string };
    errorCode = body.errorCode;
    msg ||= body.msg ?? '';
  } catch {
    // Not a JSON envelope: the status says enough.
  }
  const message = msg || `HTTP ${response.status}`;
  if (errorCode === 'UNKNOWN_CLIENT_KEY')
    return new AudioError('UNKNOWN_CLIENT_KEY', message, response.status);
  return new AudioError('HTTP', message, response.status);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
