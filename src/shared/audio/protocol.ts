/** Headers of the encrypted play answer (docs/api/playback.md). */
export const PLAY_HEADERS = {
  encryptedKey: 'x-encrypted-key',
  iv: 'x-iv',
  clientKeyId: 'x-client-key-id',
} as const;

/** AES-GCM IV length (bytes). */
export const AES_IV_BYTES = 12;

/** AES-GCM tag length appended to the ciphertext (bytes). */
export const AES_TAG_BYTES = 16;

/** RSA-OAEP parameters of the device key. */
export const DEVICE_KEY_ALGORITHM = {
  name: 'RSA-OAEP',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
} as const;
