// The encrypted play protocol (docs/api/playback.md) exercised the way an outside client would: only
// WebCrypto, fetch and the documented headers.
import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import { AES_IV_BYTES, AES_TAG_BYTES, PLAY_HEADERS } from '../../src/shared/audio/protocol.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import type { TestUser } from '../testing/accounts.ts';
import { deviceUser, registerDeviceKey, request, type DeviceKey } from '../testing/catalogue.ts';
import { firstSample } from '../testing/oracle.ts';

let gw: TestGateway;
let user: TestUser;
let device: DeviceKey;

gatewayPerFile({ size: 'tiny' }, async (started) => {
  ({ gw, user, device } = await deviceUser(started));
});

const { subtle } = globalThis.crypto;
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** Fetches one encrypted play answer: body, wrapped key and IV as bytes. */
async function play(id: number) {
  const response = await request(gw, API.play(id), {
    token: user.accessToken,
    headers: { [PLAY_HEADERS.clientKeyId]: device.keyId },
  });
  expect(response.status).toBe(200);
  return {
    response,
    body: new Uint8Array(await response.arrayBuffer()),
    wrappedKey: fromBase64(response.headers.get(PLAY_HEADERS.encryptedKey)!),
    iv: fromBase64(response.headers.get(PLAY_HEADERS.iv)!),
  };
}

/** Unwraps the AES key with the device key and decrypts, as the client's worker does. */
async function decrypt(
  wrappedKey: Uint8Array<ArrayBuffer>,
  iv: Uint8Array<ArrayBuffer>,
  body: Uint8Array<ArrayBuffer>,
) {
  const raw = await subtle.decrypt({ name: 'RSA-OAEP' }, device.privateKey, wrappedKey);
  const key = await subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['decrypt']);
  return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv }, key, body));
}

describe('encrypted play round trip', () => {
  it('gives back exactly the stored file, with a fresh key and IV per answer', async () => {
    const { id, blobHash: hash } = await firstSample(gw, (s) => s.format === 'wav');
    const stored = gw.ctx.blobs.read(hash);
    const first = await play(id);
    expect(first.response.headers.get('content-type')).toBe('audio/wav');
    expect(first.response.headers.get('cache-control')).toBe('no-store');
    expect(first.response.headers.get('access-control-expose-headers')).toContain(
      PLAY_HEADERS.encryptedKey,
    );
    expect(first.iv).toHaveLength(AES_IV_BYTES);
    expect(first.wrappedKey).toHaveLength(256);
    expect(first.body).toHaveLength(stored.length + AES_TAG_BYTES);
    expect(Buffer.from(first.body.subarray(0, 64)).equals(stored.subarray(0, 64))).toBe(false);
    const plain = await decrypt(first.wrappedKey, first.iv, first.body);
    expect(Buffer.from(plain).equals(stored)).toBe(true);

    const second = await play(id);
    expect(Buffer.from(second.iv).equals(Buffer.from(first.iv))).toBe(false);
    expect(Buffer.from(second.wrappedKey).equals(Buffer.from(first.wrappedKey))).toBe(false);
    expect(
      Buffer.from(await decrypt(second.wrappedKey, second.iv, second.body)).equals(stored),
    ).toBe(true);
  });

  it('streams a file of many read chunks with its exact length, the tag last', async () => {
    // 3 MB of varied bytes: dozens of 64 KB reads, each encrypted as it is read.
    const big = Buffer.alloc(3 * 2 ** 20 + 7, 0);
    for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) >>> 24;
    const hash = gw.ctx.blobs.put(big);
    const { id, blobHash: previous } = await firstSample(gw, (s) => s.format === 'wav');
    await gw.oracle.setSampleBlob(id, hash);
    try {
      const answer = await play(id);
      expect(answer.response.headers.get('content-length')).toBe(
        String(big.length + AES_TAG_BYTES),
      );
      expect(answer.response.headers.get('transfer-encoding')).toBeNull();
      const plain = await decrypt(answer.wrappedKey, answer.iv, answer.body);
      expect(Buffer.from(plain).equals(big)).toBe(true);
    } finally {
      await gw.oracle.setSampleBlob(id, previous);
    }
  });

  it('fails cleanly when the ciphertext, the IV or the wrapped key is tampered with', async () => {
    const { body, iv, wrappedKey } = await play((await firstSample(gw)).id);
    const flip = (bytes: Uint8Array<ArrayBuffer>, at: number) => {
      const copy = bytes.slice();
      copy[at] = copy[at]! ^ 0x01;
      return copy;
    };
    await expect(decrypt(wrappedKey, iv, flip(body, 10))).rejects.toThrow();
    await expect(decrypt(wrappedKey, iv, flip(body, body.length - 1))).rejects.toThrow();
    await expect(decrypt(wrappedKey, flip(iv, 0), body)).rejects.toThrow();
    await expect(decrypt(flip(wrappedKey, 5), iv, body)).rejects.toThrow();
    await expect(decrypt(wrappedKey, iv, body.subarray(0, body.length - 1))).rejects.toThrow();
  });

  it('wraps for the caller’s own key only: another device key cannot unwrap it', async () => {
    const other = await registerDeviceKey(gw, user.accessToken);
    const { wrappedKey } = await play((await firstSample(gw)).id);
    await expect(
      subtle.decrypt({ name: 'RSA-OAEP' }, other.privateKey, wrappedKey),
    ).rejects.toThrow();
  });
});
