import { generateKeyPairSync } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { cipherForClient, encryptedLength } from './encrypt-audio.ts';

const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const spki = publicKey.export({ type: 'spki', format: 'der' });

describe('cipherForClient', () => {
  it('answers ciphertext of the plain length plus the tag', async () => {
    const cipher = cipherForClient(spki);
    const plain = Buffer.alloc(200_000, 7);
    const body = await buffer(
      cipher.encrypt(Readable.from([plain.subarray(0, 1), plain.subarray(1)])),
    );
    expect(body.length).toBe(encryptedLength(plain.length));
    expect(body.subarray(0, 64).equals(plain.subarray(0, 64))).toBe(false);
  });

  it('a read error mid-file breaks the body off with the error, never a short answer that ends well', async () => {
    const cipher = cipherForClient(spki);
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000, 1));
        this.destroy(new Error('EIO: disk read failed'));
      },
    });
    await expect(buffer(cipher.encrypt(failing))).rejects.toThrow(/EIO/);
  });

  it('refuses a key that is not RSA', () => {
    const { publicKey: ec } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() => cipherForClient(ec.export({ type: 'spki', format: 'der' }))).toThrow(/RSA/);
  });
});
