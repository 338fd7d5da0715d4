/**
 * Page-level effects the HTTP client and session need (reload, full navigation, in-app
 * navigation). One object so tests can replace them and the router can plug in `navigate`.
 */
export const page = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
  /** In-app navigation; the app replaces this with the router's navigate at start. */
  navigate(path: string): void {
    window.location.assign(path);
  },
};

/** Key in sessionStorage of a message to show after the next reload (e.g. session expired). */
export const FLASH_KEY = 'yinku.flash';

/** Keeps a message across a reload; sessionStorage survives the logout's localStorage.clear(). */
export function setFlash(message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // Without storage the message is simply not shown after the reload.
  }
}

/** Reads and forgets the message kept across the last reload. */
export function takeFlash(): string | null {
  try {
    const message = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return message;
  } catch {
    return null;
  }
}
