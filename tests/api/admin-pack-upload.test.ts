import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { PackUploadReport, ReviewFinding } from '../../src/shared/api/admin.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { buildWav } from '../../src/wasm/testing/audio-fixtures.ts';
import { authHeaders, createUser, type TestUser } from '../testing/accounts.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import type { TestGateway } from '../testing/test-gateway.ts';

// The pack upload over HTTP (docs/api/admin.md "Packs") on a real gateway with small limits:
// a file over 200 kB is refused while it is being sent, an upload stores at most 1 MB.

const FILE_MAX = 200_000;
const UPLOAD_MAX = 1_000_000;
let gateway: TestGateway;
let admin: TestUser;
gatewayPerFile(
  {
    size: 'none',
    env: {
      YINKU_UPLOAD_FILE_MAX_BYTES: String(FILE_MAX),
      YINKU_UPLOAD_MAX_BYTES: String(UPLOAD_MAX),
    },
  },
  async (gw) => {
    gateway = gw;
    admin = await createUser(gw, { role: 'ADMIN' });
  },
);

const RATE = 44_100;
/** A 0.4 s tone of `hz` as 16-bit WAV bytes (35 kB): distinct audio for each frequency. */
const tone = (hz: number) => {
  const out = new Float32Array(Math.round(RATE * 0.4));
  for (let i = 0; i < out.length; i++)
    out[i] = 0.4 * Math.sin((2 * Math.PI * hz * i) / RATE) * (1 - i / out.length);
  return buildWav([out], { encoding: 'int', bits: 16, sampleRate: RATE });
};

/** Posts files (name → bytes) as multipart to the pack's upload route. */
async function upload(packCode: string, files: Record<string, Uint8Array>) {
  const form = new FormData();
  form.append('name', `Pack ${packCode}`);
  for (const [name, bytes] of Object.entries(files))
    form.append('files', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  const response = await fetch(`${gateway.url}${API.adminPackFiles(packCode)}`, {
    method: 'POST',
    headers: authHeaders(admin.accessToken, 'en'),
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data: PackUploadReport | null;
      errorCode?: string;
      msg: string;
    },
  };
}

const findings = async (packCode: string) => {
  const response = await fetch(
    `${gateway.url}${API.adminReview}?packCode=${encodeURIComponent(packCode)}`,
    { headers: authHeaders(admin.accessToken) },
  );
  return ((await response.json()) as { data: ReviewFinding[] }).data;
};

/** Nothing of the pack was stored: no pack row, no findings, and the staging area is empty. */
async function expectNothingStored(packCode: string) {
  expect(await gateway.ctx.repo.catalogue.findPack(packCode, null)).toBeNull();
  expect(await findings(packCode)).toEqual([]);
  expect(staged()).toEqual([]);
}
const staged = () => {
  try {
    return readdirSync(join(gateway.dataDir, 'uploads'));
  } catch {
    return [];
  }
};

describe('POST admin/packs/{packCode}/files', () => {
  it('imports the audio files into the pack; a corrupt one is one INVALID_AUDIO finding, the others are kept', async () => {
    const corrupt = new Uint8Array(tone(300));
    corrupt.fill(0x5a, 12, 40); // the fmt chunk is gone: the file cannot be decoded
    const { status, body } = await upload('upl-mixed', {
      'kit/clean a.wav': tone(440),
      'kit/clean b.wav': tone(660),
      'kit/broken.wav': corrupt,
      'kit/notes.txt': new TextEncoder().encode('not audio'),
    });
    expect(status, body.msg).toBe(200);
    const report = body.data!;
    expect(report.imported.map((file) => file.fileName).sort()).toEqual([
      'clean a.wav',
      'clean b.wav',
    ]);
    expect(report.skipped.map((file) => file.fileName)).toEqual(['broken.wav']);
    expect(report.ignored).toEqual(['notes.txt']);
    const pack = await gateway.ctx.repo.catalogue.findPack('upl-mixed', null);
    expect(pack?.nameEn).toBe('Pack upl-mixed');
    expect(pack?.sampleCount).toBe(2);
    const invalid = (await findings('upl-mixed')).filter((f) => f.code === 'INVALID_AUDIO');
    expect(invalid.map((f) => [f.fileName, f.sampleId])).toEqual([['broken.wav', null]]);
    expect(staged()).toEqual([]);
    // The new pack starts unpublished: users find nothing until it is published, then its
    // samples by the pack's name.
    const search = async () => {
      const found = await fetch(
        `${gateway.url}${API.search}?${new URLSearchParams({ keyword: 'Pack upl-mixed', pageSize: '50' })}`,
      );
      const page = (await found.json()) as { data: { records: { audioName: string }[] } };
      return page.data.records.map((r) => r.audioName).sort();
    };
    expect(await search()).toEqual([]);
    const published = await fetch(`${gateway.url}${API.adminPack('upl-mixed')}`, {
      method: 'PATCH',
      headers: { ...authHeaders(admin.accessToken), 'content-type': 'application/json' },
      body: JSON.stringify({ published: true }),
    });
    expect(published.status).toBe(200);
    expect(await search()).toEqual(['clean a', 'clean b']);
  }, 60_000);

  it('expands a zip into the pack', async () => {
    const zip = zipSync({ 'loops/one.wav': tone(500), 'loops/two.wav': tone(550) });
    const { status, body } = await upload('upl-zip', { 'loops.zip': zip });
    expect(status, body.msg).toBe(200);
    expect(body.data!.imported.map((file) => file.fileName).sort()).toEqual(['one.wav', 'two.wav']);
  }, 60_000);

  it('refuses a zip holding a climbing or absolute name, and stores nothing', async () => {
    for (const [code, name] of [
      ['upl-climb', '../../evil.wav'],
      ['upl-abs', '/tmp/evil.wav'],
    ] as const) {
      const zip = zipSync({ 'fine.wav': tone(700), [name]: tone(710) });
      const { status, body } = await upload(code, { 'bad.zip': zip });
      expect(status, name).toBe(400);
      expect(body.msg).toContain(name);
      await expectNothingStored(code);
    }
  });

  it('refuses a zip bomb at the expanded cap, even when its headers understate the sizes', async () => {
    const zeros = new Uint8Array(UPLOAD_MAX + 1);
    const bomb = zipSync({ 'zeros.wav': zeros }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(FILE_MAX);
    const honest = await upload('upl-bomb', { 'bomb.zip': bomb });
    expect(honest.status).toBe(413);
    expect(honest.body.errorCode).toBe('PAYLOAD_TOO_LARGE');
    // The local header claims 100 bytes: the cap must hold on the bytes that come out.
    const lying = new Uint8Array(bomb);
    new DataView(lying.buffer).setUint32(22, 100, true);
    const lied = await upload('upl-bomb', { 'bomb.zip': lying });
    expect(lied.status).toBe(413);
    await expectNothingStored('upl-bomb');
  });

  it('refuses a file over the limit before its upload completes', async () => {
    const boundary = 'yinku-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="huge.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${gateway.url}${API.adminPackFiles('upl-huge')}`, {
        method: 'POST',
        headers: {
          ...authHeaders(admin.accessToken, 'en'),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + 10 * FILE_MAX),
        },
      });
      req.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          // The request is never ended: dropping it spares the gateway's close a wait for it.
          req.destroy();
          resolve({ status: response.statusCode!, body });
        });
      });
      req.on('error', reject);
      // Only a bit over the limit is ever sent, and the request is never ended: the answer can
      // only come from a refusal made while the body is still arriving.
      req.write(head);
      req.write(Buffer.alloc(FILE_MAX + 20_000, 1));
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('huge.wav');
    await expectNothingStored('upl-huge');
  });

  it('leaves no file and no row of an upload whose connection drops mid-way', async () => {
    const boundary = 'yinku-boundary';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: audio/wav\r\n\r\n`;
    const req = httpRequest(`${gateway.url}${API.adminPackFiles('upl-killed')}`, {
      method: 'POST',
      headers: {
        ...authHeaders(admin.accessToken),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    req.on('error', () => undefined);
    req.write(part('first.wav'));
    req.write(tone(800));
    req.write(`\r\n${part('second.wav')}`);
    req.write(tone(900).subarray(0, 10_000));
    // The first file is staged before the connection drops.
    await expect.poll(() => staged().length, { timeout: 5000 }).toBe(1);
    req.destroy();
    await expect.poll(() => staged(), { timeout: 5000 }).toEqual([]);
    await expectNothingStored('upl-killed');
  });

  it('answers 400 to a multipart body without a boundary, 413 to too many fields', async () => {
    const url = `${gateway.url}${API.adminPackFiles('upl-form')}`;
    const headers = authHeaders(admin.accessToken);
    const unbounded = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'multipart/form-data' },
      body: 'x',
    });
    expect(unbounded.status).toBe(400);
    const form = new FormData();
    for (const name of ['name', 'brand', 'category', 'primary', 'secondary', 'name'])
      form.append(name, 'x');
    const crowded = await fetch(url, { method: 'POST', headers, body: form });
    expect(crowded.status).toBe(413);
    await expectNothingStored('upl-form');
  });

  it('answers 400 to a body that is not multipart', async () => {
    const response = await fetch(`${gateway.url}${API.adminPackFiles('upl-json')}`, {
      method: 'POST',
      headers: { ...authHeaders(admin.accessToken), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    await expectNothingStored('upl-json');
  });
});
