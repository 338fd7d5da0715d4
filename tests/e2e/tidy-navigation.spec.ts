/**
 * Issue 30 §8 and §10 in Chromium against the e2e gateway: a click into the waveform of a row
 * that is not playing starts it there (as the engine plays it, not only as the store says); the
 * tab strip stays at eight tabs, one per place, named in the UI's language after a switch; the
 * home page's new sounds come one per pack and fill their rows; the burger lists the warehouse
 * and liked lists and Esc closes it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../testing/e2e.ts';
import {
  dataRows,
  NAVIGATION_TIMEOUT,
  openSignedIn,
  rowNames,
  signInFresh,
} from './testing/sounds.ts';

/** Loops of a few seconds from the small library. */
const LOOPS = '/sounds/genres/asset/Samples:EDM?kind=loop';

type Hooks = {
  __yinkuPlayer: {
    store: { getState(): { isPlaying: boolean } };
    engine(): {
      start(track: { key: string; duration: number }, offset: number, options: unknown): void;
      position(): number;
    };
  };
};

type Start = { key: string; from: number; duration: number };

/**
 * Records where the engine's voices really start (s), by track: `position()` right after
 * `start`, before the context's clock moves, is the offset the voice plays from.
 */
async function recordStarts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const engine = (window as unknown as Hooks).__yinkuPlayer.engine();
    const starts: Start[] = [];
    (window as unknown as { __starts: Start[] }).__starts = starts;
    const start = engine.start.bind(engine);
    engine.start = (track, offset, options) => {
      start(track, offset, options);
      starts.push({ key: track.key, from: engine.position(), duration: track.duration });
    };
  });
}

/** Where the first voice of sample `id` started, as a fraction of its length (to 0.05). */
const firstStartOf = (page: Page, id: number) =>
  page.evaluate((key) => {
    const starts = (window as unknown as { __starts?: Start[] }).__starts ?? [];
    const first = starts.find((start) => start.key === key);
    return first ? Math.round((first.from / first.duration) * 20) / 20 : null;
  }, `play:${id}`);

/** Clicks a row's waveform at `fraction` of its width; answers the row's sample id. */
async function clickWaveform(page: Page, index: number, fraction: number): Promise<number> {
  const row = dataRows(page).nth(index);
  const id = Number(await row.getAttribute('data-sample-id'));
  // Clear of the player bar at the window's foot.
  await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await row.getByRole('img', { name: /的波形|waveform/i }).boundingBox())!;
  await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
  return id;
}

test('a click into the waveform of a row not playing starts the voice there', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, 'wave-at', LOOPS, { audioHooks: true });
  await rowNames(page);
  // Warm the engine with a first play (the hooks' engine exists from then on).
  await dataRows(page).nth(0).getByRole('gridcell').nth(1).click();
  await expect
    .poll(
      () =>
        page.evaluate(() => (window as unknown as Hooks).__yinkuPlayer.store.getState().isPlaying),
      { timeout: 20_000 },
    )
    .toBe(true);
  await recordStarts(page);
  // Rows never played, their files not fetched (one while another loop plays): the voice
  // starts where the click was, not at the end of the file's first decoded slice (it did).
  for (const [index, fraction] of [
    [4, 0.6],
    [6, 0.3],
  ] as const) {
    const id = await clickWaveform(page, index, fraction);
    await expect.poll(() => firstStartOf(page, id), { timeout: 20_000 }).toBe(fraction);
  }
});

test('the tab strip: at most eight tabs after 20 navigations, named in the UI language', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInFresh(page, 'tabs-cap');
  const places = [
    '/sounds',
    '/sounds/instruments',
    '/sounds/instruments?sort=NEWEST',
    '/sounds/instruments/asset/All:Drums',
    '/sounds/instruments/asset/All%3ADrums',
    '/sounds/genres',
    '/sounds/genres?bpmMin=120',
    '/sounds/cinematicFx',
    '/sounds/chineseStyle',
    '/sounds/stockroom/resources',
    '/sounds/stockroom/Packs',
    '/sounds/other/likes',
    '/sounds/other/Packs',
    '/sounds/packs',
    '/preferences',
    '/profile/ac',
    '/sounds/instruments/asset/Samples:Drums/:Kick',
    '/sounds/search/track/:Drums/:Kick/samples',
    '/sounds/stockroom/resources',
    '/sounds/other/likes',
  ];
  expect(places).toHaveLength(20);
  await page.goto(places[0]!);
  for (const path of places) {
    // Within the app, as its links navigate (a whole page load each would take minutes here).
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // Its tab is there (one per place: an escaped or query-only variant updates the same tab).
    const place = decodeURIComponent(path.split('?')[0]!);
    await page.waitForFunction(
      (want) =>
        [...document.querySelectorAll('[data-tab]')].some(
          (tab) => decodeURIComponent(tab.getAttribute('data-tab')!.split('?')[0]!) === want,
        ),
      place,
      { timeout: NAVIGATION_TIMEOUT },
    );
  }
  const strip = page.getByRole('list', { name: /已打开的页面|Open pages/ });
  const tabTexts = () => strip.locator('li > button:first-child').allTextContents();
  // Type names come from the category tree: 底鼓 and 鼓组, not Kick and Drums.
  await expect.poll(tabTexts).toContain('搜索：鼓组 / 底鼓');
  expect(await tabTexts()).toContain('底鼓');
  const zh = await tabTexts();
  expect(zh.length).toBeLessThanOrEqual(8);
  const places8 = await strip
    .locator('li')
    .evaluateAll((items) =>
      items.map((item) => decodeURIComponent((item.getAttribute('data-tab') ?? '').split('?')[0]!)),
    );
  expect(new Set(places8).size).toBe(places8.length);
  expect(zh).toContain('仓库 · 采样');
  expect(zh).toContain('收藏 · 采样');
  expect(zh.join(' ')).not.toMatch(/[A-Za-z]/);
  await page.screenshot({ path: 'test-results/screenshots/tabs_zh.png' });

  // A language switch renames every tab at once.
  await page
    .getByRole('button', { name: /语言|Language/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect.poll(tabTexts).toContain('Warehouse · Samples');
  const en = await tabTexts();
  expect(en).toHaveLength(zh.length);
  expect(en).toContain('Liked · Samples');
  expect(en.join(' ')).not.toMatch(/[\u4e00-\u9fff]/);
  await expect(page).toHaveTitle(/^Liked · Samples · /);
  for (const width of [1400, 760, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/screenshots/tabs_en_${width}.png` });
  }
});

for (const width of [390, 760, 1400]) {
  test(`home at ${width} px: new sounds one per pack, filling whole rows`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const section = page.getByRole('region', { name: '最新采样' });
    const items = section.getByRole('listitem');
    await expect(items.first()).toBeVisible({ timeout: 20_000 });
    const packs = await items.locator('small').allTextContents();
    const packNames = packs.map((text) => text.split(' · ')[0]);
    expect(new Set(packNames).size).toBe(packNames.length);
    // Every row of the grid is full: the items' left edges repeat in whole rows.
    const lefts = await items.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x));
    const columns = new Set(lefts.map(Math.round)).size;
    expect(lefts.length % columns).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/home_new-sounds_${width}.png` });
  });
}

test('the burger at 390 px lists the warehouse and liked lists, and Esc closes it', async ({
  page,
}) => {
  await openSignedIn(page, 'burger', '/sounds', { viewport: { width: 390, height: 800 } });
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.getByRole('navigation', { name: '主导航' });
  await expect(drawer.getByRole('link', { name: '仓库 · 采样' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: '收藏 · 采样' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/burger_390.png' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: '打开菜单' }).click();
  await drawer.getByRole('link', { name: '收藏 · 采样' }).click();
  await expect(page).toHaveURL(/\/sounds\/other\/likes$/);
  await expect(drawer).toBeHidden();
});
