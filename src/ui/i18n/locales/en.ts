import type { LocaleShape } from '../locale.types.ts';
import type { commonZh } from './zh.ts';

/** Common strings (namespace `common`), English. */
export const commonEn: LocaleShape<typeof commonZh> = {
  appName: 'Yinku',
  actions: {
    ok: 'OK',
    cancel: 'Cancel',
    close: 'Close',
    save: 'Save',
    retry: 'Retry',
    reload: 'Reload',
    back: 'Back',
    confirm: 'Confirm',
    delete: 'Delete',
    more: 'More',
  },
  status: {
    loading: 'Loading…',
    empty: 'Nothing here yet',
    offline: 'Offline mode',
  },
  http: {
    requestFailed: 'Request failed',
    sessionExpired: 'Your session has expired, please sign in again',
    notSignedIn: 'Not signed in',
    networkError: 'Network error, check your connection and try again',
    timeout: 'The request timed out',
  },
  toast: {
    languageSwitched: 'Language switched',
    deleted: 'Deleted',
    saved: 'Saved',
  },
  languages: { zh: '中文', en: 'English' },
  modes: { light: 'Light', dark: 'Dark' },
  errors: {
    notFoundTitle: '404 · Page not found',
    notFoundText: 'The page you asked for does not exist or has moved.',
    goHome: 'Go home',
    chunkTitle: 'This page failed to load',
    chunkText:
      'A new version may have been released, or the network is unstable. Reloading the page fixes it.',
    chunkCssText:
      'The page styles failed to load (CSS_CHUNK_LOAD_FAILED). Reloading the page fixes it.',
    crashTitle: 'Something went wrong',
    crashText: 'The page hit an unexpected error.',
  },
};
