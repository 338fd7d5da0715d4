import { AudioError } from '../../../shared/audio/audio-errors.ts';
import { createStore, get, set, del, type UseStore } from 'idb-keyval';
import { API } from '../../../shared/api/paths.ts';
import { DEVICE_KEY_ALGORITHM } from '../../../shared/audio/protocol.ts';
import type { ClientKeyAnswer } from '../../../shared/api/account.types.ts';
import type { ApiEnvelope } from '../../../shared/api/envelope.ts';

/** What IndexedDB keeps for this device. */
interface StoredDeviceKey {
  privateKey: CryptoKey;
  /** SPKI, base64. */
  publicKey: string;
}

let idb: UseStore | null = null;
const store = () => (idb ??= createStore('yinku-device', 'keys'));
const KEY = 'device-key';

let loading: Promise<StoredDeviceKey> | null = null;
/** The key once `loading` has settled, for callers that must not await (see `readyDeviceKey`). */
let loaded: StoredDeviceKey | null = null;

/**
 * player/loadPrivateKey: the device's RSA-OAEP-2048/SHA-256 pair, made once with WebCrypto. The
 * private key is non-extractable and lives in IndexedDB (a CryptoKey is structured-cloneable),
 * so it can be posted to workers but never read out.
 */
export function loadPrivateKey(): Promise<StoredDeviceKey> {
  if (loading) return loading;
  const pending: Promise<StoredDeviceKey> = (async () => {
    const stored = await get<StoredDeviceKey>(KEY, store());
    if (stored?.privateKey && stored.publicKey) return stored;
    const pair = await crypto.subtle.generateKey(DEVICE_KEY_ALGORITHM, false, [
      'wrapKey',
      'unwrapKey',
    ]);
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
    const fresh = { privateKey: pair.privateKey, publicKey: btoa(String.fromCharCode(...spki)) };
    await set(KEY, fresh, store());
    return fresh;
  })().then(
    (key) => {
      // A key forgotten meanwhile (forgetDeviceKey) is not the device's key any more.
      if (loading === pending) loaded = key;
      return key;
    },
    (error: unknown) => {
      if (loading === pending) loading = null;
      throw error;
    },
  );
  loading = pending;
  return pending;
}

/**
 * The device key if it is already loaded, else null. Lets a play request go to the worker in the
 * same task as the click: an `await`, even of a settled promise, queues behind React's
 * synchronous re-render (a microtask the player store's loading state has just scheduled).
 */
export const readyDeviceKey = (): StoredDeviceKey | null => loaded;

/** Forgets the device key (tests, and a logout that wipes local data). */
export async function forgetDeviceKey(): Promise<void> {
  loading = null;
  loaded = null;
  registered.clear();
  registeredIds.clear();
  await del(KEY, store());
}

// keyId per access token: a new login re-registers, the same session reuses it.
const registered = new Map<string, Promise<string>>();
// The same keyIds once registered, readable without an await (see `readyDeviceKey`).
const registeredIds = new Map<string, string>();

/** Registers the public key for the signed-in user (once per token) and returns its keyId. */
export function ensureClientKey(
  baseUrl: string,
  accessToken: string,
  force = false,
): Promise<string> {
  if (force) {
    registered.delete(accessToken);
    registeredIds.delete(accessToken);
  }
  let keyId = registered.get(accessToken);
  if (!keyId) {
    const pending = registerClientKey(baseUrl, accessToken);
    registered.set(accessToken, pending);
    // Only this registration's own outcome counts (a forced one may have replaced it).
    pending.then(
      (id) => void (registered.get(accessToken) === pending && registeredIds.set(accessToken, id)),
      () => void (registered.get(accessToken) === pending && registered.delete(accessToken)),
    );
    keyId = pending;
  }
  return keyId;
}

/** The keyId registered for this token, if registration has finished; else null. */
export const readyClientKeyId = (accessToken: string): string | null =>
  registeredIds.get(accessToken) ?? null;

async function registerClientKey(baseUrl: string, accessToken: string): Promise<string> {
  const { publicKey } = await loadPrivateKey();
  const response = await fetch(new URL(API.clientKey, baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ publicKey }),
  });
  const body = (await response.json().catch(() => null)) as ApiEnvelope<ClientKeyAnswer> | null;
  if (!response.ok || !body || body.code !== 200 || !body.data?.keyId)
    // An AudioError with the status: a 401 (expired token) is refreshed by the track loader.
    throw new AudioError(
      'HTTP',
      `client key registration failed: ${body?.msg ?? `HTTP ${response.status}`}`,
      response.status,
    );
  return body.data.keyId;
}
