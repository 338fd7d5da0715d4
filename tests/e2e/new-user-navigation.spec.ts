/**
 * What a new user trips over (issue 13, items 1–2; issue 17 §7): every breadcrumb on the
 * warehouse, liked, pack and search pages leads to a page that lists something; pack and search
 * pages are named after their pack or query in crumbs, titles and tabs; a filter change does not
 * add a tab and a 404 gets none; the volume set in the preferences is the players' after a reload.
 */
import type { Page } from '@playwright/test';
import type { Pack } from '../../src/shared/index.ts';
import { expect, test } from '../testing/e2e.ts';
import { apiRecords, openAs, signInFresh } from './testing/sounds.ts';

const crumbs = (page: Page) => page.getByRole('navigation', { name: '当前位置' });

/** The tabs of opened pages, by path. */
const openTabs = (page: Page) =>
  page.locator('[data-tab]').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-tab')));

/** Changes the URL's query inside the app, as the filters bar does (no reload). */
async function changeQuery(page: Page, search: string) {
  await page.evaluate((query) => {
    history.pushState(null, '', `${location.pathname}${query}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, search);
  await expect(page).toHaveURL(new RegExp(`${search.replace(/[?]/g, '\\?')}$`));
}

/** A page lists something: sample rows, pack cards, or a list that says it is empty. */
async function expectAList(page: Page) {
  await expect(page.getByRole('heading', { name: '404 · 页面不存在' })).toHaveCount(0);
  await expect(page.getByText('没有这个分类')).toHaveCount(0);
  await expect(
    page
      .locator('[role="grid"], [data-pack-code]')
      .or(page.getByText(/没有符合条件|共 \d+/))
      .first(),
  ).toBeVisible();
}

test('every crumb on the warehouse, liked, pack and search pages leads to a list', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInFresh(page, 'crumbs');
  const [pack] = await apiRecords<Pack>(page, '/api/v2/tt-audios?range=packs&pageSize=1');
  if (!pack) throw new Error('no pack in the library');
  const pages = [
    '/sounds/stockroom/resources',
    '/sounds/stockroom/Packs',
    '/sounds/other/likes',
    '/sounds/other/Packs',
    `/sounds/packs/track/${pack.packCode}/samples`,
    '/sounds/search/track/kick/samples',
    '/sounds/search/track/:Drums/:Kick/samples',
  ];
  for (const path of pages) {
    await page.goto(path);
    const buttons = crumbs(page).getByRole('button');
    await expect(buttons.first()).toBeVisible();
    const count = await buttons.count();
    expect(count, path).toBeGreaterThanOrEqual(1);
    for (let index = 0; index < count; index++) {
      if (index > 0) await page.goBack();
      const crumb = crumbs(page).getByRole('button').nth(index);
      const name = await crumb.innerText();
      const to = (await crumb.getAttribute('data-to')) ?? '';
      await crumb.click();
      await expect(page, `${path} › ${name}`).toHaveURL((url) => url.pathname === to);
      await expectAList(page);
    }
  }
});

test('pack and search pages are named in crumbs, titles and tabs; filters and 404s add no tab', async ({
  page,
}) => {
  await page.goto('/sounds');
  // The tab is opened once the first profile fetch lets the shell draw the page.
  await expect(page.locator('[data-tab="/sounds"]')).toBeVisible();
  const [pack] = await apiRecords<Pack>(page, '/api/v2/tt-audios?range=packs&pageSize=1');
  if (!pack) throw new Error('no pack in the library');
  const packPath = `/sounds/packs/track/${pack.packCode}/samples`;
  await page.goto(packPath);
  await expect(crumbs(page).locator('[aria-current=page]')).toHaveText(pack.name);
  await expect(page).toHaveTitle(`${pack.name} · 音库`);
  await expect(page.locator(`[data-tab="${packPath}"]`)).toContainText(pack.name);

  await page.goto('/sounds/search/track/kick/samples');
  await expect(crumbs(page).locator('[aria-current=page]')).toHaveText('搜索：kick');
  await expect(page).toHaveTitle('搜索：kick · 音库');

  await page.goto('/sounds');
  await expect
    .poll(() => openTabs(page))
    .toEqual(['/sounds', packPath, '/sounds/search/track/kick/samples']);
  await changeQuery(page, '?sort=NEWEST');
  await changeQuery(page, '?sort=NEWEST&bpmMin=90');
  // One tab per place: the filter changes update the /sounds tab in place.
  await expect
    .poll(() => openTabs(page))
    .toEqual(['/sounds?sort=NEWEST&bpmMin=90', packPath, '/sounds/search/track/kick/samples']);

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 · 页面不存在' })).toBeVisible();
  await page.goto('/sounds/no-such-category');
  await expect(page.getByText('没有这个分类')).toBeVisible();
  await expect
    .poll(() => openTabs(page))
    .toEqual(['/sounds?sort=NEWEST&bpmMin=90', packPath, '/sounds/search/track/kick/samples']);
  // The pack keeps its name after a reload (the tab does not fall back to the code).
  await page.reload();
  await expect(page.locator(`[data-tab="${packPath}"]`)).toContainText(pack.name);
});

test('the volume set in the preferences is both players’ volume after a reload', async ({
  page,
}) => {
  await openAs(page, 'creator@yinku.local', '/preferences');
  await page.getByRole('slider', { name: '音量' }).fill('35');
  await expect(page.getByText('35%')).toBeVisible();
  await page.reload();
  await page.goto('/sounds');
  const player = page.getByLabel('采样播放器');
  await expect(player.getByRole('slider', { name: '音量' })).toHaveValue('35');

  // Moving the player's slider is the new setting, and the music player follows it.
  await player.getByRole('slider', { name: '音量' }).fill('50');
  await page.goto('/preferences');
  await expect(page.getByText('50%')).toBeVisible();
  await page.goto('/songai');
  await expect(page.getByTestId('music-player').getByRole('slider', { name: '音量' })).toHaveValue(
    '0.5',
  );
});
