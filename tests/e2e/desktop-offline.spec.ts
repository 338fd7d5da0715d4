/**
 * "Stay offline" in the desktop shell (issue 13, item 3): no catalogue requests, and the
 * downloaded files stay browsable and playable from disk with the gateway stopped. The test runs
 * its own gateway (the shared e2e one must keep running) and a headless shell against it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchDesktop, type DesktopShell } from '../../desktop/shell.ts';
import { CHROMIUM_PATH } from '../testing/chromium.ts';
import { expect, test } from '../testing/e2e.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { loginThroughForm } from './testing/shell.ts';
import { rowNames } from './testing/sounds.ts';

let base: string;
let gateway: TestGateway | undefined;
let shell: DesktopShell | undefined;

test.beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'yinku-desktop-offline-'));
  gateway = await startTestGateway({ size: 'tiny', serveClient: true });
  shell = await launchDesktop({
    url: gateway.url,
    configDir: join(base, 'config'),
    headless: true,
    chromiumPath: CHROMIUM_PATH,
    startup: { platform: 'linux', env: {}, home: base, command: ['node'], cwd: base },
    openFolder: async () => {},
  });
  await shell.host.setDownloadRoot(join(base, 'Yinku'));
});

test.afterAll(async () => {
  await shell?.close();
  await gateway?.close().catch(() => {});
  rmSync(base, { recursive: true, force: true });
});

test('staying offline plays a downloaded file from disk with the gateway stopped', async () => {
  test.setTimeout(180_000);
  const { page } = shell!;
  await loginThroughForm(page, 'demo@yinku.local');
  await page.goto('/sounds');
  const [name] = await rowNames(page);
  if (!name) throw new Error('no sample in the library');
  await page
    .getByRole('button', { name: `下载 ${name}` })
    .first()
    .click();
  await expect(page.getByRole('button', { name: `已下载 ${name}` }).first()).toBeVisible({
    timeout: 30_000,
  });

  await page.goto('/preferences');
  await expect(page.getByText(/已下载的采样可以在「离线音色」中/)).toBeVisible();
  await page.getByRole('switch', { name: '保持离线' }).click();
  const catalogue: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v2/tt-audios')) catalogue.push(request.url());
  });
  await page.getByRole('link', { name: '打开离线音色' }).click();
  await expect(page).toHaveURL(/\/sounds\/offline$/);
  const file = page.locator('[data-offline-file]').filter({ hasText: `${name}.wav` });
  await expect(file).toBeVisible();

  // The gateway goes away; the page already on screen keeps working from disk.
  await gateway!.close();
  gateway = undefined;
  expect(await page.evaluate(() => window.yinkuDesktop.checkConnectivity())).toBe(false);
  await file.getByRole('button', { name: `播放 ${name}.wav` }).click();
  await expect(file.getByRole('button', { name: `暂停 ${name}.wav` })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A catalogue page while offline goes to the offline sounds, asking the catalogue nothing.
  await page
    .getByRole('navigation', { name: '当前位置' })
    .getByRole('button', { name: '音色' })
    .click();
  await expect(page).toHaveURL(/\/sounds\/offline$/);
  expect(catalogue).toEqual([]);
});
