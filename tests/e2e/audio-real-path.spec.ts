/**
 * The play path for every user (issue 19): a visitor's click plays the public preview, and on a
 * row with none asks them to sign in; a play after the access token expired refreshes once and
 * is heard; a row's own audition button plays its preview and leaves the global mode alone; a
 * row hovered, then clicked, plays from what was fetched ahead, without a new request.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { issueAccessToken, verifyAccessToken } from '../../server/accounts/access-token.ts';
import { API } from '../../src/shared/api/paths.ts';
import { ACCESS_TOKEN_KEY, DEFAULTS } from '../../src/shared/constants.ts';
import { test, expect } from '../testing/e2e.ts';
import { peakLevel } from './testing/audio.ts';
import { dataDir } from './testing/shell.ts';
import { apiRecords, dataRows, NAVIGATION_TIMEOUT, openSignedIn } from './testing/sounds.ts';

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

/** Signs a fresh user (`tag`) in and opens LIST: its row `n`, shown, and that row's sample id. */
async function openListRow(page: Page, tag: string, n: number) {
  await openSignedIn(page, tag, LIST);
  const row = dataRows(page).nth(n);
  await expect(row).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
  return { row, id: Number(await row.getAttribute('data-sample-id')) };
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('yinku.audioTestHooks', '1'));
});

test('a signed-out visitor’s click plays the row’s public preview, and it is heard', async ({
  page,
}) => {
  await page.goto(LIST);
  await expect(dataRows(page).first()).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
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

test('a signed-out visitor’s click on a row with no public preview asks to sign in, never silence', async ({
  page,
}) => {
  // The e2e gateway leaves its least popular samples without an audition
  // (YINKU_SEED_PENDING_AUDITIONS, tests/testing/e2e-global-setup.ts): found as a visitor does, by name.
  await page.goto('/sounds');
  type Row = { id: number; names: { en: string }; auditionCode?: string };
  const records: Row[] = [];
  for (const n of [1, 2, 3])
    records.push(
      ...(await apiRecords<Row>(page, `${API.audios}?range=samples&pageSize=100&page=${n}`)),
    );
  const pending = records.find((r) => !r.auditionCode);
  expect(pending, 'a sample without a public preview').toBeTruthy();
  const list = `/sounds/search/track/${encodeURIComponent(pending!.names.en)}/samples`;
  await page.goto(list);
  const row = page.locator(`[data-sample-id="${pending!.id}"]`);
  await expect(row).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
  const requests: string[] = [];
  page.on('request', (r) => void (/\/play(-audition)?\//.test(r.url()) && requests.push(r.url())));
  await row.getByRole('gridcell').nth(2).click();
  // The prompt says why, and the login page opens with the way back to this list.
  await expect(page.getByText(/未登录：登录后即可播放此采样/)).toBeVisible();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirect') === list,
  );
  await expect(page.getByRole('button', { name: /^(登录|Log in)$/ })).toBeVisible();
  expect(requests, 'no play was attempted').toEqual([]);
});

/** The e2e gateway's token secret, as it loads it (server/context.ts). */
function gatewaySecret(): Buffer {
  const fromEnv = process.env.YINKU_TOKEN_SECRET;
  return fromEnv ? Buffer.from(fromEnv, 'utf8') : readFileSync(join(dataDir(), 'secret.key'));
}

test('a play after the access token expired (2 h idle) refreshes once, then plays and is heard', async ({
  page,
  context,
}) => {
  const { row, id } = await openListRow(page, 'expiry', 3);
  // The token this user was issued 2 h 1 min ago: the gateway's own signature, expired a minute.
  const current = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY);
  const { sub } = JSON.parse(Buffer.from(current!.split('.')[0]!, 'base64url').toString()) as {
    sub: number;
  };
  const issuedAt = Date.now() - DEFAULTS.tokenLifetimeMs - 60_000;
  const expired = issueAccessToken(gatewaySecret(), sub, issuedAt);
  expect(verifyAccessToken(gatewaySecret(), expired, issuedAt + 1000).ok).toBe(true);
  expect(verifyAccessToken(gatewaySecret(), expired, Date.now())).toEqual({
    ok: false,
    reason: 'expired',
  });
  // Another page of the origin (no app on it) stores it, as the tokens of a tab left 2 h idle
  // are: this tab follows storage (as it does another tab's login).
  const other = await context.newPage();
  await other.goto(API.refreshToken);
  await other.evaluate(
    ([key, token, at]) => {
      localStorage.setItem(key, token);
      localStorage.setItem('yinku.tokenTimestamp', String(at));
    },
    [ACCESS_TOKEN_KEY, expired, issuedAt] as const,
  );
  await other.close();
  const refreshes: string[] = [];
  const refused: Promise<string | undefined>[] = [];
  page.on('request', (r) => void (r.url().includes(API.refreshToken) && refreshes.push(r.url())));
  page.on('response', (r) => {
    if (r.status() === 401)
      refused.push(
        r.json().then(
          (body: { errorCode?: string }) => body.errorCode,
          () => 'unread',
        ),
      );
  });
  const played = page.waitForResponse((r) => isPlay(r.request(), id) && r.status() === 200);
  await row.click();
  await played;
  await expect
    .poll(() => playerState(page), { timeout: 15_000 })
    .toMatchObject({ isPlaying: true, id, lastError: null });
  await expect.poll(() => peakLevel(page), { timeout: 10_000 }).toBeGreaterThan(0.001);
  expect(refreshes).toHaveLength(1);
  // The gateway refused the token as expired (a spoiled one is refused as UNAUTHORIZED).
  const codes = await Promise.all(refused);
  expect(codes.length).toBeGreaterThan(0);
  expect(codes.every((code) => code === 'TOKEN_EXPIRED' || code === 'unread')).toBe(true);
  expect(codes).toContain('TOKEN_EXPIRED');
});

test('a row’s audition button plays its MP3 preview and leaves the audition mode off', async ({
  page,
}) => {
  await openSignedIn(page, 'rowaudition', LIST);
  const button = page.getByRole('button', { name: /^试听 / }).first();
  await expect(button).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
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
  const { row, id } = await openListRow(page, 'hover', 4);
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
