/**
 * First impressions (issue 17 §8, §6) in headless Chromium against the real gateway: the home
 * page searches and plays, the favicon exists, a signed-out /songai asks to sign in, a language
 * switch renames what is on screen and survives a logout.
 */
import { API } from '../../src/shared/api/paths.ts';
import { expect, test } from '../testing/e2e.ts';
import { apiRecords, dataRows, grid, openSignedIn } from './testing/sounds.ts';

test('home has a search field, trending packs and new sounds that play on click', async ({
  page,
}) => {
  await page.goto('/');
  const trending = page.getByRole('region', { name: '热门音色包' });
  await expect(trending.getByRole('link').first()).toBeVisible();
  const sounds = page.getByRole('region', { name: '最新采样' });
  const first = sounds.getByRole('button', { name: /^播放 / }).first();
  const name = ((await first.getAttribute('aria-label')) ?? '').replace(/^播放 /, '');
  await first.click();
  const player = page.getByRole('region', { name: '采样播放器' });
  await expect(player.getByText(name)).toBeVisible();

  await page.getByRole('combobox', { name: /搜索/ }).fill('kick');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sounds\/search\/track\/kick\/samples/);
});

test('the favicon exists', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toBeTruthy();
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('image/svg+xml');
});

test('signed out, /songai asks to sign in instead of showing a load error', async ({ page }) => {
  await page.goto('/songai');
  await expect(page.getByText('请先登录后使用 AI 音乐')).toBeVisible();
  await expect(page.getByRole('link', { name: '登录', exact: true }).last()).toBeVisible();
  await expect(page.getByText('歌曲加载失败')).toHaveCount(0);
});

test('switching language renames the rows on screen, and logging out keeps the language', async ({
  page,
}) => {
  await openSignedIn(page, 'language', '/sounds/instruments');
  const row = dataRows(page).first();
  await row.waitFor();
  const id = await row.getAttribute('data-sample-id');
  const [record] = await apiRecords<{ id: number; names: { zh: string; en: string } }>(
    page,
    `${API.audios}?range=samples&category=instruments&pageSize=100`,
  ).then((records) => records.filter((r) => String(r.id) === id));
  expect(record).toBeDefined();
  await expect(row.locator('strong')).toHaveText(record!.names.zh);

  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(grid(page).locator(`[data-sample-id="${id}"] strong`)).toHaveText(record!.names.en);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('an empty warehouse says what to do next and offers packs to browse', async ({ page }) => {
  await openSignedIn(page, 'empty', '/sounds/stockroom/resources');
  const empty = page.getByTestId('empty-user-list');
  await expect(empty.getByText(/仓库还是空的/)).toBeVisible();
  await expect(empty.getByRole('link', { name: '浏览全部音色' })).toBeVisible();
  await expect(
    empty.getByRole('region', { name: '热门音色包' }).locator('[data-pack-code]').first(),
  ).toBeVisible();
});
