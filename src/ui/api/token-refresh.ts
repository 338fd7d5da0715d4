import ky from 'ky';
import { API, CLIENT_MARKER_HEADER, type TokenPair } from '../../shared/index.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { getAccessToken, getRefreshToken, useSessionStore } from '../stores/session.store.ts';
import { CLIENT_MARKER, apiBase } from './api-config.ts';
import { expireSession } from './session.ts';

let inflight: Promise<string | null> | null = null;

/** Whether a refresh is under way in this tab (new requests wait for it). */
export function refreshInFlight(): Promise<string | null> | null {
  return inflight;
}

/** Runs `work` while holding a lock every tab of this origin shares (Web Locks), else directly. */
async function withTabLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return work();
  return locks.request('yinku.token-refresh', work) as Promise<T>;
}

/**
 * Gets a fresh access token after a 401 on a request sent with `sentToken`. Many concurrent
 * 401s share one refresh; a token that already changed (this tab or another) is used as is;
 * a failed refresh — including a 401 on the refresh call itself — logs out once.
 * Resolves to the new access token, or null when the session is over.
 */
export function refreshAfterUnauthorized(sentToken: string | null): Promise<string | null> {
  const current = getAccessToken();
  if (current && current !== sentToken) return Promise.resolve(current);
  inflight ??= withTabLock(() => refreshUnlessDone(sentToken)).finally(() => {
    inflight = null;
  });
  return inflight;
}

async function refreshUnlessDone(sentToken: string | null): Promise<string | null> {
  // Another tab may have refreshed while we waited for the lock: storage is shared.
  useSessionStore.getState().syncFromStorage();
  const current = getAccessToken();
  if (current && current !== sentToken) return current;
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    expireSession();
    return null;
  }
  let response: Response;
  try {
    response = await ky.get(API.refreshToken, {
      baseUrl: apiBase(),
      throwHttpErrors: false,
      retry: 0,
      timeout: 30_000,
      // The refresh call is the one request that carries the refresh token as its bearer.
      headers: {
        authorization: `Bearer ${refreshToken}`,
        'accept-language': currentLanguage(),
        [CLIENT_MARKER_HEADER]: CLIENT_MARKER,
      },
    });
  } catch {
    // A network failure is not a verdict on the session: keep it, fail this request.
    return null;
  }
  const body = (await response.json().catch(() => null)) as {
    code?: number;
    data?: TokenPair;
  } | null;
  if (!response.ok || body?.code !== 200 || !body.data?.accessToken) {
    expireSession();
    return null;
  }
  useSessionStore.getState().setTokens(body.data);
  return body.data.accessToken;
}
