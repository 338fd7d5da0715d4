/**
 * A layout for every width and the player's modes (issue 17 §5, §6) in headless Chromium against
 * the real gateway: rows visible at 1400×900, the mini player at 390 px, warehouse reachable at
 * every width, Esc closes the detail panel, a loop repeats by itself.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../testing/e2e.ts';
import { playerState } from './testing/audio.ts';
import { dataRows, grid, openSignedIn, rowNames } from './testing/sounds.ts';

/** Loops of a few seconds from the small library. */
const LOOPS = '/sounds/genres/asset/Samples:EDM?kind=loop';

type Box = { x: number; y: number; width: number; height: number };

/** The area two boxes share (px²). */
function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Boxes of the visible controls and texts of the player bar, each with a name for messages. */
async function playerParts(player: Locator): Promise<{ name: string; box: Box }[]> {
  return player.evaluate((bar) => {
    const parts = bar.querySelectorAll<HTMLElement>(
      'button, [role="switch"], [role="slider"], input, [aria-live], span, canvas',
    );
    return [...parts]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        // Nested parts (an icon's span in a button) count once, as their outermost control.
        const inner = el.parentElement?.closest('button, [role="switch"], [aria-live]');
        return r.width > 0 && r.height > 0 && (!inner || !bar.contains(inner));
      })
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: el.getAttribute('aria-label') ?? el.textContent ?? el.tagName,
          box: { x: r.x, y: r.y, width: r.width, height: r.height },
        };
      });
  });
}

/** Signs a fresh user in and opens the instruments list at 1400×900. */
async function openInstruments(page: Page, tag: string): Promise<void> {
  await openSignedIn(page, tag, '/sounds/instruments', { viewport: { width: 1400, height: 900 } });
}

/** How many data rows lie wholly between the grid's header and the player bar. */
async function rowsInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const header = document.querySelector('[role="grid"] [role="row"]:not([data-sample-id])');
    const bar = document.querySelector('section[aria-label="采样播放器"]');
    const top = header?.getBoundingClientRect().bottom ?? 0;
    const bottom = bar?.getBoundingClientRect().top ?? window.innerHeight;
    return [...document.querySelectorAll('[role="grid"] [role="row"][data-sample-id]')].filter(
      (row) => {
        const r = row.getBoundingClientRect();
        return r.top >= top - 1 && r.bottom <= bottom + 1;
      },
    ).length;
  });
}

test('at 1400×900 with the filters open, at least 8 rows show, and 12 once the list is scrolled to', async ({
  page,
}) => {
  await openInstruments(page, 'density');
  await rowNames(page);
  await expect(page.getByLabel(/最低 BPM|Min BPM/)).toBeVisible();
  await expect.poll(() => rowsInView(page)).toBeGreaterThanOrEqual(8);
  // A wheel over the list moves the page (one scroll): the header sticks under the top bar and
  // the rows fill the window down to the player bar.
  const box = (await grid(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => rowsInView(page)).toBeGreaterThanOrEqual(12);
});

test('the page scrolls as one: the window scrolls and the last rows clear the player bar', async ({
  page,
}) => {
  await openInstruments(page, 'one-scroll');
  await rowNames(page);
  const gridBox = await grid(page).evaluate((el) => ({
    overflow: getComputedStyle(el).overflowY,
    scrolls: el.scrollHeight > el.clientHeight + 1,
  }));
  expect(gridBox.overflow).toBe('visible');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = dataRows(page).last();
  const rowCount = (await grid(page).getAttribute('aria-rowcount'))!;
  await expect(last).toHaveAttribute('aria-rowindex', rowCount);
  const bar = page.getByRole('region', { name: '采样播放器' });
  const lastBox = (await last.boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(barBox.y + 1);
});

test('at 390 px the mini player does not overlap itself and the warehouse is one tap away', async ({
  page,
}) => {
  await openSignedIn(page, 'phone', LOOPS, { viewport: { width: 390, height: 844 } });
  // Every control of the top bar, the avatar last, lies inside the phone's width.
  const topBar = page.getByRole('banner');
  await expect(topBar.getByRole('button').last()).toBeVisible();
  for (const control of await topBar.getByRole('button').all()) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width, String(await control.getAttribute('aria-label'))).toBeLessThanOrEqual(
      390,
    );
  }
  const [first = ''] = await rowNames(page);
  await dataRows(page).first().locator('strong').click();
  const player = page.getByRole('region', { name: '采样播放器' });
  await expect(player.getByText(first)).toBeVisible();
  await expect(player.getByRole('button', { name: '暂停' })).toBeVisible();
  // Clear of each other at phone width, and at a tablet's where the bar is full but tight.
  for (const width of [390, 760]) {
    await page.setViewportSize({ width, height: 844 });
    const parts = await playerParts(player);
    expect(parts.length).toBeGreaterThanOrEqual(4);
    for (const [i, a] of parts.entries()) {
      expect(a.box.x, a.name).toBeGreaterThanOrEqual(0);
      expect(a.box.x + a.box.width, a.name).toBeLessThanOrEqual(width + 1);
      for (const b of parts.slice(i + 1))
        expect(overlap(a.box, b.box), `${width} px: ${a.name} / ${b.name}`).toBe(0);
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  // Like and download of a row are on screen.
  const row = dataRows(page).first();
  for (const name of [/^收藏/, /^下载/]) {
    const box = (await row.getByRole('button', { name }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }

  await page.getByRole('link', { name: /仓库 · 采样/ }).click();
  await expect(page).toHaveURL(/\/sounds\/stockroom\/resources$/);
  await page.getByRole('link', { name: /收藏 · 采样/ }).click();
  await expect(page).toHaveURL(/\/sounds\/other\/likes$/);
});

test('at 390 px the filters past the sort fold behind a toggle, and filter from there', async ({
  page,
}) => {
  await openSignedIn(page, 'phone-filters', '/sounds/genres/asset/Samples:EDM', {
    viewport: { width: 390, height: 844 },
  });
  await expect(dataRows(page).first()).toBeVisible();
  const kind = page.getByRole('combobox', { name: '单次/循环' });
  await expect(kind).toBeHidden();
  await expect(page.getByRole('combobox', { name: '排序' })).toBeVisible();
  // Folded, the list starts high enough for four whole rows above the player (two before).
  expect(await rowsInView(page)).toBeGreaterThanOrEqual(4);
  const toggle = page.getByRole('button', { name: '筛选', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await kind.selectOption('loop');
  await expect(page).toHaveURL(/kind=loop/);
  await expect(page.getByRole('button', { name: '筛选 · 1' })).toBeVisible();
  await expect(kind).toBeVisible();
  // Folded again, the toggle still says the list is filtered.
  await page.getByRole('button', { name: '筛选 · 1' }).click();
  await expect(kind).toBeHidden();
});

test('the warehouse is reachable at 760 px too', async ({ page }) => {
  await openSignedIn(page, 'tablet', '/sounds', { viewport: { width: 760, height: 900 } });
  await page.getByRole('link', { name: /仓库 · 音色包/ }).click();
  await expect(page).toHaveURL(/\/sounds\/stockroom\/Packs$/);
});

test('Esc closes the detail panel, which keeps a fixed width beside the list', async ({ page }) => {
  await openInstruments(page, 'esc');
  const [first = ''] = await rowNames(page);
  await grid(page).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const details = page.getByRole('complementary', { name: '详情' });
  await expect(details.getByRole('heading', { name: first })).toBeVisible();
  const width = (await details.boundingBox())!.width;
  expect(width).toBeGreaterThanOrEqual(340);
  expect(width).toBeLessThanOrEqual(380);
  // A similar sample plays in place, without leaving the panel.
  const similar = details.getByRole('region', { name: '同一子分类的其他采样' });
  if (await similar.count()) {
    await similar.getByRole('button', { name: /^播放/ }).first().click();
    await expect(details).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
});

test('a loop plays in a loop by default: the position wraps and playback goes on', async ({
  page,
}) => {
  await openSignedIn(page, 'loop', LOOPS, { audioHooks: true });
  await rowNames(page);
  await dataRows(page).first().locator('strong').click();
  const state = () => playerState(page, 'progress', 'isPlaying', 'actionType');
  await expect.poll(async () => (await state()).progress, { timeout: 20_000 }).toBeGreaterThan(0.6);
  // Past its end the loop goes on as one voice (the engine loops it, docs/AUDIO.md "Loops"): the
  // position wraps to the top while it keeps playing, with no new start (never 'auto').
  await expect
    .poll(
      async () => {
        const now = await state();
        return now.isPlaying && now.actionType !== 'auto' && now.progress < 0.5;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
});

test('clicking into the waveform of a row that is not playing starts it there', async ({
  page,
}) => {
  await openSignedIn(page, 'wave', LOOPS, { audioHooks: true });
  await rowNames(page);
  const row = dataRows(page).nth(1);
  const id = Number(await row.getAttribute('data-sample-id'));
  const wave = row.getByRole('img', { name: /的波形|waveform/i });
  const box = (await wave.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect
    .poll(async () => {
      const { id, startProgress } = await playerState(page, 'id', 'startProgress');
      return { id, start: Math.round(startProgress * 10) / 10 };
    })
    .toEqual({ id, start: 0.5 });
});
