import type { UserInfo } from '../../shared/index.ts';
import { accountsApi } from './accounts.api.ts';
import { getAccessToken, useSessionStore } from '../stores/session.store.ts';

let inflight: Promise<UserInfo | null> | null = null;

/**
 * Fetches the current profile before a navigation (docs/PRODUCT.md §2). Concurrent navigations share one
 * request; visitors fetch nothing. A failure keeps the last known profile (the HTTP client has
 * already handled 401s and told the user about other errors).
 */
export function loadProfile(): Promise<UserInfo | null> {
  if (!getAccessToken()) {
    useSessionStore.getState().setUserInfo(null);
    return Promise.resolve(null);
  }
  inflight ??= accountsApi
    .profile({ silent: true })
    .then((userInfo) => {
      useSessionStore.getState().setUserInfo(userInfo);
      return userInfo;
    })
    .catch(() => useSessionStore.getState().userInfo)
    .finally(() => {
      inflight = null;
    });
  return inflight;
}
