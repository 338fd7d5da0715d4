/**
 * The play path for every user (issue 19): a visitor's click plays the public preview; a play
 * after the access token went bad refreshes once and is heard; a row's own audition button plays
 * its preview and leaves the global mode alone; a row hovered, then clicked, plays from what was
 * fetched ahead, without a new request.
 */
import type { Page, Request } from '@playwright/test';
import { API } from '../../src/shared/api/paths.ts';
import { test, expect } from '../helpers/e2e.ts';
import { peakLevel } from './audio-helpers.ts';
import { apiRecords, dataRows, signInFresh } from './sounds-helpers.ts';

interface PlayerHook {
  store: {
    getState(): { isPlaying: boolean; id: number | null; audition: boolean; lastError: unknown };
  };
  engine(): { analyser: AnalyserNode };
}

const playerState = (page: Page) =>
  page.evaluate(() => {
    const s = (window as unknown as { __yinkuPlayer: PlayerHook }).__yinkuPlayer.store.getState();
    return { isPlaying: s.isPlaying, id: s.id, audition: s.audition, lastError: s.lastError };
  });

const LIST = '/sounds/genres/asset/Samples:Trap';
const isPlay = (r: Request, id: number) => r.url().endsWith(API.play(id));

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('yinku.audioTestHooks', '1'));
});

test('a signed-out visitor’s click plays the row’s public preview, and it is heard', async ({
  page,
}) => {
  await page.goto(LIST);
  await expect(dataRows(page).first()).toBeVisible();
  const records = await apiRecords<{ id: number; auditionCode?: string; duration: number }>(
    page,
    `${API.audios}?range=samples&pageSize=20`,
  );
  const ids = await dataRows(page).evaluateAll((rows) =>
    rows.map((r) => Number(r.getAttribute('data-sample-id'))),
  );
  const withPreview = records.find((r) => r.auditionCode && r.duration >= 1 && ids.includes(r.id));
  expect(withPreview, 'a visible row with a public preview').toBeTruthy();
  const fetched = page.waitForResponse((r) => r.url().includes('/play-audition/'));
  await page.locator(`[data-sample-id="${withPreview!.id}"]`).click();
  expect((await fetched).status()).toBe(200);
  await expect
    .poll(() => playerState(page), { timeout: 15_000 })
    .toMatchObject({ isPlaying: true, id: withPreview!.id, audition: true, lastError: null });
  await expect.poll(() => peakLevel(page), { timeout: 10_000 }).toBeGreaterThan(0.01);
});

test('a play after the access token went bad refreshes once, then plays and is heard', async ({
  page,
  context,
}) => {
  await signInFresh(page, 'expiry');
  await page.goto(LIST);
  const row = dataRows(page).nth(3);
  await expect(row).toBeVisible();
  const id = Number(await row.getAttribute('data-sample-id'));
  // Another page of the origin (no app on it) spoils the stored token: this tab follows storage
  // (as it does another tab's login), so its next request carries a token the gateway refuses.
  const other = await context.newPage();
  await other.goto(API.refreshToken);
  await other.evaluate(() =>
    localStorage.setItem('yinku.accessToken', `${localStorage.getItem('yinku.accessToken')}x`),
  );
  await other.close();
  const refreshes: string[] = [];
  page.on('request', (r) => void (r.url().includes(API.refreshToken) && refreshes.push(r.url())));
  const played = page.waitForResponse((r) => isPlay(r.request(), id) && r.status() === 200);
  await row.click();
  await played;
  await expect
    .poll(() => playerState(page), { timeout: 15_000 })
    .toMatchObject({ isPlaying: true, id, lastError: null });
  await expect.poll(() => peakLevel(page), { timeout: 10_000 }).toBeGreaterThan(0.001);
  expect(refreshes).toHaveLength(1);
});

test('a row’s audition button plays its MP3 preview and leaves the audition mode off', async ({
  page,
}) => {
  await signInFresh(page, 'rowaudition');
  await page.goto(LIST);
  const button = page.getByRole('button', { name: /^试听 / }).first();
  await expect(button).toBeVisible();
  const fetched = page.waitForResponse((r) => r.url().includes('/play-audition/'));
  await button.click();
  expect((await fetched).headers()['content-type']).toContain('audio/mpeg');
  await expect
    .poll(() => playerState(page), { timeout: 15_000 })
    .toMatchObject({ isPlaying: true, audition: true, lastError: null });
  await expect.poll(() => peakLevel(page), { timeout: 10_000 }).toBeGreaterThan(0.001);
  await expect(page.getByRole('switch', { name: '试听模式' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});

test('a row hovered, then clicked, plays what was fetched ahead: no new request', async ({
  page,
}) => {
  await signInFresh(page, 'hover');
  await page.goto(LIST);
  const row = dataRows(page).nth(4);
  await expect(row).toBeVisible();
  const id = Number(await row.getAttribute('data-sample-id'));
  const plays: string[] = [];
  page.on('request', (r) => void (isPlay(r, id) && plays.push(r.url())));
  const ahead = page.waitForResponse((r) => isPlay(r.request(), id));
  await row.hover();
  expect((await ahead).status()).toBe(200);
  await expect.poll(() => plays.length).toBe(1);
  await row.click();
  await expect
    .poll(() => playerState(page), { timeout: 15_000 })
    .toMatchObject({ isPlaying: true, id, lastError: null });
  await expect.poll(() => peakLevel(page), { timeout: 10_000 }).toBeGreaterThan(0.001);
  expect(plays).toHaveLength(1);
});
