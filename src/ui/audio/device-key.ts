import { createStore, get, set, del, type UseStore } from 'idb-keyval';
import { API } from '../../shared/api/paths.ts';
import { DEVICE_KEY_ALGORITHM } from '../../shared/audio/protocol.ts';
import type { ClientKeyAnswer } from '../../shared/api/account.types.ts';
import type { ApiEnvelope } from '../../shared/api/envelope.ts';

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

/**
 * player/loadPrivateKey: the device's RSA-OAEP-2048/SHA-256 pair, made once with WebCrypto. The
 * private key is non-extractable and lives in IndexedDB (a CryptoKey is structured-cloneable),
 * so it can be posted to workers but never read out.
 */
export function loadPrivateKey(): Promise<StoredDeviceKey> {
  loading ??= (async () => {
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
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Forgets the device key (tests, and a logout that wipes local data). */
export async function forgetDeviceKey(): Promise<void> {
  loading = null;
  registered.clear();
  await del(KEY, store());
}

// keyId per access token: a new login re-registers, the same session reuses it.
const registered = new Map<string, Promise<string>>();

/** Registers the public key for the signed-in user (once per token) and returns its keyId. */
export function ensureClientKey(
  baseUrl: string,
  accessToken: string,
  force = false,
): Promise<string> {
  if (force) registered.delete(accessToken);
  let keyId = registered.get(accessToken);
  if (!keyId) {
    keyId = registerClientKey(baseUrl, accessToken);
    registered.set(accessToken, keyId);
    keyId.catch(() => registered.delete(accessToken));
  }
  return keyId;
}

async function registerClientKey(baseUrl: string, accessToken: string): Promise<string> {
  const { publicKey } = await loadPrivateKey();
  const response = await fetch(new URL(API.clientKey, baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ publicKey }),
  });
  const body = (await response.json().catch(() => null)) as ApiEnvelope<ClientKeyAnswer> | null;
  if (!response.ok || !body || body.code !== 200 || !body.data?.keyId)
    throw new Error(`client key registration failed: ${body?.msg ?? `HTTP ${response.status}`}`);
  return body.data.keyId;
}
