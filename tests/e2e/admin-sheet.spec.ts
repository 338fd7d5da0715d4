/**
 * The metadata spreadsheet (docs/ADMIN.md "Spreadsheet") in Chromium against the real gateway:
 * an administrator exports a pack as XLSX from the page, the test edits the file with exceljs
 * (a new name, a bad tempo), uploads it and sees the preview with the change and the error row;
 * fixed, it is applied, and the new name shows on the samples screen and in the audit log.
 * The card is saved at 390, 760 and 1400 px, light and dark, under test-results/screenshots/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { AdminSample } from '../../src/shared/api/admin.types.ts';
import { SHEET_COLUMNS } from '../../src/shared/api/admin-sheet.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { authHeaders, sha256Hex } from '../testing/accounts.ts';
import { expect, test } from '../testing/e2e.ts';
import { DEMO_PASSWORD, loginThroughForm } from './testing/shell.ts';

const OUT = join('test-results', 'screenshots');
const col = (name: (typeof SHEET_COLUMNS)[number]) => SHEET_COLUMNS.indexOf(name) + 1;

test('an XLSX export is edited, previewed with its change and error, fixed and applied', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const login = await page.request.post(API.login, {
    data: { email: 'admin@yinku.local', password: sha256Hex(DEMO_PASSWORD), loginType: 'EMAIL' },
  });
  const headers = authHeaders(
    ((await login.json()) as { data: { accessToken: string } }).data.accessToken,
  );
  // A sample past the first pages other specs touch; its pack is exported.
  const listed = await page.request.get(`${API.adminSamples}?page=4&pageSize=50`, { headers });
  const target = ((await listed.json()) as { data: { records: AdminSample[] } }).data.records[0]!;
  const marker = `Sheet${Date.now().toString(36)}`;

  await loginThroughForm(page, 'admin@yinku.local');
  await page.goto('/admin');
  const card = page.locator('[data-admin="sheet"]');
  await card.getByLabel('包代码（可选）').fill(target.packCode);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: '导出 XLSX' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^yinku-samples-${target.packCode}-.*\\.xlsx$`),
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as never);
  const sheet = workbook.worksheets[0]!;
  let targetRow = 0;
  sheet.eachRow((row, number) => {
    if (row.getCell(col('id')).value === target.id) targetRow = number;
  });
  expect(targetRow).toBeGreaterThan(1);
  const otherRow = targetRow === 2 ? 3 : 2;
  const otherBpm = sheet.getRow(otherRow).getCell(col('bpm')).value;
  sheet.getRow(targetRow).getCell(col('nameEn')).value = marker;
  sheet.getRow(otherRow).getCell(col('bpm')).value = 'fast';
  const upload = async () =>
    card.getByLabel('选择 CSV 或 XLSX 文件').setInputFiles({
      name: 'edited.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });

  try {
    await upload();
    const preview = card.locator('[data-sheet-preview]');
    await expect(preview.locator(`[data-sheet-change="${target.id}:nameEn"]`)).toContainText(
      marker,
      { timeout: 20_000 },
    );
    const error = preview.locator('[data-sheet-error="BAD_TEMPO"]');
    await expect(error).toContainText(String(otherRow));
    await expect(preview.getByRole('button', { name: /应用/ })).toHaveCount(0);

    // The preview as it stands, at each width, light then dark (the header's toggle: no reload).
    mkdirSync(OUT, { recursive: true });
    for (const mode of ['light', 'dark'] as const) {
      for (const width of mode === 'light' ? [390, 760, 1400] : [760, 1400]) {
        await page.setViewportSize({ width, height: 900 });
        // The card's top just below the sticky header, so the header covers none of it.
        await card.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 120));
        await card.screenshot({ path: join(OUT, `admin-sheet.${mode}.zh.${width}.png`) });
      }
      await page
        .getByRole('button', { name: mode === 'light' ? '切换到深色模式' : '切换到浅色模式' })
        .click();
    }

    sheet.getRow(otherRow).getCell(col('bpm')).value = otherBpm;
    await upload();
    await expect(preview.locator('[data-sheet-error]')).toHaveCount(0, { timeout: 20_000 });
    await preview.getByRole('button', { name: '应用 1 处改动' }).click();
    await expect(card.locator('[data-sheet-applied]')).toContainText('1 个采样', {
      timeout: 20_000,
    });

    const samples = page.locator('[data-admin="samples"]');
    await samples.getByLabel('按名称查找').fill(marker);
    await samples.getByLabel('按名称查找').press('Enter');
    await expect(samples.locator(`[data-sample="${target.id}"]`)).toContainText(marker, {
      timeout: 20_000,
    });
    await page.reload();
    // The audit log, newest first, holds the sample's row (its "after" names the new name).
    await expect(page.locator('[data-admin="audit"]')).toContainText(marker, { timeout: 60_000 });
  } finally {
    await page.request.patch(API.adminSample(target.id), {
      headers,
      data: { nameEn: target.nameEn },
    });
  }
});
