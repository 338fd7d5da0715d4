import { webcrypto } from 'node:crypto';

const RSA_OAEP_SHA256 = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

/**
 * The DER bytes of a base64 SPKI public key when it is an RSA-OAEP 2048-bit key usable with
 * SHA-256 (the protocol of docs/api/playback.md), else null. Importing it is the validation.
 */
export async function parseClientPublicKey(base64: string): Promise<Uint8Array | null> {
  const compact = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact) || compact.length % 4 !== 0) return null;
  const der = new Uint8Array(Buffer.from(compact, 'base64'));
  try {
    const key = await webcrypto.subtle.importKey('spki', der, RSA_OAEP_SHA256, true, ['encrypt']);
    const { modulusLength } = key.algorithm as webcrypto.RsaKeyAlgorithm;
    return modulusLength === 2048 ? der : null;
  } catch {
    return null;
  }
}
