/**
 * The app shell's account flows end to end (issue 4) in headless Chromium against the real
 * gateway: register with the e-mailed code, inline validation, log in, role-based tabs, the
 * invitation-code assessment, a token that expires mid-session, and logging out.
 */
import type { Request } from '@playwright/test';
import { ACCESS_TOKEN_KEY } from '../../src/shared/constants.ts';
import { readLatestCode } from '../testing/accounts.ts';
import { expect, test } from '../testing/e2e.ts';
import {
  DEMO_PASSWORD,
  dataDir,
  loginThroughForm,
  registerOverApi,
  expectTopTabs,
  uniqueEmail,
} from './testing/shell.ts';

test('register with the code from the outbox, then log in as the new ORDINARY user', async ({
  page,
}) => {
  const email = uniqueEmail('register');
  await page.goto('/register');
  await page.getByLabel('邮箱').fill(email);
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText('发送验证码成功')).toBeVisible();
  await page.getByLabel('验证码').fill(readLatestCode(dataDir(), email));
  await page.getByLabel('密码', { exact: true }).fill('secret-123');
  await page.getByLabel('确认密码').fill('secret-123');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText('注册成功')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await loginThroughForm(page, email, 'secret-123');
  await expectTopTabs(page, ['音色']);
});

test('the forms show the docs/PRODUCT.md §5 texts inline and send nothing invalid', async ({
  page,
}) => {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/v4/users/login')) calls += 1;
  });
  await page.goto('/login');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await page.getByLabel('邮箱').fill('not-an-email');
  await page.getByLabel('密码', { exact: true }).fill('12345');
  await page.getByLabel('邀请码').fill('AB-123');
  await page.getByRole('button', { name: '开始测评' }).click();
  await expect(page.getByText('账号格式不规范')).toBeVisible();
  await expect(page.getByText('密码不能少于6位')).toBeVisible();
  await expect(page.getByText('邀请码格式错误，格式为 XXX_XXX')).toBeVisible();
  expect(calls).toBe(0);

  // A wrong password reaches the gateway and its message shows on the form.
  await page.getByLabel('邮箱').fill('demo@yinku.local');
  await page.getByLabel('密码', { exact: true }).fill('wrong-password');
  await page.getByLabel('邀请码').fill('');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /密码|password/i })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('tabs follow the role: ORDINARY sees Sounds, CREATOR sees Sounds, Music, Pricing', async ({
  page,
}) => {
  await loginThroughForm(page, 'demo@yinku.local');
  await expectTopTabs(page, ['音色']);
  await page.getByRole('button', { name: '账户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();

  await loginThroughForm(page, 'creator@yinku.local');
  await expectTopTabs(page, ['音色', '音乐', '价格']);
});

test('an invitation code starts the assessment; finishing grants CREATOR', async ({ page }) => {
  const email = await registerOverApi(page, 'assess');
  await page.goto('/login');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('邀请码').fill('DEM_001');
  await page.getByRole('button', { name: '开始测评' }).click();

  await expect(page.getByRole('heading', { name: '创作者测评' })).toBeVisible();
  await page.getByRole('button', { name: '测评提示' }).click();
  await expect(page.getByRole('note')).toContainText('至少选择一项');
  await page.getByRole('button', { name: '继续' }).click();

  // A page cannot be left without an answer.
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(page.getByRole('alert')).toHaveText('请至少选择一项');
  for (let pageIndex = 0; pageIndex < 3; pageIndex += 1) {
    await expect(page.getByText(`第 ${pageIndex + 1} / 3 页`)).toBeVisible();
    await page.locator('fieldset label').first().click();
    const last = pageIndex === 2;
    await page.getByRole('button', { name: last ? '完成' : '下一页' }).click();
  }
  await expect(page.getByRole('heading', { name: '恭喜' })).toBeVisible();
  await page.getByRole('button', { name: '开始浏览音色' }).click();
  await expect(page).toHaveURL(/\/sounds$/);
  await expectTopTabs(page, ['音色', '音乐', '价格']);
  await page.goto('/profile/ac');
  await expect(page.getByTestId('account-role')).toContainText('创作者');
});

test('a token that expires mid-session is refreshed without the user noticing', async ({
  page,
}) => {
  await loginThroughForm(page, 'creator@yinku.local');
  const before = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY);
  // The gateway will answer 401 to this token: the client must refresh once and carry on.
  await page.evaluate((key) => localStorage.setItem(key, 'expired.token.value'), ACCESS_TOKEN_KEY);
  const refreshed = page.waitForResponse((r) => r.url().includes('/api/v4/users/refresh-token'));
  await page.goto('/profile/ac');
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByTestId('account-email')).toHaveText('creator@yinku.local');
  await expect(page).toHaveURL(/\/profile\/ac$/);
  await expect(page.getByText('登录已过期，请重新登录')).toHaveCount(0);
  const after = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY);
  expect(after).not.toBe('expired.token.value');
  expect(after).not.toBe(before);
});

test('logging out clears tokens, user info and local storage but the language and theme, then reloads', async ({
  page,
}) => {
  await loginThroughForm(page, 'demo@yinku.local');
  await page.getByTestId('theme-toggle').click(); // leaves a stored setting behind
  await page.evaluate(() => localStorage.setItem('some.other.key', 'x'));
  await page.getByRole('button', { name: '账户菜单' }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await reloaded;
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys).not.toContain(ACCESS_TOKEN_KEY);
  expect(keys).not.toContain('yinku.refreshToken');
  expect(keys).not.toContain('some.other.key');
  // The device keeps its language and light/dark choice (issue 17 §8); nothing else of the settings.
  const kept = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('yinku.settings') ?? '{}'),
  );
  expect(Object.keys(kept.state ?? {}).sort()).toEqual(['displayMode', 'language']);
  expect(kept.state.displayMode).toBe('dark');
});

test('two open tabs with an expired token refresh only once between them', async ({
  page,
  context,
}) => {
  await loginThroughForm(page, 'creator@yinku.local');
  const second = await context.newPage();
  await second.goto('/profile/ac');
  await expect(second.getByTestId('account-email')).toHaveText('creator@yinku.local');
  let refreshes = 0;
  // Which tab called what, in order: printed if the tabs do not both end signed in.
  const calls: string[] = [];
  const tabOf = (request: Request) => (request.frame().page() === page ? 'first' : 'second');
  context.on('request', (request) => {
    if (request.url().includes('/api/v4/users/refresh-token')) refreshes += 1;
    if (request.url().includes('/api/')) calls.push(`${tabOf(request)} → ${request.url()}`);
  });
  context.on('requestfinished', async (request) => {
    const status = (await request.response())?.status();
    if (request.url().includes('/api/'))
      calls.push(`${tabOf(request)} ← ${status} ${request.url()}`);
  });
  context.on('requestfailed', (request) => {
    calls.push(`${tabOf(request)} ✗ ${request.failure()?.errorText} ${request.url()}`);
  });
  // Both tabs now start from a token the gateway rejects; the refresh token is shared storage.
  await page.evaluate((key) => localStorage.setItem(key, 'expired.token.value'), ACCESS_TOKEN_KEY);
  await Promise.all([page.goto('/profile/ac'), second.reload()]);
  try {
    await expect(page.getByTestId('account-email')).toHaveText('creator@yinku.local');
    await expect(second.getByTestId('account-email')).toHaveText('creator@yinku.local');
  } catch (error) {
    console.log(`first tab at ${page.url()}, second at ${second.url()}\n${calls.join('\n')}`);
    throw error;
  }
  expect(refreshes).toBe(1);
  await expect(page).toHaveURL(/\/profile\/ac$/);
  await expect(second).toHaveURL(/\/profile\/ac$/);
});

test('a session that cannot be refreshed ends once, on the login page, with 登录已过期，请重新登录', async ({
  page,
}) => {
  await loginThroughForm(page, 'demo@yinku.local');
  await page.evaluate((key) => {
    localStorage.setItem(key, 'expired.token.value');
    localStorage.setItem('yinku.refreshToken', 'revoked-refresh-token');
  }, ACCESS_TOKEN_KEY);
  await page.goto('/profile/ac');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Fac$/);
  await expect(page.getByRole('alert').filter({ hasText: '登录已过期，请重新登录' })).toBeVisible();
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys).not.toContain(ACCESS_TOKEN_KEY);
  expect(keys).not.toContain('yinku.refreshToken');
  // Logging in again goes back where the user was.
  await page.getByLabel('邮箱').fill('demo@yinku.local');
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/ac$/);
});
