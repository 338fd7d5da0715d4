/**
 * The desktop shell end to end: the real shell (desktop/shell.ts) opens the built client from the
 * e2e gateway in headless Chromium with the yinkuDesktop bridge, a temp config dir, a temp HOME
 * for start-up registration and a temp download root. Downloads go through the UI and must land
 * on disk under `<root>/sounds/packs/{brand}/{type}/` with the gateway's bytes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY, type Pack, type Sample } from '../../src/shared/index.ts';
import { API } from '../../src/shared/api/paths.ts';
import { asHeardFileName, renderedFrames, syncParams } from '../../src/shared/audio/sync-params.ts';
import type { SyncItem } from '../../src/shared/api/download.types.ts';
import type { DesktopBridge } from '../../src/shared/desktop-bridge/bridge.types.ts';
import { launchDesktop, REPO_ROOT, type DesktopShell } from '../../desktop/shell.ts';
import { expect, gatewayUrl, test } from '../testing/e2e.ts';
import { CHROMIUM_PATH } from '../testing/chromium.ts';
import {
  apiRecords,
  dataRows,
  NAVIGATION_TIMEOUT,
  openSignedIn,
  rowNames,
  signInFresh,
} from './testing/sounds.ts';

declare global {
  interface Window {
    yinkuDesktop: DesktopBridge;
  }
}

const KICKS = '/sounds/instruments/asset/Samples:Drums/:Kick';
const KICKS_API =
  '/api/v2/tt-audios?range=samples&category=instruments&primaryName=Drums&secondaryName=Kick&pageSize=1';
/** Synth arps: loops with a tempo and a key, so Sync stretches and shifts them. */
const ARPS = '/sounds/instruments/asset/Samples:Synth/:Arps';
const ARPS_API =
  '/api/v2/tt-audios?range=samples&category=instruments&primaryName=Synth&secondaryName=Arps&pageSize=1';

/** Signs a fresh user (`tag`) in and opens the kicks: the first row's name and its sample. */
async function firstKick(page: Page, tag: string): Promise<{ name: string; sample: Sample }> {
  await openSignedIn(page, tag, KICKS);
  const [name] = await rowNames(page);
  const [sample] = await apiRecords<Sample>(page, KICKS_API);
  if (!sample || !name) throw new Error('no kick in the library');
  return { name, sample };
}

/** The drag URLs' lifetime here: short, so the test sees one refused after it. */
const DRAG_LIFETIME_MS = 10_000;

let base: string;
let root: string;
let shell: DesktopShell;
const opened: string[] = [];

test.beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'yinku-desktop-e2e-'));
  root = join(base, 'Downloads', 'Yinku');
  shell = await launchDesktop({
    url: gatewayUrl(),
    configDir: join(base, 'config'),
    headless: true,
    chromiumPath: CHROMIUM_PATH,
    startup: {
      platform: 'linux',
      env: { XDG_CONFIG_HOME: join(base, 'xdg') },
      home: base,
      command: [process.execPath, join(base, 'desktop', 'main.ts')],
      cwd: base,
    },
    openFolder: async (folder) => void opened.push(folder),
    dragLifetimeMs: DRAG_LIFETIME_MS,
  });
  // Never the real ~/Yinku: every test writes under the temp dir.
  await shell.host.setDownloadRoot(join(base, 'Start'));
});

test.afterAll(async () => {
  await shell?.close();
  rmSync(base, { recursive: true, force: true });
});

/** Every file under the download root, relative, sorted; `temp` lists the hidden temp files. */
function filesOnDisk(temp = false): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.startsWith('.yinku-') === temp)
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

/** A signed-in GET from the page (the token the app keeps), as bytes or JSON data. */
async function signedGet(page: Page, path: string, as: 'bytes' | 'json') {
  return page.evaluate(
    async ({ path, as, key }) => {
      const response = await fetch(path, {
        headers: { authorization: `Bearer ${localStorage.getItem(key)}` },
      });
      if (as === 'json') return (await response.json()).data;
      return Array.from(new Uint8Array(await response.arrayBuffer()));
    },
    { path, as, key: ACCESS_TOKEN_KEY },
  );
}

test('the preferences set the download root and start-up through the bridge', async () => {
  const { page } = shell;
  expect(await page.evaluate(() => typeof window.yinkuDesktop?.saveFile)).toBe('function');
  expect(await page.evaluate(() => window.yinkuDesktop.checkConnectivity())).toBe(true);
  await page.goto('/preferences');
  const path = page.getByLabel('下载路径');
  await expect(path).toHaveValue(join(shell.settings.get().downloadRoot));

  await path.fill('relative/folder');
  await page.getByRole('button', { name: '应用' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /absolute path/ })).toBeVisible();
  await path.fill(root);
  await page.getByRole('button', { name: '应用' }).click();
  await expect(page.getByText('下载路径已更新')).toBeVisible();
  expect(shell.settings.get().downloadRoot).toBe(root);
  expect(JSON.parse(readFileSync(join(base, 'config', 'settings.json'), 'utf8'))).toMatchObject({
    downloadRoot: root,
  });

  await page.getByRole('button', { name: '打开文件夹' }).click();
  await expect.poll(() => opened).toEqual([root]);

  const autostart = join(base, 'xdg', 'autostart', 'yinku.desktop');
  await page.getByRole('switch', { name: '开机启动' }).click();
  await expect.poll(() => existsSync(autostart)).toBe(true);
  expect(readFileSync(autostart, 'utf8')).toContain(`Path=${base}`);
  await page.getByRole('switch', { name: '开机启动' }).click();
  await expect.poll(() => existsSync(autostart)).toBe(false);
});

test('download a sample into the root with the gateway bytes; again gets (2); the warehouse has its path', async () => {
  const { page } = shell;
  await shell.host.setDownloadRoot(root);
  const { name, sample } = await firstKick(page, 'desktop');
  const folder = `sounds/packs/${sample.audioBrand}/Drums`;

  await page.getByRole('button', { name: `下载 ${name}` }).click();
  await expect(page.getByRole('button', { name: `已下载 ${name}` })).toBeVisible();
  expect(filesOnDisk()).toEqual([`${folder}/${name}.wav`]);
  const original = await signedGet(page, API.download(sample.id), 'bytes');
  expect(original.length).toBe(sample.audioData.sizeBytes);
  expect(Array.from(readFileSync(join(root, folder, `${name}.wav`)))).toEqual(original);

  await page.getByRole('button', { name: `已下载 ${name}` }).click();
  await expect.poll(filesOnDisk).toEqual([`${folder}/${name} (2).wav`, `${folder}/${name}.wav`]);
  expect(
    readFileSync(join(root, folder, `${name} (2).wav`)).equals(
      readFileSync(join(root, folder, `${name}.wav`)),
    ),
  ).toBe(true);

  const synced = (await signedGet(page, API.downloadSync, 'json')) as SyncItem[];
  expect(synced.map((item) => item.userFilePath)).toEqual([`${folder}/${name} (2).wav`]);
  const stock = (await signedGet(
    page,
    `${API.userAudios}?relation=stockroom&kind=samples`,
    'json',
  )) as { records: Sample[] };
  expect(stock.records.map((record) => record.userFilePath)).toEqual([`${folder}/${name} (2).wav`]);
});

test('download a whole pack: every sample on disk under its brand and type', async () => {
  const { page } = shell;
  const packRoot = join(base, 'Packs');
  await shell.host.setDownloadRoot(packRoot);
  root = packRoot;
  await signInFresh(page, 'desktop-pack');
  const [pack] = await apiRecords<Pack>(page, '/api/v2/tt-audios?range=packs&pageSize=1');
  if (!pack) throw new Error('no pack in the library');
  await page.goto(`/sounds/packs/track/${pack.packCode}/samples`);
  await expect(page.getByRole('heading', { name: pack.name })).toBeVisible();
  await page.getByRole('button', { name: '下载整个音色包' }).click();
  // The cost against the balance is shown first; confirming downloads the pack.
  await page
    .getByRole('dialog', { name: `下载音色包 ${pack.name}` })
    .getByRole('button', { name: '下载', exact: true })
    .click();
  await expect.poll(() => filesOnDisk().length, { timeout: 30_000 }).toBe(pack.sampleCount);
  for (const file of filesOnDisk())
    expect(file).toMatch(
      new RegExp(`^sounds/packs/${pack.brand}/${pack.primaryName}/[^/]+\\.wav$`),
    );
  // No temp file is left once every save has finished.
  await expect.poll(() => filesOnDisk(true)).toEqual([]);
});

test('a file deleted from the folder shows as not downloaded after focus; a stray file is reported', async () => {
  const { page } = shell;
  const syncRoot = join(base, 'Sync');
  await shell.host.setDownloadRoot(syncRoot);
  const { name, sample } = await firstKick(page, 'desktop-sync');
  await page.getByRole('button', { name: `下载 ${name}` }).click();
  await expect(page.getByRole('button', { name: `已下载 ${name}` })).toBeVisible();
  const saved = join(syncRoot, 'sounds', 'packs', sample.audioBrand, 'Drums', `${name}.wav`);
  expect(existsSync(saved)).toBe(true);

  rmSync(saved);
  writeFileSync(join(syncRoot, 'sounds', 'packs', sample.audioBrand, 'Drums', 'stray.wav'), 'x');
  // The window gains focus (a headless window never loses it, so the event is sent as the OS would).
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByRole('button', { name: `下载 ${name}` })).toBeVisible();
  await expect(
    page.getByText('下载文件夹中有 1 个文件不在你的仓库里', { exact: false }),
  ).toBeVisible();
  const synced = (await signedGet(page, API.downloadSync, 'json')) as SyncItem[];
  expect(synced).toEqual([expect.objectContaining({ resourceId: sample.id, userFilePath: null })]);

  // Downloading it again (free: still owned) puts it back.
  await page.getByRole('button', { name: `下载 ${name}` }).click();
  await expect(page.getByRole('button', { name: `已下载 ${name}` })).toBeVisible();
  await expect.poll(() => existsSync(saved)).toBe(true);
});

/** A drag as Chromium starts one on `element`: dragstart with a writable DataTransfer, read back. */
const dragStartOn = (element: Locator) =>
  element.evaluate((target) => {
    const data = new DataTransfer();
    const event = new DragEvent('dragstart', {
      dataTransfer: data,
      bubbles: true,
      cancelable: true,
    });
    target.dispatchEvent(event);
    return { downloadUrl: data.getData('DownloadURL'), cancelled: event.defaultPrevented };
  });

/** Rests on `element` until its drag carries a DownloadURL (the file handed to the shell). */
async function preparedDrag(element: Locator): Promise<string> {
  await element.hover();
  let downloadUrl = '';
  await expect
    .poll(async () => (downloadUrl = (await dragStartOn(element)).downloadUrl), {
      timeout: 20_000,
    })
    .toMatch(/^audio\/wav:[^:]+\.wav:http:\/\/127\.0\.0\.1:\d+\/drag\/[0-9a-f]{64}\/[^/]+$/);
  return downloadUrl;
}

/** Frames of a 16/24-bit PCM WAV (its `data` chunk over its block size). */
function wavFrames(wav: Buffer): number {
  const data = wav.indexOf('data');
  return wav.readUInt32LE(data + 4) / (wav.readUInt16LE(22) * (wav.readUInt16LE(34) / 8));
}

test('a row or the player dragged out carries a DownloadURL whose loopback URL serves the file (as heard with Sync on), only for its lifetime and never to another origin', async () => {
  test.setTimeout(180_000);
  const { page } = shell;
  await shell.host.setDownloadRoot(join(base, 'Drag'));
  await openSignedIn(page, 'desktop-drag', KICKS);
  const [name] = await rowNames(page);
  const [sample] = await apiRecords<Sample>(page, KICKS_API);
  if (!sample || !name) throw new Error('no kick in the library');
  const row = dataRows(page).first();
  expect(await row.getAttribute('draggable')).toBe('true');

  // Not acquired yet: the drag carries nothing and goes the download's way (its credit rules).
  expect(await dragStartOn(row)).toEqual({ downloadUrl: '', cancelled: true });
  await expect(page.getByRole('button', { name: `已下载 ${name}` })).toBeVisible({
    timeout: 3 * NAVIGATION_TIMEOUT,
  });

  // Acquired: resting on the row hands its file to the shell; a drag then carries its URL.
  const downloadUrl = await preparedDrag(row);
  const url = downloadUrl.split(':').slice(2).join(':');
  expect(new URL(url).port).not.toBe(new URL(gatewayUrl()).port);
  const served = await fetch(url);
  expect(served.status).toBe(200);
  const bytes = Array.from(new Uint8Array(await served.arrayBuffer()));
  // Its own origin's page may ask for it (Chromium's download of a drop may say so).
  expect((await fetch(url, { headers: { origin: new URL(gatewayUrl()).origin } })).status).toBe(
    200,
  );
  // Another web origin is refused, whether it says so by Origin or by Referer.
  expect((await fetch(url, { headers: { origin: 'http://evil.example' } })).status).toBe(403);
  expect((await fetch(url, { headers: { referer: 'http://evil.example/x' } })).status).toBe(403);
  expect(bytes).toEqual(await signedGet(page, API.download(sample.id), 'bytes'));

  // The player's song drags out the same way, from its name and its picture of the sound.
  await row.getByRole('gridcell').nth(2).click();
  const player = page.getByRole('region', { name: '采样播放器' });
  await expect(player.getByText(name)).toBeVisible();
  const handles = player.locator('[draggable="true"]');
  await expect(handles).toHaveCount(2);
  const fromPlayer = (await preparedDrag(handles.first())).split(':').slice(2).join(':');
  expect(Array.from(new Uint8Array(await (await fetch(fromPlayer)).arrayBuffer()))).toEqual(bytes);

  // With Sync on (the player bar's controls: 120 BPM, C minor) a loop drags out as heard.
  const tempo = page.getByRole('spinbutton', { name: /项目速度/ });
  await tempo.fill('120');
  await tempo.press('Enter');
  await page.getByRole('combobox', { name: /项目调性/ }).selectOption('Cm');
  await page.getByRole('switch', { name: /同步/ }).click();
  await page.goto(ARPS);
  const [arpName] = await rowNames(page);
  const [arp] = await apiRecords<Sample>(page, ARPS_API);
  if (!arp || !arpName) throw new Error('no arp loop in the library');
  const heard = syncParams(
    { kind: arp.audioData.kind, bpm: arp.audioBpm, key: arp.audioKey },
    { tempo: 120, key: 'Cm' },
  );
  expect(heard.bpm).toBe(120);
  // C minor, or its relative major for an arp in a major key.
  expect(heard.key).toMatch(/^(Cm|D#)$/);
  const arpRow = dataRows(page).first();
  expect(await dragStartOn(arpRow)).toEqual({ downloadUrl: '', cancelled: true });
  await expect(page.getByRole('button', { name: `已下载 ${arpName}` })).toBeVisible({
    timeout: 3 * NAVIGATION_TIMEOUT,
  });
  const heardUrl = await preparedDrag(arpRow);
  expect(heardUrl.split(':')[1]).toBe(asHeardFileName(arpName, heard));
  const render = Buffer.from(
    await (await fetch(heardUrl.split(':').slice(2).join(':'))).arrayBuffer(),
  );
  expect(render.subarray(0, 4).toString()).toBe('RIFF');
  // The render's length is the original's frames over the stretch (the original decoded here).
  const originalFrames = await page.evaluate(
    async ({ path, key, rate }) => {
      const response = await fetch(path, {
        headers: { authorization: `Bearer ${localStorage.getItem(key)}` },
      });
      const context = new OfflineAudioContext(1, 1, rate);
      return (await context.decodeAudioData(await response.arrayBuffer())).length;
    },
    { path: API.download(arp.id), key: ACCESS_TOKEN_KEY, rate: arp.audioData.sampleRate },
  );
  expect(wavFrames(render)).toBe(renderedFrames(originalFrames, heard.rate));

  // After its lifetime the kick's URL serves nothing.
  await expect
    .poll(async () => (await fetch(url)).status, { timeout: DRAG_LIFETIME_MS + 5000 })
    .toBe(404);
});

test('the bridge refuses bad arguments from the page without harming the shell', async () => {
  const { page } = shell;
  const errors = await page.evaluate(async () => {
    const bridge = window.yinkuDesktop;
    const attempts = [
      () => bridge.saveFile({ folders: ['..', '..'], fileName: 'x', dataBase64: '' }),
      () => bridge.saveFile({ folders: ['sounds', 'packs', 'a', 'b'], fileName: 'x' }),
      () =>
        bridge.saveFile({
          folders: ['sounds', 'packs', 'a', 'b'],
          fileName: 'x',
          dataBase64: '%%%',
        }),
      () => bridge.setDownloadRoot('nope'),
      () => bridge.setStartup('yes' as unknown as boolean),
    ];
    const out: string[] = [];
    for (const attempt of attempts)
      await attempt().then(
        () => out.push('resolved'),
        (error: Error) => out.push(error.message),
      );
    return out;
  });
  expect(errors).toHaveLength(5);
  expect(errors[0]).toMatch(/folders must be/);
  expect(errors[1]).toMatch(/dataBase64 or chunks/);
  expect(errors[2]).toMatch(/base64/);
  expect(errors[3]).toMatch(/absolute path/);
  expect(errors[4]).toMatch(/true or false/);
  const saved = await page.evaluate(() =>
    window.yinkuDesktop.saveFile({
      folders: ['sounds', 'packs', '../../..', 'CON'],
      fileName: '../../../etc/passwd',
      dataBase64: btoa('safe'),
    }),
  );
  expect(saved.userFilePath).toMatch(/^sounds\/packs\/[^/.][^/]*\/_CON\/_[^/]*etc_passwd$/);
  const current = await page.evaluate(() => window.yinkuDesktop.getDownloadRoot());
  expect(current.startsWith(base)).toBe(true);
  expect(readFileSync(join(current, saved.userFilePath), 'utf8')).toBe('safe');
});

test('closing the window ends the shell; npm run desktop exits cleanly on SIGTERM', async () => {
  const configDir = join(base, 'second');
  const second = await launchDesktop({
    url: gatewayUrl(),
    configDir,
    headless: true,
    chromiumPath: CHROMIUM_PATH,
    startup: { platform: 'linux', env: {}, home: base, command: ['node'], cwd: base },
  });
  await second.page.close();
  await second.closed;

  const child = spawn(process.execPath, [join(REPO_ROOT, 'desktop', 'main.ts')], {
    env: {
      ...process.env,
      YINKU_URL: gatewayUrl(),
      YINKU_DESKTOP_HEADLESS: '1',
      YINKU_DESKTOP_CONFIG: join(base, 'third'),
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await expect.poll(() => output, { timeout: 30_000 }).toContain('in a window');
  child.kill('SIGTERM');
  expect(await exit).toBe(0);
  expect(output).toContain('[desktop] window closed');
});
