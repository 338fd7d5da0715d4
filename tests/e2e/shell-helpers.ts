import type { Page } from '@playwright/test';
import { readLatestCode, sha256Hex } from '../helpers/accounts.ts';
import { API } from '../../src/shared/api/paths.ts';
import { expect } from '../helpers/e2e.ts';

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
  await expect(page).toHaveURL(/\/sounds$/);
  await expect(page.getByRole('button', { name: /账户菜单|Account menu/ })).toBeVisible();
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
