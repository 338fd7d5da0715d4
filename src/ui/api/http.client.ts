import ky, { isHTTPError, isTimeoutError, type KyResponse } from 'ky';
import {
  API,
  CLIENT_MARKER_HEADER,
  DEFAULTS,
  DOWNLOAD_PREFIX,
  ERROR_MESSAGE_HEADER,
  type ErrorCode,
} from '../../shared/index.ts';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { useLoadingStore } from '../stores/loading.store.ts';
import { getAccessToken, useSessionStore } from '../stores/session.store.ts';
import { toast } from '../stores/toast.store.ts';
import { CLIENT_MARKER, apiBase, apiPathOf } from './api-config.ts';
import { ApiRequestError, decodeErrorHeader, isEnvelope } from './http-error.ts';
import { page } from './page.ts';
import { flattenQuery, type KeyNotation, type QueryValue } from './query.ts';
import { expireSession, sessionEnding } from './session.ts';
import { refreshAfterUnauthorized, refreshInFlight } from './token-refresh.ts';

/** Calls that never trigger a refresh: they run without a session or are the refresh itself. */
const NO_REFRESH_PATHS: string[] = [API.login, API.refreshToken];

const bearerOf = (request: Request) =>
  request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? null;

/** Whether the stored token is older than its lifetime (docs/PRODUCT.md §9 token timestamp). */
export function tokenOutlived(): boolean {
  const { tokenTimestamp } = useSessionStore.getState();
  return tokenTimestamp !== null && Date.now() - tokenTimestamp >= DEFAULTS.tokenLifetimeMs;
}

/** The ky instance: base, headers, timeout, the 401/refresh rules and the download guard. */
const kyClient = ky.create({
  timeout: DEFAULTS.requestTimeoutMs,
  // Only the forced retry after a refresh: ordinary failures are reported, not repeated.
  retry: { limit: 1, statusCodes: [], methods: [] },
  // Read fetch at call time so tests (and the desktop shell) can replace it.
  fetch: (input, init) => globalThis.fetch(input, init),
  hooks: {
    beforeRequest: [
      async ({ request }) => {
        const path = apiPathOf(request.url);
        if (path.startsWith(DOWNLOAD_PREFIX) && !getAccessToken()) {
          const error = new ApiRequestError(t('http.notSignedIn'), {
            status: 401,
            errorCode: 'UNAUTHORIZED',
          });
          error.notified = true;
          toast.error(error.message);
          page.navigate('/login');
          throw error;
        }
        if (!NO_REFRESH_PATHS.includes(path)) {
          // Never send a token that is being replaced or known to be past its lifetime.
          const pending = refreshInFlight();
          if (pending) await pending;
          else if (getAccessToken() && tokenOutlived())
            await refreshAfterUnauthorized(getAccessToken());
        }
        const token = getAccessToken();
        if (token && !request.headers.has('authorization'))
          request.headers.set('authorization', `Bearer ${token}`);
        request.headers.set('accept-language', currentLanguage());
        request.headers.set(CLIENT_MARKER_HEADER, CLIENT_MARKER);
      },
    ],
    afterResponse: [
      async ({ request, response, retryCount }) => {
        if (response.status !== 401) return;
        const path = apiPathOf(request.url);
        const sent = bearerOf(request);
        if (!sent || NO_REFRESH_PATHS.includes(path)) return;
        if (retryCount > 0) {
          // Still 401 with a freshly refreshed token: the session is not coming back.
          expireSession();
          return;
        }
        const token = await refreshAfterUnauthorized(sent);
        if (!token) return;
        return ky.retry({ delay: 0, code: 'TOKEN_REFRESHED' });
      },
    ],
    beforeRetry: [
      ({ request }) => {
        const token = getAccessToken();
        if (token) request.headers.set('authorization', `Bearer ${token}`);
      },
    ],
  },
});

/** Options of one call. */
export interface RequestOptions {
  /** Query object, flattened per docs/PRODUCT.md §7 (nested keys in `notation`, values URL-encoded). */
  searchParams?: Record<string, QueryValue>;
  notation?: KeyNotation;
  signal?: AbortSignal;
  /** Don't toast errors: the caller shows them (e.g. inline on a form). */
  silent?: boolean;
  headers?: Record<string, string>;
}

/** Turns any failure into an ApiRequestError with the message docs/PRODUCT.md §8 asks for. */
function toApiError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (isHTTPError(error)) {
    const response = error.response;
    let body: unknown = error.data;
    // ky parses JSON bodies only when the content-type says so.
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        body = null;
      }
    }
    const envelope = isEnvelope(body)
      ? (body as { msg?: string; errorCode?: ErrorCode; field?: string })
      : null;
    const message =
      decodeErrorHeader(response.headers.get(ERROR_MESSAGE_HEADER)) ||
      envelope?.msg ||
      t('http.requestFailed');
    return new ApiRequestError(message, {
      status: response.status,
      errorCode: envelope?.errorCode,
      field: envelope?.field,
      cause: error,
    });
  }
  if (isTimeoutError(error))
    return new ApiRequestError(t('http.timeout'), { status: 0, cause: error });
  if (error instanceof Error && error.name === 'AbortError') {
    const aborted = new ApiRequestError(error.message, { status: 0, cause: error });
    aborted.notified = true; // The caller cancelled: nothing to tell the user.
    return aborted;
  }
  return new ApiRequestError(t('http.networkError'), { status: 0, cause: error });
}

/** Whether a response carries audio, which is returned raw (docs/PRODUCT.md §7). */
function isAudio(response: Response): boolean {
  return /^audio\/|mpeg/i.test(response.headers.get('content-type') ?? '');
}

/** Unwraps the envelope: code 200 yields `data`; any other code is an error. */
async function unwrap<T>(response: KyResponse): Promise<T> {
  if (isAudio(response)) return (await response.blob()) as T;
  const text = await response.text();
  if (!text) return undefined as T;
  const body: unknown = JSON.parse(text);
  if (!isEnvelope(body)) return body as T;
  if (body.code === 200) return body.data as T;
  const envelope = body as { msg?: string; errorCode?: ErrorCode; field?: string };
  throw new ApiRequestError(envelope.msg || t('http.requestFailed'), {
    status: body.code,
    errorCode: envelope.errorCode,
    field: envelope.field,
  });
}

async function call<T>(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  body: unknown,
  options: RequestOptions,
  read: (response: KyResponse) => Promise<T>,
): Promise<T> {
  const { begin, end } = useLoadingStore.getState();
  begin();
  try {
    const response = await kyClient(path.replace(/^\//, ''), {
      method,
      baseUrl: apiBase(),
      json: body === undefined ? undefined : body,
      searchParams: options.searchParams
        ? flattenQuery(options.searchParams, options.notation)
        : undefined,
      signal: options.signal,
      headers: options.headers,
    });
    return await read(response);
  } catch (raw) {
    const error = toApiError(raw);
    if (!options.silent && !error.notified && !sessionEnding()) {
      toast.error(error.message);
      error.notified = true;
    }
    throw error;
  } finally {
    end();
  }
}

/** The app's HTTP client: JSON calls resolve to the envelope's data and reject with ApiRequestError. */
export const http = {
  get<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return call('get', path, undefined, options, unwrap<T>);
  },
  post<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return call('post', path, body, options, unwrap<T>);
  },
  put<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return call('put', path, body, options, unwrap<T>);
  },
  patch<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return call('patch', path, body, options, unwrap<T>);
  },
  delete<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return call('delete', path, undefined, options, unwrap<T>);
  },
  /** The raw body (audio, files) with the same headers, refresh and error rules. */
  blob(path: string, options: RequestOptions = {}): Promise<Blob> {
    return call('get', path, undefined, options, (response) => response.blob());
  },
  /** The raw response, for callers that need headers (encrypted audio's key and iv). */
  response(path: string, options: RequestOptions = {}): Promise<Response> {
    return call('get', path, undefined, options, async (response) => response);
  },
};
