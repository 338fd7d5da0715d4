import { AudioError } from '../shared/audio/audio-errors.ts';
import { AES_IV_BYTES, AES_TAG_BYTES, DEVICE_KEY_ALGORITHM } from '../shared/audio/protocol.ts';

/** The answer's AES key, unwrapped twice: for the authenticated decrypt and for early previews. */
export interface AudioKey {
  gcm: CryptoKey;
  /** The same key for AES-CTR: GCM's keystream, to read a prefix before the tag can be checked. */
  ctr: CryptoKey;
  iv: Uint8Array;
}

/**
 * Unwraps the response's AES-256 key with the device's RSA-OAEP private key (a wrong key is a
 * DECRYPT error). Both unwraps run at once; the RSA step is the costly part (~0.6 ms).
 */
export async function unwrapAudioKey(
  encryptedKeyB64: string | null,
  ivB64: string | null,
  privateKey: CryptoKey | undefined,
): Promise<AudioKey> {
  if (!privateKey) throw new AudioError('DECRYPT', 'no device key to decrypt with');
  if (!encryptedKeyB64 || !ivB64)
    throw new AudioError('DECRYPT', 'the answer carries no key or IV');
  const iv = fromBase64(ivB64, 'IV');
  if (iv.length !== AES_IV_BYTES)
    throw new AudioError('DECRYPT', `IV must be ${AES_IV_BYTES} bytes`);
  const wrapped = fromBase64(encryptedKeyB64, 'key') as BufferSource;
  try {
    // One RSA operation (it blocks this thread for ~1–3 ms in Chromium), then the same bytes as
    // a GCM and a CTR key. Only this answer's AES key passes through memory, never the device key.
    const unwrapped = await crypto.subtle.unwrapKey(
      'raw',
      wrapped,
      privateKey,
      { name: DEVICE_KEY_ALGORITHM.name },
      { name: 'AES-GCM' },
      true,
      ['decrypt'],
    );
    const raw = await crypto.subtle.exportKey('raw', unwrapped);
    const key = (name: 'AES-GCM' | 'AES-CTR') =>
      crypto.subtle.importKey('raw', raw, { name }, false, ['decrypt']);
    const [gcm, ctr] = await Promise.all([key('AES-GCM'), key('AES-CTR')]);
    return { gcm, ctr, iv };
  } catch {
    throw new AudioError('DECRYPT', 'the AES key could not be unwrapped with this device key');
  }
}

/**
 * Decrypts the whole body (ciphertext + 16-byte tag) with AES-GCM. Any mismatch — wrong key,
 * IV or tampered bytes — is a DECRYPT error.
 */
export async function decryptAudio(body: Uint8Array, key: AudioKey): Promise<Uint8Array> {
  if (body.length < AES_TAG_BYTES)
    throw new AudioError('DECRYPT', 'ciphertext shorter than its tag');
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: key.iv as BufferSource, tagLength: AES_TAG_BYTES * 8 },
      key.gcm,
      body as BufferSource,
    );
    return new Uint8Array(plain);
  } catch {
    throw new AudioError('DECRYPT', 'decryption failed: wrong key or IV, or the data was altered');
  }
}

/**
 * Decrypts the first bytes of a GCM body with AES-CTR from GCM's first data counter
 * (IV ‖ 00000002, NIST SP 800-38D): the same plaintext, but not yet authenticated — only for a
 * preview that the authenticated `decryptAudio` of the whole body confirms or cancels.
 */
export async function decryptPrefix(
  prefix: Uint8Array,
  total: number,
  key: AudioKey,
): Promise<Uint8Array> {
  const counter = new Uint8Array(16);
  counter.set(key.iv);
  counter[15] = 2;
  const cipher = prefix.subarray(0, Math.min(prefix.length, total - AES_TAG_BYTES));
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-CTR', counter, length: 32 },
    key.ctr,
    cipher as BufferSource,
  );
  return new Uint8Array(plain);
}

function fromBase64(text: string, what: string): Uint8Array {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    throw new AudioError('DECRYPT', `the ${what} header is not base64`);
  }
}
