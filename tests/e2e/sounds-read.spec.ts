/**
 * Search that reads tempo and key, and similar sounds against their source (issue 30 §2, §6), in
 * headless Chromium against the e2e gateway: "trap 140" and "piano Am" / "钢琴 F小调" show their
 * reading as chips and list only rows of that tempo or key; the similar page pins its source,
 * which plays, and B switches what plays between the source and the selected match (heard on the
 * player's output). Screenshots of both pages at 390, 760 and 1400 px.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../testing/e2e.ts';
import { peakLevel, playerState } from './testing/audio.ts';
import { dataRows, listShown, NAVIGATION_TIMEOUT, signInWithTokens } from './testing/sounds.ts';

const OUT = join('test-results', 'screenshots');
const WIDTHS = [390, 760, 1400] as const;

/** Types `text` into the top bar's search and presses Enter. */
async function searchFor(page: Page, text: string): Promise<void> {
  // The shell's top bar is there (not the skeleton shown while the profile loads): its search
  // button, or the field itself when the bar is already open.
  const bar = page
    .getByRole('button', { name: '搜索', exact: true })
    .or(page.getByRole('combobox', { name: '搜索' }));
  await expect(bar.first()).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
  await page.locator('body').press('/');
  const field = page.getByRole('combobox', { name: '搜索' });
  await expect(field).toBeFocused();
  await field.fill(text);
  await field.press('Enter');
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: `“${text}” 的搜索结果` }),
  ).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
  // A list with rows is a ready grid; one without says so in place of the grid.
  await expect(page.locator('[data-list-state="ready"], [data-list-state="empty"]')).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
}

/** Every loaded row's key and BPM cells, as text without the detected mark. */
async function keysAndTempos(page: Page): Promise<{ key: string; bpm: string }[]> {
  return dataRows(page).evaluateAll((rows) =>
    rows.map((row) => {
      const [key, bpm] = [...row.querySelectorAll('[role="gridcell"][data-meta]')].map((cell) =>
        (cell.textContent ?? '').replace('≈', '').trim(),
      );
      return { key: key!, bpm: bpm! };
    }),
  );
}

/** What the player plays now, from its test hook. */
const playing = (page: Page) => playerState(page, 'id', 'isPlaying');

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Two frames: the list has measured its new width and painted it.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.screenshot({ path: join(OUT, `read-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.addInitScript(() => localStorage.setItem('yinku.audioTestHooks', '1'));
});

test('"trap 140" and "piano Am" list only rows of that tempo and key, read as chips', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto('/sounds');
  await searchFor(page, 'trap 140');
  const terms = page.getByRole('list', { name: '搜索词' });
  await expect(terms.getByRole('listitem')).toHaveText(['trap', 'BPM 137–143']);
  const trap = await keysAndTempos(page);
  expect(trap.length).toBeGreaterThan(0);
  for (const row of trap) {
    expect(Number(row.bpm)).toBeGreaterThanOrEqual(137);
    expect(Number(row.bpm)).toBeLessThanOrEqual(143);
  }
  await shoot(page, 'trap-140');

  // The small library has no piano in A minor: the chips say what was read, no row is in another
  // key, and the page offers the reading it did not apply.
  await searchFor(page, 'piano Am');
  await expect(terms.getByRole('listitem')).toHaveText(['piano', 'A 小调']);
  for (const row of await keysAndTempos(page)) expect(row.key).toBe('Am');
  const asWord = page.getByRole('button', { name: '把“Am”当作搜索词' });
  if ((await dataRows(page).count()) === 0) await expect(asWord).toBeVisible();
  await shoot(page, 'piano-am');

  // A key it has, spelled in Chinese: every row is in it.
  await searchFor(page, '钢琴 F小调');
  await expect(terms.getByRole('listitem')).toHaveText(['钢琴', 'F 小调']);
  const fMinor = await keysAndTempos(page);
  expect(fMinor.length).toBeGreaterThan(0);
  for (const row of fMinor) expect(row.key).toBe('Fm');

  // Removing the tempo chip searches the words alone.
  await page.goto('/sounds/search/track/trap%20140/samples');
  await terms.getByRole('button', { name: '移除搜索词 BPM 137–143' }).click();
  await listShown(page, '“trap” 的搜索结果');
  expect(await dataRows(page).count()).toBeGreaterThan(trap.length);
});

test('the similar page pins its source; B switches between it and the selected match', async ({
  page,
}) => {
  // A real engine plays five times over; a loaded machine makes each start slow.
  test.setTimeout(150_000);
  await signInWithTokens(page, 'demo@yinku.local');
  // A loop: loops repeat by default, so each side keeps playing while the keys are pressed.
  const answer = await page.request.get('/api/v2/tt-audios?kind=loop&pageSize=1', {
    headers: { 'accept-language': 'zh' },
  });
  const [loop] = (await answer.json()).data.records as { id: number; audioName: string }[];
  const { id, audioName: name } = loop!;
  await page.goto(`/sounds/similar/${id}`);
  await listShown(page, `与采样 #${id} 相似的采样`);

  const source = page.getByTestId('similar-source');
  await expect(source).toContainText(name);
  await expect(source).toContainText('A · 原始采样');
  // The source plays, and is heard.
  await source.getByRole('button', { name: `播放 ${name}` }).click();
  await expect.poll(() => playing(page), { timeout: 15_000 }).toEqual({ id, isPlaying: true });
  await expect.poll(() => peakLevel(page), { timeout: 10_000 }).toBeGreaterThan(0.01);

  // Play the second match, then B goes back to the source and B again to that match.
  const match = dataRows(page).nth(1);
  const matchId = Number(await match.getAttribute('data-sample-id'));
  const matchName = await match.locator('strong').innerText();
  await match.click();
  await expect
    .poll(() => playing(page), { timeout: 15_000 })
    .toEqual({
      id: matchId,
      isPlaying: true,
    });
  await expect(source).toContainText(`B · ${matchName}`);
  await page.locator('body').press('b');
  await expect.poll(() => playing(page), { timeout: 15_000 }).toEqual({ id, isPlaying: true });
  await expect.poll(() => peakLevel(page), { timeout: 10_000 }).toBeGreaterThan(0.01);
  await page.locator('body').press('b');
  await expect
    .poll(() => playing(page), { timeout: 15_000 })
    .toEqual({
      id: matchId,
      isPlaying: true,
    });
  await expect.poll(() => peakLevel(page), { timeout: 10_000 }).toBeGreaterThan(0.01);
  // The button does the same.
  await source.getByRole('button', { name: 'A/B 切换' }).click();
  await expect.poll(() => playing(page), { timeout: 15_000 }).toEqual({ id, isPlaying: true });
  await shoot(page, 'similar-source');

  // The detail panel's same-group list is named for what it is.
  await dataRows(page).first().click();
  await page.keyboard.press('Enter');
  const details = page.getByRole('complementary', { name: '详情' });
  await expect(details).toBeVisible();
  await expect(details.getByText('同组相似采样')).toHaveCount(0);
  await shoot(page, 'detail-panel');
});
