import { AudioError } from '../shared/audio/audio-errors.ts';
import { AES_IV_BYTES, AES_TAG_BYTES, DEVICE_KEY_ALGORITHM } from '../shared/audio/protocol.ts';

/**
 * Unwraps the response's AES-256 key with the device's RSA-OAEP private key, then decrypts the
 * body (ciphertext + 16-byte tag) with AES-GCM. Any mismatch — wrong key, IV or tampered bytes —
 * is a DECRYPT error.
 */
export async function decryptAudio(
  body: Uint8Array,
  encryptedKeyB64: string | null,
  ivB64: string | null,
  privateKey: CryptoKey | undefined,
): Promise<Uint8Array> {
  if (!privateKey) throw new AudioError('DECRYPT', 'no device key to decrypt with');
  if (!encryptedKeyB64 || !ivB64)
    throw new AudioError('DECRYPT', 'the answer carries no key or IV');
  const iv = fromBase64(ivB64, 'IV');
  if (iv.length !== AES_IV_BYTES)
    throw new AudioError('DECRYPT', `IV must be ${AES_IV_BYTES} bytes`);
  if (body.length < AES_TAG_BYTES)
    throw new AudioError('DECRYPT', 'ciphertext shorter than its tag');
  let aesKey: CryptoKey;
  try {
    aesKey = await crypto.subtle.unwrapKey(
      'raw',
      fromBase64(encryptedKeyB64, 'key') as BufferSource,
      privateKey,
      { name: DEVICE_KEY_ALGORITHM.name },
      { name: 'AES-GCM' },
      false,
      ['decrypt'],
    );
  } catch {
    throw new AudioError('DECRYPT', 'the AES key could not be unwrapped with this device key');
  }
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: iv as BufferSource, tagLength: AES_TAG_BYTES * 8 },
      aesKey,
      body as BufferSource,
    );
    return new Uint8Array(plain);
  } catch {
    throw new AudioError('DECRYPT', 'decryption failed: wrong key or IV, or the data was altered');
  }
}

function fromBase64(text: string, what: string): Uint8Array {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    throw new AudioError('DECRYPT', `the ${what} header is not base64`);
  }
}
