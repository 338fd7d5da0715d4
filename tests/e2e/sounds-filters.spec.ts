/**
 * The filter bar end to end (issue 17 §3): typed BPM limits are never lost, apply after a pause
 * or on Enter without taking the focus; the key picker reaches the relative and compatible keys;
 * tags are chips of the library's vocabulary with counts; rows show types and tags in the UI's
 * language and loops their length in bars — headless Chromium against the real gateway.
 */
import type { Page } from '@playwright/test';
import { expandKey, type MusicalKey, type Sample } from '../../src/shared/index.ts';
import { expect, test } from '../testing/e2e.ts';
import { apiRecords, dataRows } from './testing/sounds.ts';

const TRAP = '/sounds/genres/asset/Samples:Trap';

/** The URL's query as an object. */
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** The BPM cells of the loaded rows (column 7: checkbox, cover, name, wave, type, key, BPM). */
const bpmCells = (page: Page) => dataRows(page).locator('[role="gridcell"]:nth-child(7)');

test('typing min then max BPM keeps both', async ({ page }) => {
  await page.goto(TRAP);
  await expect(dataRows(page).first()).toBeVisible({ timeout: 20_000 });
  const min = page.getByRole('spinbutton', { name: '最低 BPM' });
  const max = page.getByRole('spinbutton', { name: '最高 BPM' });

  // The keyboard types where the focus is, as a user's does (a locator's typing would focus first).
  await min.click();
  await page.keyboard.type('135', { delay: 60 });
  // Clicking into the maximum applies the minimum; the focus stays in the maximum.
  await max.click();
  await expect(page).toHaveURL(/bpmMin=135/);
  await page.keyboard.type('145', { delay: 60 });
  await expect(max).toBeFocused();
  await expect(min).toHaveValue('135');
  await expect(max).toHaveValue('145');
  // After a pause the maximum applies by itself, and the field keeps the focus.
  await expect.poll(() => query(page)).toMatchObject({ bpmMin: '135', bpmMax: '145' });
  await expect(max).toBeFocused();
  await expect(max).toHaveValue('145');
  for (const text of await bpmCells(page).allInnerTexts()) {
    expect(Number(text)).toBeGreaterThanOrEqual(135);
    expect(Number(text)).toBeLessThanOrEqual(145);
  }

  // Typing on while the URL catches up loses nothing either.
  await page.keyboard.press('Backspace');
  await page.keyboard.type('9', { delay: 60 });
  await expect.poll(() => query(page).bpmMax).toBe('149');
  await expect(max).toHaveValue('149');
  await expect(min).toHaveValue('135');

  // One history entry per field edited (the later applies of one edit replace it): back goes to
  // the minimum alone, and the fields show it.
  await page.goBack();
  await expect.poll(() => query(page)).toEqual({ bpmMin: '135' });
  await expect(max).toHaveValue('');
  await expect(min).toHaveValue('135');
});

test('Enter applies a field at once, and a reversed range is put in order', async ({ page }) => {
  await page.goto(TRAP);
  await expect(dataRows(page).first()).toBeVisible({ timeout: 20_000 });
  const min = page.getByRole('spinbutton', { name: '最低 BPM' });
  const max = page.getByRole('spinbutton', { name: '最高 BPM' });
  await max.fill('140');
  await max.press('Enter');
  await expect(page).toHaveURL(/bpmMax=140/);
  await expect(max).toBeFocused();

  await min.fill('150');
  // A reversed range waits (and says so) instead of applying while typed…
  await expect(page.getByRole('status').filter({ hasText: '最低 BPM 高于最高 BPM' })).toBeVisible();
  expect(query(page).bpmMin).toBeUndefined();
  // …and Enter puts it in order.
  await min.press('Enter');
  await expect.poll(() => query(page)).toMatchObject({ bpmMin: '140', bpmMax: '150' });
  await expect(min).toHaveValue('140');
  await expect(max).toHaveValue('150');
});

test('the key picker reaches the relative and compatible keys', async ({ page }) => {
  await page.goto(TRAP);
  await expect(dataRows(page).first()).toBeVisible({ timeout: 20_000 });
  const records = await apiRecords<Sample>(
    page,
    '/api/v2/tt-audios?category=genres&primaryName=Trap&pageSize=100',
  );
  const key = records.find((r) => r.audioKey)!.audioKey as MusicalKey;

  await page.getByRole('combobox', { name: '调性', exact: true }).selectOption(key);
  await expect(page).toHaveURL(new RegExp(`key=${encodeURIComponent(key)}(&|$)`));
  const match = page.getByRole('combobox', { name: '调性范围' });
  await expect(match).toBeEnabled();
  await match.selectOption('compatible');
  await expect.poll(() => query(page)).toMatchObject({ key, keyMatch: 'compatible' });

  const keys = expandKey(key, 'compatible');
  const expected = records.filter((r) => r.audioKey && keys.includes(r.audioKey));
  await expect(dataRows(page)).toHaveCount(expected.length);
  for (const text of await dataRows(page).locator('[role="gridcell"]:nth-child(6)').allInnerTexts())
    expect(keys).toContain(text);
});

test('tags are chips of the vocabulary with counts', async ({ page }) => {
  await page.goto(TRAP);
  await expect(dataRows(page).first()).toBeVisible({ timeout: 20_000 });
  const chips = page.getByRole('group', { name: '标签' });
  // The Chinese UI names tags in Chinese, with how many samples of the place carry them.
  const chip = chips.getByRole('button', { name: /^陷阱 · \d+$/ });
  await expect(chip).toBeVisible();
  const count = Number((await chip.innerText()).split('·')[1]);
  await chip.click();
  await expect(page).toHaveURL(/tags=trap/);
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(dataRows(page)).toHaveCount(count);
  await chip.click();
  await expect(page).not.toHaveURL(/tags=/);
});

test('rows name types in the UI language and give loops their bars', async ({ page }) => {
  await page.goto('/sounds/instruments/asset/All:Drums/:Kick');
  const typeCell = dataRows(page).first().locator('[role="gridcell"]').nth(4);
  await expect(typeCell).toHaveText('鼓组 · 底鼓');

  await page.goto(`${TRAP}?kind=loop`);
  await expect(dataRows(page).first()).toBeVisible({ timeout: 20_000 });
  await expect(dataRows(page).first().locator('[role="gridcell"]').nth(7)).toContainText(
    /\d+ 小节/,
  );
});
