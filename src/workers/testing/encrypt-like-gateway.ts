import { DEVICE_KEY_ALGORITHM } from '../../shared/audio/protocol.ts';

/**
 * A device RSA-OAEP key pair for tests. By default the private half may also decrypt; the app's
 * own may only unwrap (`['encrypt', 'wrapKey', 'unwrapKey']` gives that, with a public half
 * `encryptLikeGateway` can use).
 */
export const testDeviceKey = (
  usages: KeyUsage[] = ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
): Promise<CryptoKeyPair> => crypto.subtle.generateKey(DEVICE_KEY_ALGORITHM, false, usages);

/** Base64 of bytes (test helper). */
export const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** What the gateway's play call does (docs/api/playback.md): fresh AES-256-GCM key wrapped with RSA-OAEP. */
export async function encryptLikeGateway(plain: Uint8Array, publicKey: CryptoKey) {
  const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const body = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aes, plain as BufferSource),
  );
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', aes));
  const wrapped = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, raw));
  return { body, key: toB64(wrapped), iv: toB64(iv) };
}
