import { getSetting } from '../stores/settings.store.ts';
import { ApiRequestError } from './http-error.ts';
import type { JsonHttp } from './catalogue.api.ts';

/** Thrown instead of a catalogue request while "stay offline" is on. */
export class OfflineError extends ApiRequestError {
  override name = 'OfflineError';
  constructor(path: string) {
    super(`Staying offline: no catalogue request (${path})`, { status: 0 });
  }
}

/**
 * The catalogue's HTTP calls, refused while the preferences' "stay offline" is on: nothing leaves
 * the machine for the catalogue (docs/UI.md, "Stay offline").
 */
export function offlineGuard(
  http: JsonHttp,
  offline: () => boolean = () => getSetting('stayOffline'),
): JsonHttp {
  const refuse = (path: string) => Promise.reject(new OfflineError(path));
  return {
    get: (path, options) => (offline() ? refuse(path) : http.get(path, options)),
    post: (path, body, options) => (offline() ? refuse(path) : http.post(path, body, options)),
    blob: (path, options) => (offline() ? refuse(path) : http.blob(path, options)),
  };
}
