/** Value of the client-marker header (SPEC §7): which client sent the request. */
export const CLIENT_MARKER = 'yinku-web';

/** Base URL of the gateway: `VITE_API_BASE` when configured, else the page's own origin. */
export function apiBase(): string {
  const configured = import.meta.env.VITE_API_BASE as string | undefined;
  return new URL(configured || '/', window.location.href).href;
}
