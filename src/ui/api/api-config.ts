/** Value of the client-marker header (docs/PRODUCT.md §7): which client sent the request. */
export const CLIENT_MARKER = 'yinku-web';

/** Base URL of the gateway: `VITE_API_BASE` when configured, else the page's own origin. */
export function apiBase(): string {
  const configured = import.meta.env.VITE_API_BASE as string | undefined;
  return new URL(configured || '/', window.location.href).href;
}

/** The gateway path of a request URL (API.* spelling), without any path the base adds. */
export function apiPathOf(url: string): string {
  const base = new URL(apiBase()).pathname.replace(/\/$/, '');
  const { pathname } = new URL(url);
  return base && pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
}
