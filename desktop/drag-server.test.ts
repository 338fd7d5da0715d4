import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startDragServer, type DragServer } from './drag-server.ts';

const APP = 'http://127.0.0.1:4173';
let server: DragServer | undefined;
let clock = 1_000_000;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A raw GET (node's fetch would refuse some of these paths and headers). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const target = new URL(url);
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: url.slice(target.origin.length),
          method,
          headers,
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () =>
            resolve({ status: res.statusCode!, body: Buffer.concat(parts), headers: res.headers }),
          );
        },
      );
      req.once('error', reject);
      req.end();
    },
  );
}

async function offered(bytes: Buffer, fileName = 'Kick 808.wav') {
  server = await startDragServer({ origin: APP, lifetimeMs: 60_000, now: () => clock });
  const token = await server.begin(fileName, 'audio/wav');
  const half = Math.ceil(bytes.length / 6) * 3;
  await server.append(token, bytes.subarray(0, half).toString('base64'));
  await server.append(token, bytes.subarray(half).toString('base64'));
  return { token, offer: await server.commit(token) };
}

describe('the drag server', () => {
  const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 37) % 256));

  it('serves exactly the offered bytes on a 256-bit token URL, to no Origin or the app’s', async () => {
    const { token, offer } = await offered(bytes);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(offer.url).toBe(`${server!.base}/drag/${token}/Kick%20808.wav`);
    expect(offer.url.startsWith('http://127.0.0.1:')).toBe(true);
    const plain = await get(offer.url);
    expect(plain.status).toBe(200);
    expect(plain.body.equals(bytes)).toBe(true);
    expect(plain.headers['content-type']).toBe('audio/wav');
    expect(plain.headers['content-length']).toBe(String(bytes.length));
    const fromApp = await get(offer.url, { origin: APP, referer: `${APP}/sounds` });
    expect(fromApp.body.equals(bytes)).toBe(true);
    expect((await get(offer.url, {}, 'HEAD')).status).toBe(200);
  });

  it('refuses another origin, by Origin or by Referer', async () => {
    const { offer } = await offered(bytes);
    const cases: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: 'http://127.0.0.1:4174' },
      { origin: 'null' },
      { referer: 'http://evil.example/page' },
      { referer: 'not a url' },
    ];
    for (const headers of cases) {
      const answer = await get(offer.url, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body.includes(bytes.subarray(0, 16))).toBe(false);
    }
  });

  it('refuses the URL after its lifetime', async () => {
    const { offer } = await offered(bytes);
    clock += 59_999;
    expect((await get(offer.url)).status).toBe(200);
    clock += 1;
    expect((await get(offer.url)).status).toBe(404);
    clock -= 10_000;
    // Gone for good: not served again even if the clock went back.
    expect((await get(offer.url)).status).toBe(404);
  });

  it('refuses hostile and wrong paths and methods', async () => {
    const { token, offer } = await offered(bytes);
    const base = server!.base;
    const paths = [
      `/drag/${token}/other.wav`,
      `/drag/${token}`,
      `/drag/${token}/Kick%20808.wav/extra`,
      `/drag/${token}/Kick%20808.wav?x=1`,
      `/drag/${token}/Kick%E0%A4%A.wav`,
      `/drag/${token.slice(0, 63)}0/Kick%20808.wav`,
      `/drag/${token.toUpperCase()}/Kick%20808.wav`,
      `/drag/../drag/${token}/Kick%20808.wav`,
      `/../../etc/passwd`,
      `/drag/%2e%2e/%2e%2e/etc/passwd`,
      `/DRAG/${token}/Kick%20808.wav`,
      `/`,
    ];
    for (const path of paths) expect((await get(base + path)).status, path).toBe(404);
    expect((await get(offer.url, {}, 'POST')).status).toBe(405);
    expect((await get(offer.url, {}, 'DELETE')).status).toBe(405);
  });

  it('serves nothing before the commit, and checks what the page sends', async () => {
    server = await startDragServer({ origin: APP, now: () => clock });
    const token = await server.begin('a.wav', 'audio/wav');
    await server.append(token, Buffer.from('RIFF').toString('base64'));
    expect((await get(`${server.base}/drag/${token}/a.wav`)).status).toBe(404);
    await expect(server.append(token, '%%%=')).rejects.toThrow(/base64/);
    // A bad chunk drops the offer.
    await expect(server.commit(token)).rejects.toThrow(/Unknown/);
    await expect(server.begin('', 'audio/wav')).rejects.toThrow(/file name/);
    await expect(server.begin('a.wav', 'audio/wav\r\nx: y')).rejects.toThrow(/MIME/);
    await expect(server.append('nope', 'AAAA')).rejects.toThrow(/Unknown/);
    // The name is made safe: no folder can sneak into it.
    const other = await server.begin('../../etc/passwd', 'audio/wav');
    const offer = await server.commit(other);
    expect(offer.fileName).not.toContain('/');
    await expect(server.append(other, 'AAAA')).rejects.toThrow(/Unknown/);
  });

  it('keeps a file no larger than its limit', async () => {
    server = await startDragServer({ origin: APP, maxBytes: 6 });
    const token = await server.begin('a.wav', 'audio/wav');
    await server.append(token, Buffer.from('123').toString('base64'));
    await expect(server.append(token, Buffer.from('4567').toString('base64'))).rejects.toThrow(
      /at most 6 bytes/,
    );
  });
});
