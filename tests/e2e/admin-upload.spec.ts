/**
 * The Packs screen (docs/ADMIN.md) in Chromium against the real gateway: an administrator
 * uploads issue 28's folder of six real WAV files (clipped, mislabelled tempo, duplicate, late
 * start, corrupt, clean) by choosing the folder; the review queue shows exactly the expected
 * findings; one is fixed, one accepted with a batch action; the pack (unpublished by the upload)
 * is published. Signed in as demo@, a search for the new pack finds it and its clean row plays
 * (heard on the player's output analyser); unpublished again, it is gone for demo@. Screens are
 * saved at 390, 760 and 1400 px under test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../testing/e2e.ts';
import { peakLevel } from './testing/audio.ts';
import { NAVIGATION_TIMEOUT, dataRows, grid, signInWithTokens } from './testing/sounds.ts';
import { CLEAN_FILE, writeUploadFolder } from './testing/upload-folder.ts';

const OUT = join('test-results', 'screenshots');

test('an administrator uploads a folder, reviews its findings, and a user finds and plays it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // Letters only: a search splits a word where letters meet digits.
  const stamp = Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
  const packCode = `upl-e2e-${stamp}`;
  const packName = `Upload ${stamp}`;
  const folder = writeUploadFolder(`kit ${stamp}`);

  await signInWithTokens(page, 'admin@yinku.local');
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/admin');
  const card = page.locator('[data-admin="packs"]');
  await card.getByLabel('音色包代码').fill(packCode);
  await card.getByLabel('名称').fill(packName);
  await card.locator('[data-pick="folder"]').setInputFiles(folder);
  await expect(card).toContainText('已选 6 个文件');
  await card.getByRole('button', { name: '上传', exact: true }).click();
  await expect(card.locator('[data-upload-report]')).toContainText('已入库 5 个，跳过 1 个', {
    timeout: 120_000,
  });

  const queue = card.locator(`[data-review-queue="${packCode}"]`);
  const rows = queue.locator('tbody tr');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const listed = await rows.evaluateAll((trs) =>
    trs.map((tr) => `${tr.getAttribute('data-file')} ${tr.getAttribute('data-finding')}`).sort(),
  );
  expect(listed).toEqual([
    'bass 120 BPM.wav TEMPO_MISMATCH',
    'clipped kick.wav CLIPPING',
    'copy of chords.wav DUPLICATE',
    'corrupt.wav INVALID_AUDIO',
    'late snare.wav LEADING_SILENCE',
  ]);
  await expect(card.locator('[data-upload-report]')).toContainText('发现 5 个问题');
  // The tempo is fixed (set to the detected 92), the clipping accepted through the batch bar.
  const tempo = queue.locator('[data-finding="TEMPO_MISMATCH"]');
  await tempo.getByRole('button', { name: '修复' }).click();
  await expect(tempo.locator('[data-status]')).toHaveAttribute('data-status', 'fixed');
  const clipping = queue.locator('[data-finding="CLIPPING"]');
  await clipping.getByRole('checkbox').check();
  await queue.locator('[data-batch]').getByRole('button', { name: '接受' }).click();
  await expect(clipping.locator('[data-status]')).toHaveAttribute('data-status', 'accepted');
  await expect(queue.locator('[data-status="open"]')).toHaveCount(3);

  // The upload made the pack unpublished: reviewed, it is published from its editor.
  const editor = card.locator(`[data-pack-editor="${packCode}"]`);
  const state = editor.locator('[data-published]');
  await expect(state).toHaveAttribute('data-published', 'false');
  await editor.locator('[data-publish]').click();
  await expect(state).toHaveAttribute('data-published', 'true');

  mkdirSync(OUT, { recursive: true });
  for (const width of [1400, 760, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(rows).toHaveCount(5);
    await page.screenshot({ path: join(OUT, `admin-packs.zh.${width}.png`), fullPage: true });
  }
  // The pack's editor alone, light and dark (element shots: cheap).
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1400, 760, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await editor.screenshot({ path: join(OUT, `admin-pack-editor.zh.${scheme}.${width}.png`) });
    }
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  // A user finds the new pack by its name and hears its clean row.
  const context = await browser.newContext();
  const user = await context.newPage();
  await user.addInitScript(() => localStorage.setItem('yinku.audioTestHooks', '1'));
  await signInWithTokens(user, 'demo@yinku.local');
  await user.goto(`/sounds/search/track/${encodeURIComponent(packName)}/samples`);
  // The first search after an import waits for the search vocabulary to be built again.
  await expect(grid(user)).toHaveAttribute('data-list-state', 'ready', { timeout: 60_000 });
  const clean = dataRows(user)
    .filter({ hasText: CLEAN_FILE.replace(/\.wav$/, '') })
    .first();
  await expect(clean).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
  await expect(dataRows(user)).toHaveCount(5);
  await clean.getByRole('gridcell').nth(2).click();
  await expect.poll(() => peakLevel(user), { timeout: 15_000 }).toBeGreaterThan(0.01);

  // Unpublished again, the pack is gone for the user (demo@ acquired none of it).
  await editor.locator('[data-publish]').click();
  await expect(state).toHaveAttribute('data-published', 'false');
  await user.reload();
  await expect(user.locator('[data-list-state="empty"]')).toBeVisible({ timeout: 30_000 });
  await expect(dataRows(user)).toHaveCount(0);
  await context.close();
});
