import type { Page } from '@playwright/test';
import { readLatestCode, sha256Hex } from '../../testing/accounts.ts';
import { API } from '../../../src/shared/api/paths.ts';
import { expect } from '../../testing/e2e.ts';

/** Password of the seeded demo accounts. */
export const DEMO_PASSWORD = 'yinku-demo';

/** A fresh address per call, so tests never collide on the shared e2e gateway. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.local`;
}

/** The e2e gateway's data directory (mail outbox). */
export function dataDir(): string {
  const dir = process.env.YINKU_E2E_DATA_DIR;
  if (!dir) throw new Error('YINKU_E2E_DATA_DIR is not set: run through `playwright test`');
  return dir;
}

/** Logs in through the login form and waits for the sounds page. */
export async function loginThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel(/邮箱|E-mail/).fill(email);
  await page.getByLabel(/^(密码|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(登录|Log in)$/ }).click();
  // The login, the profile and the sounds page's code: slower than 5 s on a busy CI machine.
  await expect(page).toHaveURL(/\/sounds$/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: /账户菜单|Account menu/ })).toBeVisible({
    timeout: 20_000,
  });
}

/** Registers an ORDINARY account over the API (code read from the outbox); answers its e-mail. */
export async function registerOverApi(page: Page, tag: string, password = DEMO_PASSWORD) {
  const email = uniqueEmail(tag);
  const send = await page.request.post(API.sendCode, {
    data: { email, appKey: 'zh', purpose: 'register' },
  });
  expect(send.status()).toBe(200);
  const register = await page.request.post(API.register, {
    data: { email, password: sha256Hex(password), code: readLatestCode(dataDir(), email) },
  });
  expect(register.status()).toBe(200);
  return email;
}

/** Waits until the top-bar tabs are exactly `labels` (they render after the route's loader). */
export async function expectTopTabs(page: Page, labels: string[]): Promise<void> {
  await expect(
    page.getByRole('navigation', { name: /主导航|Main navigation/ }).getByRole('link'),
  ).toHaveText(labels);
}

/**
 * Follows `page`'s requests from now on; `quiet()` resolves once none has been in flight for
 * `quietMs` since the page's load event: the page has its data and images for a screenshot.
 * Playwright's `networkidle` waits for 500 ms of quiet, most of a shot's time.
 */
export function trackNetwork(page: Page): { quiet(quietMs?: number): Promise<void> } {
  const inFlight = new Set<unknown>();
  let changed = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    changed = Date.now();
  });
  const end = (request: unknown) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async quiet(quietMs = 150) {
      await page.waitForLoadState('load');
      const deadline = Date.now() + 15_000;
      while (inFlight.size > 0 || Date.now() - changed < quietMs) {
        if (Date.now() > deadline) throw new Error(`${inFlight.size} requests still in flight`);
        await page.waitForTimeout(25);
      }
    },
  };
}
