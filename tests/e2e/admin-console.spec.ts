/**
 * The operator's console (docs/ADMIN.md) in Chromium against the real gateway: an administrator
 * reaches /admin from the avatar menu, finds a user, changes their roles and disables them, and
 * sees the roles with their permissions; an ORDINARY user is offered no console. Screens are saved
 * at 760 and 1400 px, light and dark, under test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../testing/e2e.ts';
import { loginThroughForm, registerOverApi } from './testing/shell.ts';

const OUT = join('test-results', 'screenshots');

test('an administrator finds a user, changes their roles and disables them', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await registerOverApi(page, 'admin-console');
  await loginThroughForm(page, 'admin@yinku.local');
  await page.getByRole('button', { name: '账户菜单' }).click();
  await page.getByRole('menuitem', { name: '管理后台' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByLabel('按邮箱查找').fill(email);
  await page.getByLabel('按邮箱查找').press('Enter');
  const row = page.locator(`[data-user="${email}"]`);
  await expect(row).toContainText('ORDINARY');
  await row.getByRole('button', { name: '修改角色' }).click();
  await row.getByLabel('CREATOR').check();
  await row.getByRole('button', { name: '保存' }).click();
  await expect(row).toContainText('CREATOR');
  await row.getByRole('button', { name: '停用' }).click();
  await expect(row).toContainText('已停用');

  const roles = page.locator('[data-admin="roles"]');
  await expect(roles.locator('[data-role="ADMIN"]')).toContainText('人员管理');
  await page.getByLabel('按邮箱查找').fill('');
  await page.getByLabel('按邮箱查找').press('Enter');
  mkdirSync(OUT, { recursive: true });
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((displayMode) => {
      localStorage.setItem(
        'yinku.settings',
        JSON.stringify({ version: 1, state: { language: 'zh', displayMode } }),
      );
    }, mode);
    for (const width of [760, 1400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.locator('[data-user="admin@yinku.local"]')).toBeVisible();
      await page.screenshot({ path: join(OUT, `admin.${mode}.zh.${width}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => {
    localStorage.setItem(
      'yinku.settings',
      JSON.stringify({ version: 1, state: { language: 'en', displayMode: 'light' } }),
    );
  });
  await page.reload();
  await expect(page.locator('[data-admin="users"]')).toContainText('Personnel');
  await page.screenshot({ path: join(OUT, 'admin.light.en.1400.png'), fullPage: true });
});

test('an ORDINARY user is offered no console and sees no users screen', async ({ page }) => {
  await loginThroughForm(page, 'demo@yinku.local');
  await page.getByRole('button', { name: '账户菜单' }).click();
  await expect(page.getByRole('menuitem', { name: '查看资料' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '管理后台' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '管理后台' })).toBeVisible();
  await expect(page.locator('[data-admin="users"]')).toHaveCount(0);
});
