import {
  constants,
  createCipheriv,
  createPublicKey,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { AES_IV_BYTES, AES_TAG_BYTES } from '../../src/shared/audio/protocol.ts';

/** The cipher of one play answer: the two headers of docs/api/playback.md and the body's encryption. */
interface PlayCipher {
  /** Base64 of the fresh AES-256 key wrapped with RSA-OAEP/SHA-256 for the client key. */
  encryptedKey: string;
  /** Base64 of the 12-byte IV. */
  iv: string;
  /**
   * Encrypts `plain` as it is read: ciphertext chunk by chunk, then the 16-byte GCM tag
   * (WebCrypto's layout). The answer's length is the plain length + AES_TAG_BYTES.
   */
  encrypt(plain: Readable): Readable;
}

/**
 * Makes a fresh AES-256-GCM key and IV for one answer and wraps the key for the client's
 * RSA-OAEP public key (SPKI DER). Throws when the stored key is not a usable RSA public key.
 * The body is encrypted as it streams, so the first bytes leave before the file is read whole
 * (the player starts on them) and a large file is never held in memory.
 */
export function cipherForClient(spkiDer: Uint8Array): PlayCipher {
  const publicKey = createPublicKey({ key: Buffer.from(spkiDer), format: 'der', type: 'spki' });
  if (publicKey.asymmetricKeyType !== 'rsa') throw new Error('client key is not an RSA key');
  const key = randomBytes(32);
  const iv = randomBytes(AES_IV_BYTES);
  try {
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const wrapped = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      key,
    );
    return {
      encryptedKey: wrapped.toString('base64'),
      iv: iv.toString('base64'),
      encrypt: (plain) => {
        const body = new Transform({
          transform: (chunk: Buffer, _encoding, done) => done(null, cipher.update(chunk)),
          flush: (done) => done(null, Buffer.concat([cipher.final(), cipher.getAuthTag()])),
        });
        // A read error destroys the body, which breaks the answer off: the client sees a short
        // body (NETWORK), never a wrong one.
        pipeline(plain, body, () => {});
        return body;
      },
    };
  } finally {
    // The cipher holds its own copy of the key.
    key.fill(0);
  }
}

/** Length of an encrypted answer for a plain body of `plainBytes`. */
export const encryptedLength = (plainBytes: number): number => plainBytes + AES_TAG_BYTES;
