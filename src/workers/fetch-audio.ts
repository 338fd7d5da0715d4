import { AudioError } from '../shared/audio/audio-errors.ts';
import type { AudioJob } from '../shared/audio/worker-protocol.ts';
import { PLAY_HEADERS } from '../shared/audio/protocol.ts';
import { ERROR_MESSAGE_HEADER } from '../shared/errors.ts';

/** The fetched body plus the headers the decrypt step needs. */
export interface FetchedAudio {
  bytes: Uint8Array;
  encryptedKey: string | null;
  iv: string | null;
}

/**
 * Fetches the job's URL with its bearer token and key id. Failures are typed: ABORTED,
 * NETWORK, UNKNOWN_CLIENT_KEY (the gateway forgot this device's key: re-register once) or HTTP.
 */
export async function fetchAudio(
  job: AudioJob,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
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
  let body: ArrayBuffer;
  try {
    body = await response.arrayBuffer();
  } catch (error) {
    if (signal.aborted) throw new AudioError('ABORTED', 'the request was cancelled');
    throw new AudioError('NETWORK', `the body broke off: ${(error as Error)?.message ?? error}`);
  }
  return {
    bytes: new Uint8Array(body),
    encryptedKey: response.headers.get(PLAY_HEADERS.encryptedKey),
    iv: response.headers.get(PLAY_HEADERS.iv),
  };
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
