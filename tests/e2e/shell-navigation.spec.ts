/**
 * The app shell's navigation, languages, themes and commerce end to end (issue 4): language
 * switch with a toast and no reload, light/dark, history back/forward, tabs closed three ways,
 * breadcrumbs, 404, and buying a plan that shows up in the orders.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../testing/e2e.ts';
import { loginThroughForm } from './testing/shell.ts';
import { openAs } from './testing/sounds.ts';

/** The tabs of opened pages, by path. */
const openTabs = (page: Page) =>
  page.locator('[data-tab]').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-tab')));

/** Navigates inside the app (no reload) by pushing a route, as a link click would. */
async function go(page: Page, label: RegExp | string) {
  await page
    .getByRole('navigation', { name: /主导航|Main navigation/ })
    .getByRole('link', { name: label })
    .click();
}

test('switching language shows a toast, changes every label and does not reload', async ({
  page,
}) => {
  await page.goto('/profile/privacy-policy');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await expect(page.getByRole('heading', { name: '隐私政策' })).toBeVisible();
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByText('Language switched')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await expect(page).toHaveTitle(/Privacy policy · Yinku/);
  // The gateway's messages follow the language too.
  const answer = await page.evaluate(async () => {
    const response = await fetch('/api/v2/does-not-exist', {
      headers: { 'accept-language': 'en' },
    });
    return decodeURIComponent(response.headers.get('x-error-message') ?? '');
  });
  expect(answer).toBe('No such API route');
});

/** Opens the preferences with the OS in `scheme`: a reader of the page's background colour. */
async function preferencesIn(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto('/preferences');
  return () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

test('switching theme changes the colours and is kept across reloads', async ({ page }) => {
  const background = await preferencesIn(page, 'light');
  await expect.poll(background).toBe('rgb(245, 247, 250)');
  await page.getByRole('button', { name: '切换到深色模式' }).click();
  await expect.poll(background).toBe('rgb(20, 20, 20)');
  await page.reload();
  await expect.poll(background).toBe('rgb(20, 20, 20)');
  // The main colour applies everywhere it is used.
  await page.locator('input[type=color]').fill('#e91e63');
  const logoColour = () =>
    page
      .getByTestId('logo')
      .locator('svg')
      .evaluate((svg) => getComputedStyle(svg).color);
  await expect.poll(logoColour).toBe('rgb(233, 30, 99)');
});

test('the OS preference applies until the user chooses', async ({ page }) => {
  const background = await preferencesIn(page, 'dark');
  await expect.poll(background).toBe('rgb(20, 20, 20)');
  await page.getByRole('radio', { name: '浅色' }).check();
  await expect.poll(background).toBe('rgb(245, 247, 250)');
});

test('history back/forward, dropping forward entries, and tabs closed three ways', async ({
  page,
}) => {
  await loginThroughForm(page, 'creator@yinku.local');
  await go(page, '音乐');
  await expect(page).toHaveURL(/\/songai$/);
  await go(page, '价格');
  await expect(page).toHaveURL(/\/profile\/fieldset$/);
  const back = page.getByRole('button', { name: '后退' });
  const forward = page.getByRole('button', { name: '前进' });
  await back.click();
  await expect(page).toHaveURL(/\/songai$/);
  await back.click();
  await expect(page).toHaveURL(/\/sounds$/);
  await forward.click();
  await expect(page).toHaveURL(/\/songai$/);
  await expect(forward).toBeEnabled();
  // Navigating from the middle drops the forward entry (/profile/fieldset).
  await page.getByRole('button', { name: '账户菜单' }).click();
  await page.getByRole('menuitem', { name: '隐私政策' }).click();
  await expect(page).toHaveURL(/\/profile\/privacy-policy$/);
  await expect(forward).toBeDisabled();
  await back.click();
  await expect(page).toHaveURL(/\/songai$/);

  // Tabs: every opened page once, login excluded.
  await expect
    .poll(() => openTabs(page))
    .toEqual(['/sounds', '/songai', '/profile/fieldset', '/profile/privacy-policy']);
  // 1) by index: the × of /profile/fieldset
  await page.getByRole('button', { name: '关闭 价格方案' }).click();
  await expect
    .poll(() => openTabs(page))
    .toEqual(['/sounds', '/songai', '/profile/privacy-policy']);
  // 2) to the right of the current page (/songai)
  await page.getByRole('button', { name: '已打开的页面' }).click();
  await page.getByRole('menuitem', { name: '关闭右侧' }).click();
  await expect.poll(() => openTabs(page)).toEqual(['/sounds', '/songai']);
  // 3) all others
  await page.getByRole('button', { name: '已打开的页面' }).click();
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect.poll(() => openTabs(page)).toEqual(['/songai']);
  await expect(page).toHaveURL(/\/songai$/);
});

test('breadcrumbs strip colons and go back to a level; unknown paths show the 404 page', async ({
  page,
}) => {
  await openAs(page, 'creator@yinku.local', '/profile/terms-service');
  const crumbs = page.getByRole('navigation', { name: '当前位置' });
  await expect(crumbs).toContainText('个人中心');
  await expect(crumbs.locator('[aria-current=page]')).toHaveText('服务条款');
  await crumbs.getByRole('button', { name: '个人中心' }).click();
  await expect(page).toHaveURL(/\/profile\/ac$/);

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 · 页面不存在' })).toBeVisible();
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: '404 · 页面不存在' })).toBeVisible();
});

test('buying a plan (demo payment) raises the quota and shows the order', async ({ page }) => {
  await openAs(page, 'admin@yinku.local', '/profile/ac');
  const quotaBefore = Number(await page.getByTestId('account-quota').innerText());
  await page.goto('/profile/fieldset');
  await expect(page.getByRole('note')).toContainText('演示支付模式');
  const basic = page.locator('[data-plan=basic]');
  await expect(basic).toContainText('¥30.00');
  await expect(basic).toContainText('200 次下载');
  await basic.getByRole('button', { name: '购买' }).click();
  const dialog = page.getByRole('dialog', { name: '确认购买' });
  await expect(dialog).toContainText('不会真实扣款');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('购买成功')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/orders$/);
  const order = page.locator('[data-order=basic]').first();
  await expect(order).toContainText('已支付');
  await expect(order).toContainText('演示');
  await page.goto('/profile/ac');
  await expect(page.getByTestId('account-quota')).toHaveText(String(quotaBefore + 200));
  await expect(page.getByTestId('account-plan')).toHaveText('基础版');
});
