/**
 * The operator's console (docs/ADMIN.md) in Chromium against the real gateway: an administrator
 * reaches /admin from the avatar menu, finds a user, changes their roles and disables them, and
 * sees the roles with their permissions; an ORDINARY user is offered no console; an "editor" role
 * made in the UI with the catalogue permission only lets its holder edit sample metadata (seen
 * by users' search) and nothing else. Screens are saved at 390, 760 and 1400 px, light and dark,
 * under test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminSample } from '../../src/shared/api/admin.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { authHeaders, sha256Hex } from '../testing/accounts.ts';
import { expect, test } from '../testing/e2e.ts';
import { DEMO_PASSWORD, loginThroughForm, registerOverApi } from './testing/shell.ts';
import { openAs } from './testing/sounds.ts';

const OUT = join('test-results', 'screenshots');

test('an administrator finds a user, changes their roles and disables them', async ({ page }) => {
  test.setTimeout(180_000);
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
  // Insight (insight.read): the per-day chart and its three lists.
  const insight = page.locator('[data-admin="insight"]');
  await expect(insight.locator('[data-insight="chart"] [data-date]')).toHaveCount(30);
  await expect(insight.locator('[data-insight="zero"]')).toContainText('无结果的搜索');
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
    // Phones read the lists only: one shot at 390 px is enough.
    for (const width of mode === 'light' ? [390, 760, 1400] : [760, 1400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.locator('[data-user="admin@yinku.local"]')).toBeVisible({
        timeout: 20_000,
      });
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

test('an "editor" role made in the UI edits sample metadata and nothing else', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = await registerOverApi(page, 'admin-editor');
  const code = `ED_${Date.now().toString(36).toUpperCase()}`;
  await openAs(page, 'admin@yinku.local', '/admin');
  const roles = page.locator('[data-admin="roles"]');
  await roles.getByRole('button', { name: '新建角色' }).click();
  await roles.getByLabel('角色代码').fill(code);
  await roles.getByLabel('角色名称').fill('编辑');
  // Each permission shows its name, identifier and description.
  const permission = roles.locator('[data-role-form] label', { hasText: 'catalogue.edit' });
  await expect(permission).toContainText('编辑曲库');
  await expect(permission).toContainText('上传、编辑、发布与删除音色包和采样');
  await permission.getByRole('checkbox').check();
  await roles.getByRole('button', { name: '保存' }).click();
  await expect(roles.locator(`[data-role="${code}"]`)).toContainText('编辑曲库', {
    timeout: 20_000,
  });
  await page.getByLabel('按邮箱查找').fill(email);
  await page.getByLabel('按邮箱查找').press('Enter');
  const row = page.locator(`[data-user="${email}"]`);
  await row.getByRole('button', { name: '修改角色' }).click();
  await row.getByLabel(code).check();
  await row.getByRole('button', { name: '保存' }).click();
  await expect(row).toContainText(code, { timeout: 20_000 });

  const context = await browser.newContext();
  const editor = await context.newPage();
  await loginThroughForm(editor, email);
  await editor.getByRole('button', { name: '账户菜单' }).click();
  await editor.getByRole('menuitem', { name: '管理后台' }).click();
  const samples = editor.locator('[data-admin="samples"]');
  await expect(samples).toBeVisible({ timeout: 20_000 });
  await expect(editor.locator('[data-admin="users"]')).toHaveCount(0);
  await expect(editor.locator('[data-admin="roles"]')).toHaveCount(0);
  // A sample past the first page of most lists, so other specs' rows stay as they are; its
  // fields are read over the API to put them back afterwards.
  const token = (
    await (
      await editor.request.post(API.login, {
        data: { email, password: sha256Hex(DEMO_PASSWORD), loginType: 'EMAIL' },
      })
    ).json()
  ).data.accessToken as string;
  const headers = authHeaders(token);
  const page2 = await editor.request.get(`${API.adminSamples}?page=2&pageSize=50`, { headers });
  const before = (await page2.json()).data.records[0] as AdminSample;
  const id = before.id;
  await samples.getByRole('button', { name: '下一页' }).click();
  const target = samples.locator(`[data-sample="${id}"]`);
  await expect(target).toBeVisible({ timeout: 20_000 });
  const marker = `Zed${Date.now().toString(36)}`;
  try {
    await target.getByRole('button', { name: '编辑' }).click();
    const fields = target.locator('[data-field-editor]');
    await fields.getByLabel('字段').selectOption('nameZh');
    await fields.getByLabel('新值').fill(`改名 ${marker}`);
    await fields.getByRole('button', { name: '保存' }).click();
    await expect(samples.locator(`[data-sample="${id}"]`)).toContainText(marker, {
      timeout: 20_000,
    });
    // A user's search finds the sample by its new name.
    await editor.goto(`/sounds/search/track/${marker}/samples`);
    await expect(editor.getByText(`改名 ${marker}`).first()).toBeVisible({ timeout: 20_000 });
    // The gateway, not only the screen, refuses the rest.
    for (const path of [API.adminUsers, API.adminRoles])
      expect((await editor.request.get(path, { headers })).status(), path).toBe(403);
  } finally {
    await editor.request.patch(API.adminSample(id), {
      headers,
      data: { nameZh: before.nameZh },
    });
    await context.close();
  }
});
