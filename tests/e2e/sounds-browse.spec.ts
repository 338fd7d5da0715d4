/**
 * The sounds area end to end (issue 5), browsing and searching: categories down to a secondary
 * level, the breadcrumb's grouped select, sort and filters kept in the URL, and search with a
 * suggestion — in headless Chromium against the real gateway (small library).
 */
import { expect, test } from '../testing/e2e.ts';
import { NAVIGATION_TIMEOUT, dataRows, grid, listShown, rowNames } from './testing/sounds.ts';

test('browse a category down to a secondary level, then jump with the grouped select', async ({
  page,
}) => {
  await page.goto('/sounds');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: /^乐器/ }).click();
  await expect(page).toHaveURL(/\/sounds\/instruments$/);
  await main.getByRole('link', { name: /^鼓组 · 9$/ }).click({ timeout: NAVIGATION_TIMEOUT });
  await expect(page).toHaveURL(/\/sounds\/instruments\/asset\/All:Drums$/);
  await listShown(page, '鼓组');
  await expect(dataRows(page)).toHaveCount(9);

  await main.getByRole('link', { name: /^底鼓 · 2$/ }).click();
  await expect(page).toHaveURL(/\/sounds\/instruments\/asset\/All:Drums\/:Kick$/);
  await listShown(page, /底鼓$/);
  await expect(dataRows(page)).toHaveCount(2);
  for (const type of await dataRows(page).locator('[role="gridcell"]').nth(4).allInnerTexts())
    expect(type).toBe('鼓组 · 底鼓');

  const select = page.getByRole('combobox', { name: '切换子分类' });
  await expect(select).toHaveValue('/sounds/instruments/asset/Samples:Drums/:Kick');
  await select.selectOption({ label: '超低音贝斯' });
  await expect(page).toHaveURL(/\/sounds\/instruments\/asset\/Samples:Bass\/:Sub%20Bass$/);
  await listShown(page, /超低音贝斯$/);
  await expect(dataRows(page)).toHaveCount(3);
  await page.goBack();
  await expect(page).toHaveURL(/All:Drums\/:Kick$/);
  await listShown(page, /底鼓$/);

  // Key and BPM columns are hidden under 990 px.
  const keyHeader = grid(page).getByRole('columnheader', { name: '调性' });
  await expect(keyHeader).toBeVisible();
  await page.setViewportSize({ width: 980, height: 800 });
  await expect(keyHeader).toBeHidden();
  await expect(grid(page).getByRole('columnheader', { name: 'BPM' })).toBeHidden();
});

test('sort and filters live in the URL: reload and back restore them', async ({ page }) => {
  await page.goto('/sounds/genres/asset/Samples:Trap');
  await expect(grid(page)).toHaveAttribute('data-list-state', 'ready', {
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(dataRows(page)).toHaveCount(9);
  const before = await rowNames(page);

  await page.getByRole('combobox', { name: '排序' }).selectOption('NAME');
  await expect(page).toHaveURL(/sort=NAME/);
  await expect.poll(() => rowNames(page)).toEqual([...before].sort());
  const byName = await rowNames(page);

  await page.getByRole('combobox', { name: '单次/循环' }).selectOption('loop');
  await expect(page).toHaveURL(/kind=loop/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: '排序' })).toHaveValue('NAME');
  await expect(page.getByRole('combobox', { name: '单次/循环' })).toHaveValue('loop');
  await page.goBack();
  await expect(page).not.toHaveURL(/kind=loop/);
  await expect.poll(() => rowNames(page)).toEqual(byName);
});

test('search with a suggestion, and Enter searches the typed text', async ({ page }) => {
  await page.goto('/sounds');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const box = page.getByRole('combobox', { name: '搜索' });
  await box.fill('80');
  await page.getByRole('option', { name: '808', exact: true }).click();
  await expect(page).toHaveURL(/\/sounds\/search\/track\/808\/samples$/);
  await listShown(page, '“808” 的搜索结果');
  await expect(dataRows(page).first()).toBeVisible();
  expect((await rowNames(page)).some((name) => name.includes('808'))).toBe(true);

  await box.fill('古筝');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/sounds\/search\/track\/%E5%8F%A4%E7%AD%9D\/samples$/);
  await listShown(page, '“古筝” 的搜索结果');
  await expect(dataRows(page).first()).toBeVisible();
  await expect(grid(page)).toContainText('古筝');
});
