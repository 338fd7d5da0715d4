import { API, CLIENT_MARKER_HEADER } from '../../shared/index.ts';
import { t } from '../i18n/i18n.ts';
import { useSessionStore } from '../stores/session.store.ts';
import { SETTINGS_KEY, SETTINGS_VERSION, useSettingsStore } from '../stores/settings.store.ts';
import { CLIENT_MARKER, apiBase } from './api-config.ts';
import { page, setFlash } from './page.ts';

let ending = false;

/** Whether the session is being ended (requests failing meanwhile show no more toasts). */
export function sessionEnding(): boolean {
  return ending;
}

/** Clears tokens, user info and all local storage but the language and display mode (docs/PRODUCT.md §4). */
function clearEverything(): void {
  useSessionStore.getState().clear();
  // The device keeps its language and light/dark choice: a logout is not a reason to switch the
  // page to Chinese (issue 17 §8). Everything else stored goes.
  const { language, displayMode } = useSettingsStore.getState();
  try {
    localStorage.clear();
    localStorage.setItem(
      SETTINGS_KEY,
      JSON.stringify({ version: SETTINGS_VERSION, state: { language, displayMode } }),
    );
  } catch {
    // Nothing stored to clear.
  }
}

/**
 * Logs out: tells the gateway to revoke the refresh token (best effort), clears tokens, user
 * info and all local storage, then reloads.
 */
export async function logout(): Promise<void> {
  if (ending) return;
  ending = true;
  const refreshToken = useSessionStore.getState().refreshToken;
  if (refreshToken) {
    await fetch(new URL(API.logout.slice(1), apiBase()), {
      method: 'POST',
      headers: { authorization: `Bearer ${refreshToken}`, [CLIENT_MARKER_HEADER]: CLIENT_MARKER },
    }).catch(() => undefined);
  }
  clearEverything();
  page.reload();
}

/**
 * Ends an expired session once, however many requests notice it: clears everything, keeps
 * "登录已过期，请重新登录" for after the reload, and goes to the login page.
 */
export function expireSession(): void {
  if (ending) return;
  ending = true;
  clearEverything();
  setFlash(t('http.sessionExpired'));
  const back = window.location.pathname + window.location.search;
  page.assign(back.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(back)}`);
}

/** Test hook: forget that a logout happened (each test starts a fresh page). */
export function resetSessionEndingForTests(): void {
  ending = false;
}
