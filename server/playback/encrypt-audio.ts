import {
  constants,
  createCipheriv,
  createPublicKey,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import { AES_IV_BYTES } from '../../src/shared/audio/protocol.ts';

/** One encrypted play answer: body and the two headers of DESIGN §4. */
export interface EncryptedAudio {
  /** Ciphertext with the 16-byte GCM tag appended (WebCrypto's layout). */
  body: Buffer;
  /** Base64 of the fresh AES-256 key wrapped with RSA-OAEP/SHA-256 for the client key. */
  encryptedKey: string;
  /** Base64 of the 12-byte IV. */
  iv: string;
}

/**
 * Encrypts `plain` with a fresh AES-256-GCM key and wraps that key for the client's RSA-OAEP
 * public key (SPKI DER). Throws when the stored key is not a usable RSA public key.
 */
export function encryptForClient(plain: Uint8Array, spkiDer: Uint8Array): EncryptedAudio {
  const publicKey = createPublicKey({ key: Buffer.from(spkiDer), format: 'der', type: 'spki' });
  if (publicKey.asymmetricKeyType !== 'rsa') throw new Error('client key is not an RSA key');
  const key = randomBytes(32);
  const iv = randomBytes(AES_IV_BYTES);
  try {
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    const wrapped = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      key,
    );
    return { body, encryptedKey: wrapped.toString('base64'), iv: iv.toString('base64') };
  } finally {
    key.fill(0);
  }
}
