/**
 * Similar samples and search by sound (docs/SOUNDS.md, "Similar samples", "Search by sound")
 * against the real gateway: a row's Similar action lists what sounds like it and a listed row
 * plays (heard at the engine's output); a WAV dropped on the search bar is analysed in the
 * worker pool and lists results, and the file's bytes never leave the page (only the embedding
 * is posted); a file that is not audio gets a clear message and loses nothing; a reload asks
 * for the file again; an imported folder's loops show their detected BPM and key in their rows.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page, Request } from '@playwright/test';
import { API } from '../../src/shared/api/paths.ts';
import { buildWav } from '../../src/wasm/testing/audio-fixtures.ts';
import { test, expect } from '../testing/e2e.ts';
import { peakLevel, playerState } from './testing/audio.ts';
import { trackNetwork } from './testing/shell.ts';
import {
  dataRows,
  grid,
  listShown,
  NAVIGATION_TIMEOUT,
  signInWithTokens,
} from './testing/sounds.ts';

const LIST = '/sounds/genres/asset/Samples:Trap';

/**
 * A drum-and-bass loop at `bpm` in A minor: a kick on every beat, an A-minor triad and an A bass
 * under it (what the analysis reads as a loop, its tempo and its key). Stereo, 44.1 kHz, 16-bit.
 */
function loopWav(bpm: number, bars: number, seed = 0): Uint8Array {
  const rate = 44100;
  const beat = 60 / bpm;
  const frames = Math.round(bars * 4 * beat * rate);
  const notes = [220, 261.63, 329.63, 110];
  const planes = [0, 1].map((c) =>
    Float32Array.from({ length: frames }, (_, i) => {
      const t = i / rate;
      const inBeat = t % beat;
      const kick =
        inBeat < 0.12
          ? Math.sin(2 * Math.PI * (60 + 90 * Math.exp(-inBeat * 40)) * inBeat) *
            Math.exp(-inBeat * 25)
          : 0;
      const pad = notes.reduce((sum, f) => sum + Math.sin(2 * Math.PI * f * t + c * 0.1 + seed), 0);
      return 0.5 * kick + 0.08 * pad;
    }),
  );
  return buildWav(planes, { encoding: 'int', bits: 16 });
}

/** Hands `bytes` to the page as a File inside a DataTransfer, as a drag from the desktop would. */
async function fileTransfer(page: Page, bytes: Uint8Array, name: string, type: string) {
  return page.evaluateHandle(
    ({ b64, name, type }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      return transfer;
    },
    { b64: Buffer.from(bytes).toString('base64'), name, type },
  );
}

/**
 * Records the body of every request the page's code sends (fetch, XMLHttpRequest, beacons), read
 * from the request itself; `sentBodies` answers them.
 */
async function recordBodies(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const bodies: { url: string; b64: string }[] = [];
    Object.assign(window, { __sentBodies: bodies });
    const keep = (url: string, bytes: Uint8Array) => {
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      bodies.push({ url, b64: btoa(text) });
    };
    const fetch = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.method !== 'GET' && request.method !== 'HEAD')
        keep(request.url, new Uint8Array(await request.clone().arrayBuffer()));
      return fetch(request);
    };
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body?: Document | XMLHttpRequestBodyInit | null) {
      if (body !== undefined && body !== null)
        void new Response(body as BodyInit)
          .arrayBuffer()
          .then((b) => keep('xhr', new Uint8Array(b)));
      return send.call(this, body);
    };
    const beacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      if (data)
        void new Response(data).arrayBuffer().then((b) => keep(String(url), new Uint8Array(b)));
      return beacon(url, data);
    };
  });
}

/** The bodies `recordBodies` saw, as buffers. */
async function sentBodies(page: Page): Promise<{ url: string; data: Buffer }[]> {
  const bodies = await page.evaluate(
    () => (window as unknown as { __sentBodies: { url: string; b64: string }[] }).__sentBodies,
  );
  return bodies.map((b) => ({ url: b.url, data: Buffer.from(b.b64, 'base64') }));
}

/** Opens the top bar's search and answers its field's box (the drop zone). */
async function searchBar(page: Page) {
  await expect(page.getByRole('button', { name: '搜索', exact: true })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await page.locator('body').press('/');
  const field = page.getByRole('combobox', { name: '搜索' });
  await expect(field).toBeFocused();
  return { field, zone: field.locator('..') };
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('yinku.audioTestHooks', '1'));
});

test('a row’s Similar action lists samples that sound like it, and a listed row plays', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(LIST);
  const source = dataRows(page).nth(2);
  await expect(source).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
  const id = Number(await source.getAttribute('data-sample-id'));
  const name = await source.locator('strong').innerText();
  const asked = page.waitForResponse((r) => r.url().includes(API.similar(id)));
  await source.getByRole('button', { name: `查找与 ${name} 相似的采样` }).click();
  expect((await asked).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/sounds/similar/${id}$`));
  await listShown(page, `与“${name}”相似的采样`);
  // The crumb names the source too.
  await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText(name);
  const ids = await dataRows(page).evaluateAll((rows) =>
    rows.map((r) => Number(r.getAttribute('data-sample-id'))),
  );
  expect(ids.length).toBeGreaterThan(2);
  expect(ids).not.toContain(id);

  // Rows of this list play like any list's: a click is heard.
  const second = dataRows(page).nth(1);
  const secondId = Number(await second.getAttribute('data-sample-id'));
  await second.click();
  await expect
    .poll(() => playerState(page, 'id', 'isPlaying'), { timeout: 15_000 })
    .toEqual({ id: secondId, isPlaying: true });
  await expect.poll(() => peakLevel(page), { timeout: 10_000 }).toBeGreaterThan(0.01);
  // ↓ moves on and plays the next row, as in every list.
  await page.keyboard.press('ArrowDown');
  await expect(dataRows(page).nth(2)).toHaveAttribute('aria-current', 'true');

  // A reload keeps the source's name (it is in the history entry).
  await page.reload();
  await listShown(page, `与“${name}”相似的采样`);
});

test('a WAV dropped on the search bar lists samples that sound like it; its bytes stay here', async ({
  page,
}) => {
  // Two analyses and a reload on a shared 2-core machine.
  test.setTimeout(120_000);
  const wav = loopWav(120, 2);
  // A stretch of the file's audio that any upload of it would carry.
  const marker = Buffer.from(wav.subarray(wav.length >> 1, (wav.length >> 1) + 64));
  const sent: Request[] = [];
  page.on('request', (r) => void (r.method() !== 'GET' && sent.push(r)));
  await recordBodies(page);
  await page.goto('/sounds');
  const { field, zone } = await searchBar(page);
  await field.fill('typed stays');
  const transfer = await fileTransfer(page, wav, 'my groove.wav', 'audio/wav');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(zone.getByText('松开即可按声音搜索')).toBeVisible();
  const posted = page.waitForRequest((r) => r.url().endsWith(API.similarSearch));
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  const request = await posted;
  await expect(page).toHaveURL(/\/sounds\/search-by-sound$/);
  await listShown(page, '听起来像“my groove.wav”的采样');
  expect(await dataRows(page).count()).toBeGreaterThan(0);
  await expect(page.getByTestId('sound-summary')).toContainText('循环');

  // Only the sound's numbers went out: JSON, no multipart, no stretch of the file in any body.
  expect(request.headers()['content-type']).toContain('application/json');
  // Every request the browser made (page and workers): none multipart.
  for (const r of sent) expect(r.headers()['content-type'] ?? '').not.toContain('multipart');
  // Every body the page sent (read from the requests themselves, which Playwright's request
  // event does not show for streamed bodies): the search's JSON, and no stretch of the file.
  const bodies = await sentBodies(page);
  const search = bodies.filter((b) => b.url.endsWith(API.similarSearch));
  expect(search).toHaveLength(1);
  const body = JSON.parse(search[0]!.data.toString('utf8')) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['embedding', 'kind', 'limit']);
  expect((body.embedding as number[]).every((x) => typeof x === 'number')).toBe(true);
  for (const b of bodies) {
    expect(b.data.includes(marker), b.url).toBe(false);
    expect(b.data.length, b.url).toBeLessThan(wav.length / 4);
  }
  await expect(field).toHaveValue('typed stays');

  // Picked with the file button instead: the same search.
  await page
    .getByTestId('sound-file-input')
    .first()
    .setInputFiles({
      name: 'second.wav',
      mimeType: 'audio/wav',
      buffer: Buffer.from(loopWav(96, 2, 1)),
    });
  await listShown(page, '听起来像“second.wav”的采样');

  // A reload forgets the result and says to drop the file again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '按声音搜索' })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(page.getByText(/刷新后上次的结果已清空/)).toBeVisible();
  await expect(page.getByRole('button', { name: '用音频文件搜索' }).last()).toBeVisible();
});

test('a file that is not audio, or a damaged one, gets a clear message and loses nothing', async ({
  page,
}) => {
  await page.goto(LIST);
  await expect(dataRows(page).first()).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
  const { field, zone } = await searchBar(page);
  await field.fill('kick');
  const text = Buffer.from('just some notes, not a sound at all\n'.repeat(100));
  const notAudio = await fileTransfer(page, text, 'notes.txt', 'text/plain');
  await zone.dispatchEvent('drop', { dataTransfer: notAudio });
  await expect(
    page.getByText('“notes.txt”不是可识别的音频文件（支持 WAV、AIFF、MP3、FLAC、Ogg）。'),
  ).toBeVisible();
  // A WAV header over garbage: recognised, then refused by the decoder.
  const damaged = loopWav(120, 1).slice(0, 4096);
  damaged.fill(0xff, 12, 40);
  const broken = await fileTransfer(page, damaged, 'broken.wav', 'audio/wav');
  await zone.dispatchEvent('drop', { dataTransfer: broken });
  await expect(page.getByText('“broken.wav”无法解码，文件可能已损坏。')).toBeVisible();
  // Nothing else lost: still on the list, its rows and the typed text in place.
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(grid(page)).toHaveAttribute('data-list-state', 'ready');
  await expect(field).toHaveValue('kick');
});

test('an imported folder’s loops show their detected BPM and key in their rows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const root = mkdtempSync(join(tmpdir(), 'yinku-e2e-import-'));
  const folder = join(root, 'E2E Loops');
  mkdirSync(folder);
  try {
    // Names say nothing about tempo or key: what the rows show was detected.
    writeFileSync(join(folder, 'groove one.wav'), loopWav(120, 4));
    writeFileSync(join(folder, 'groove two.wav'), loopWav(120, 4, 2));
    const brand = `E2E ${Date.now()}`;
    await promisify(execFile)(
      process.execPath,
      ['server/import.ts', folder, '--brand', brand, '--secondary', 'Loops'],
      { env: { ...process.env, YINKU_DATA_DIR: process.env.YINKU_E2E_DATA_DIR } },
    );
    // The import names a folder's pack after the brand and the folder (server/import).
    const code = `imp-${createHash('sha256').update(`${brand}\0E2E Loops`).digest('hex').slice(0, 12)}`;
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`/sounds/packs/track/${code}/samples`);
    await listShown(page, 'E2E Loops');
    await expect(dataRows(page)).toHaveCount(2);
    for (const row of await dataRows(page).all()) {
      const cells = row.locator('[role="gridcell"][data-meta]');
      // Key, then BPM (the columns shown from 990 px), each with the detected mark ≈.
      await expect(cells.nth(0)).toHaveText(/^(Am|C)≈$/);
      const bpm = await cells.nth(1).innerText();
      expect(bpm).toMatch(/^\d+(\.\d+)?≈$/);
      expect(Math.abs(parseFloat(bpm) - 120)).toBeLessThanOrEqual(1);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

for (const width of [390, 760, 1400]) {
  test(`screenshots: the similar list, and a file dragged over the search bar, ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const out = join('test-results', 'screenshots');
    mkdirSync(out, { recursive: true });
    await signInWithTokens(page, 'creator@yinku.local');
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    // Its data and images are in before each shot (networkidle waited 500 ms of quiet a shot).
    const network = trackNetwork(page);
    await page.goto(LIST);
    const source = dataRows(page).first();
    await expect(source).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
    // Every row action, Similar included, lies inside the window.
    for (const button of await source.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    const name = await source.locator('strong').innerText();
    await source.getByRole('button', { name: `查找与 ${name} 相似的采样` }).click();
    await listShown(page, `与“${name}”相似的采样`);
    await network.quiet();
    await page.screenshot({ path: join(out, `sounds_similar.light.zh.${width}.png`) });
    const { zone } = await searchBar(page);
    const transfer = await fileTransfer(page, loopWav(120, 1), 'my groove.wav', 'audio/wav');
    await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await expect(zone.getByText('松开即可按声音搜索')).toBeVisible();
    await page.screenshot({ path: join(out, `search-bar_file-dragged.light.zh.${width}.png`) });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await listShown(page, '听起来像“my groove.wav”的采样');
    await network.quiet();
    await page.screenshot({ path: join(out, `sounds_search-by-sound.light.zh.${width}.png`) });
  });
}
