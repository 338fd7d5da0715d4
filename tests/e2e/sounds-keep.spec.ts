/**
 * What a producer keeps (issue 30 §1, §3, §4, §5, §10) in headless Chromium against the e2e
 * gateway: a warehouse removal is confirmed, undoable and never revokes the purchase (the next
 * download is free at 0 left); a visitor's ♥ asks to sign in beside the button and, after signing
 * in, is back on the same URL with the like made once; a pack on a short balance downloads the part
 * it covers as ONE zip laid out {brand}/{pack}/{name}.wav; ticking rows and opening either bulk
 * dialog leaves the page where it was. Screenshots of the changed screens at 390, 760, 1400 px.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import type { ListPage, Pack, Sample } from '../../src/shared/index.ts';
import { safeFileName, safeSegment } from '../../src/shared/safe-name.ts';
import { expect as baseExpect, test } from '../testing/e2e.ts';
import { DEMO_PASSWORD, registerOverApi } from './testing/shell.ts';
import {
  apiRecords,
  dataRows,
  listShown,
  openSignedIn,
  rowNames,
  setQuota,
  signInFresh,
} from './testing/sounds.ts';

const KICKS = '/sounds/instruments/asset/Samples:Drums/:Kick';
const SHOTS = join('test-results', 'screenshots');

// Each test signs a user in and loads two or three lists; seconds on a quiet machine, but the
// shared CI machine has made single page loads take most of a minute.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
/** Lists reload after each change; on a busy CI machine that can take longer than 5 s. */
const SLOW = { timeout: 60_000 };

const balance = (page: Page) => page.getByTestId('download-balance');

/** The gateway's answer as the signed-in page sees it (the page's own token). */
async function asPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem('yinku.accessToken') ?? '';
    const answer = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh' },
    });
    return (await answer.json()).data;
  }, path);
}

test('a warehouse removal asks, can be undone, and the next download is free at 0 left', async ({
  page,
}) => {
  const email = await signInFresh(page, 'keep');
  await setQuota(email, 1);
  await page.goto(KICKS);
  const [name] = await rowNames(page);
  let downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `下载 ${name}` }).click();
  expect((await downloading).suggestedFilename()).toBe(`${name}.wav`);
  await expect(balance(page)).toHaveAttribute('aria-label', '剩余 0 次下载');

  await page.goto('/sounds/stockroom/resources');
  await expect.poll(() => rowNames(page), SLOW).toEqual([name]);
  await page.getByRole('button', { name: `移除 ${name}` }).click();
  const ask = page.getByRole('dialog', { name: '从仓库移除 1 个采样？' });
  await expect(ask).toContainText('以后再次下载不扣下载次数');
  await ask.getByRole('button', { name: '取消' }).click();
  await expect(dataRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: `移除 ${name}` }).click();
  await ask.getByRole('button', { name: '移除' }).click();
  const toast = page.getByRole('status').filter({ hasText: '已从仓库移除 1 项，再次下载免费' });
  await toast.getByRole('button', { name: '撤销' }).dispatchEvent('click');
  await expect.poll(() => rowNames(page), SLOW).toEqual([name]);
  await page.getByRole('button', { name: `移除 ${name}` }).click();
  await ask.getByRole('button', { name: '移除' }).click();
  await expect(page.getByTestId('empty-user-list')).toBeVisible();

  // Hidden, still owned: downloading it again at 0 left is free and brings it back.
  await page.goto(KICKS);
  await expect(page.getByRole('button', { name: `下载 ${name}` })).toBeVisible();
  downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `下载 ${name}` }).click();
  expect((await downloading).suggestedFilename()).toBe(`${name}.wav`);
  await expect(page.getByRole('button', { name: `已下载 ${name}` })).toBeVisible();
  await expect(balance(page)).toHaveAttribute('aria-label', '剩余 0 次下载');
  await page.goto('/sounds/stockroom/resources');
  await expect.poll(() => rowNames(page), SLOW).toEqual([name]);
});

test("a visitor's ♥ asks to sign in, returns to the same URL, and the like is made once", async ({
  page,
}) => {
  const email = await registerOverApi(page, 'visitor-like');
  const place = '/sounds/genres?bpmMin=120';
  await page.goto(place);
  const [name] = await rowNames(page);
  await page.getByRole('button', { name: `收藏 ${name}` }).click();
  const prompt = page.getByRole('dialog', { name: '登录后即可收藏' });
  await expect(prompt).toBeVisible();
  await expect(page).toHaveURL(place);
  await prompt.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(place)}`);
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel(/^密码$/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^登录$/ }).click();

  await expect(page).toHaveURL(place);
  await expect(page.getByRole('button', { name: `取消收藏 ${name}` })).toBeVisible();
  const liked = () =>
    asPage<ListPage<Sample>>(page, '/api/v2/tt-audios/user?relation=likes').then((l) =>
      l.records.map((s) => s.audioName),
    );
  await expect.poll(liked, SLOW).toEqual([name]);
  // Once: a reload neither repeats nor undoes it.
  await page.reload();
  await listShown(page, /./);
  await expect(page.getByRole('button', { name: `取消收藏 ${name}` })).toBeVisible();
  expect(await liked()).toEqual([name]);
  expect(await page.evaluate(() => sessionStorage.getItem('yinku.pendingAction'))).toBeNull();
});

test('a pack on a short balance: the first N arrive as one zip laid out {brand}/{pack}/{name}.wav', async ({
  page,
}) => {
  const email = await signInFresh(page, 'zip');
  const packs = await apiRecords<Pack>(page, '/api/v2/tt-audios?range=packs&pageSize=50');
  const pack = packs.find((p) => p.sampleCount >= 4)!;
  await setQuota(email, 3);
  await page.goto(`/sounds/packs/track/${pack.packCode}/samples`);
  await expect(page.getByRole('heading', { name: pack.name })).toBeVisible();
  await expect(balance(page)).toHaveAttribute('aria-label', '剩余 3 次下载');
  await page.getByRole('button', { name: '下载整个音色包' }).click();
  const dialog = page.getByRole('dialog', { name: `下载音色包 ${pack.name}` });
  await expect(dialog.getByRole('radio', { name: '只下载前 3 个' })).toBeChecked();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载（3 个）' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${pack.name}.zip`);
  // Streamed by the zip-download service worker, not a Blob built in the page (blob: URL).
  expect(download.url()).toMatch(/\/zip-download\/[0-9a-f-]{36}\//);
  await expect(page.getByText(`已保存 3 个文件：${pack.name}.zip`)).toBeVisible({
    timeout: 30_000,
  });

  const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const samples = await apiRecords<Sample>(
    page,
    `/api/v2/tt-audios?packCode=${pack.packCode}&pageSize=100`,
  );
  const folder = `${safeSegment(pack.brand)}/${safeSegment(pack.name)}`;
  expect(Object.keys(zip).sort()).toEqual(
    samples
      .slice(0, 3)
      .map((s) => `${folder}/${safeFileName(s.audioName, s.audioData.format)}`)
      .sort(),
  );
  for (const sample of samples.slice(0, 3))
    expect(zip[`${folder}/${safeFileName(sample.audioName, 'wav')}`]?.length).toBe(
      sample.audioData.sizeBytes,
    );
  await expect(balance(page)).toHaveAttribute('aria-label', '剩余 0 次下载');
});

test('ticking rows 1–2 and opening either bulk dialog keeps the page where it was', async ({
  page,
}) => {
  await openSignedIn(page, 'stay', KICKS);
  const [first, second] = await rowNames(page);
  await page.getByRole('checkbox', { name: `选择 ${first}` }).click();
  await page.getByRole('checkbox', { name: `选择 ${second}` }).click();
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  expect(await scrollY()).toBe(0);
  const panel = page.getByRole('region', { name: '已选采样' });
  for (const [button, title] of [
    ['批量收藏', '收藏前需要先下载'],
    ['批量下载', '下载所选采样'],
  ]) {
    await panel.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    expect(await scrollY()).toBe(0);
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    expect(await scrollY()).toBe(0);
  }
});

for (const width of [390, 760, 1400]) {
  test(`screenshots: warehouse question, short-balance choice, sign-in prompt, pack ♥, desktop card, ${width} px`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height: 860 });
    const shot = (name: string) =>
      page.screenshot({ path: join(SHOTS, `${name}.light.zh.${width}.png`) });
    await page.goto('/sounds');
    const packs = await apiRecords<Pack>(page, '/api/v2/tt-audios?range=packs&pageSize=50');
    const pack = packs.find((p) => p.sampleCount >= 4);

    await page.goto(`/sounds/packs/track/${pack!.packCode}/samples`);
    const [name] = await rowNames(page);
    await page.getByRole('button', { name: `收藏 ${name}` }).click();
    await expect(page.getByRole('dialog', { name: '登录后即可收藏' })).toBeVisible();
    await shot('sign-in-prompt');

    const email = await signInFresh(page, `shots-${width}`);
    await setQuota(email, 2);
    await page.goto(`/sounds/packs/track/${pack!.packCode}/samples`);
    await expect(page.getByRole('button', { name: '收藏音色包' })).toBeVisible();
    await shot('pack_like');
    await page.getByRole('button', { name: '下载整个音色包' }).click();
    const dialog = page.getByRole('dialog', { name: `下载音色包 ${pack!.name}` });
    await dialog.getByRole('radio', { name: /自己选择/ }).check();
    await dialog.getByRole('checkbox').first().check();
    await shot('credits_short-choice');
    await dialog.getByRole('button', { name: '取消' }).click();

    await page.getByRole('button', { name: `下载 ${name}` }).click();
    await expect(page.getByRole('button', { name: `已下载 ${name}` })).toBeVisible();
    await page.goto('/sounds/stockroom/resources');
    await page.getByRole('button', { name: `移除 ${name}` }).click();
    await expect(page.getByRole('dialog', { name: '从仓库移除 1 个采样？' })).toBeVisible();
    await shot('warehouse_remove-question');
    await page.getByRole('button', { name: '移除', exact: true }).click();
    await expect(page.getByRole('button', { name: '撤销' })).toBeVisible();
    await shot('warehouse_removed-undo');

    await page.goto('/profile/ac');
    await page.locator('#install').scrollIntoViewIfNeeded();
    await expect(page.getByText('npm run desktop', { exact: true })).toBeVisible();
    await shot('profile_desktop-card');
  });
}
