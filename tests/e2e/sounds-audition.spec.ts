/**
 * Keyboard auditioning end to end (issue 5 item 3) in headless Chromium against the real gateway:
 * ↓ plays the next row through the audio engine (audible on the engine's analyser), space
 * pauses and resumes, ←/→ seek, Enter opens the detail panel; the bottom player follows.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../testing/e2e.ts';
import { grid, openSignedIn, rowNames } from './testing/sounds.ts';

/** The longest samples of the small library (loops of a few seconds). */
const LOOPS = '/sounds/genres/asset/Samples:EDM?kind=loop';

/** Largest absolute sample on the engine's output analyser now; -1 without the test hooks. */
async function outputLevel(page: Page): Promise<number> {
  return page.evaluate(() => {
    type Hooks = {
      __yinkuPlayer?: { engine: () => { analyser?: AnalyserNode } };
      __yinkuAudio?: { engine: { analyser?: AnalyserNode } };
    };
    const hooks = window as unknown as Hooks;
    const analyser = hooks.__yinkuPlayer?.engine().analyser ?? hooks.__yinkuAudio?.engine.analyser;
    if (!analyser) return -1;
    const data = new Float32Array(analyser.fftSize);
    analyser.getFloatTimeDomainData(data);
    return data.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
  });
}

test('audition with the keyboard: ↓ plays, space toggles, ←/→ seek, Enter opens details', async ({
  page,
}) => {
  await openSignedIn(page, 'audition', LOOPS, { audioHooks: true });
  const names = await rowNames(page);
  expect(names.length).toBeGreaterThan(1);
  const [first = '', second = ''] = names;
  const player = page.getByRole('region', { name: '采样播放器' });
  const progress = player.getByRole('slider', { name: '播放进度' });

  await grid(page).focus();
  await page.keyboard.press('ArrowDown');
  await expect(player.getByText(first)).toBeVisible();
  await expect.poll(() => outputLevel(page), { timeout: 15_000 }).toBeGreaterThan(0.001);
  // The live spectrum (audiomotion-analyzer) draws the engine's output while something plays.
  await expect(player.getByRole('img', { name: '实时频谱' }).locator('canvas')).toHaveCount(1);
  // A loop repeats by default, so playback is still going while the keys below are pressed.
  await expect(
    player.getByRole('button', { name: '循环模式：单次播放（Loop 自动循环）' }),
  ).toBeVisible();

  await grid(page).focus();
  await page.keyboard.press('ArrowDown');
  await expect(player.getByText(second)).toBeVisible();
  await expect(grid(page).locator('[role="row"][aria-current="true"] strong')).toHaveText(second);
  await expect(progress).toBeVisible({ timeout: 15_000 });

  await page.keyboard.press(' ');
  await expect(player.getByRole('button', { name: '播放', exact: true })).toBeVisible();
  const paused = Number(await progress.inputValue());

  // Seek from the paused position (seeking plays), then pause again to read a stable value.
  const forward = paused <= 50;
  await page.keyboard.press(forward ? 'ArrowRight' : 'ArrowLeft');
  await page.keyboard.press(' ');
  await expect(player.getByRole('button', { name: '播放', exact: true })).toBeVisible();
  const moved = Number(await progress.inputValue());
  if (forward) expect(moved).toBeGreaterThanOrEqual(paused + 9);
  else expect(moved).toBeLessThanOrEqual(paused - 5);

  await page.keyboard.press(' ');
  await expect(player.getByRole('button', { name: '暂停' })).toBeVisible();

  await page.keyboard.press('Enter');
  const details = page.getByRole('complementary', { name: '详情' });
  await expect(details.getByRole('heading', { name: second })).toBeVisible();
  await details.getByRole('button', { name: '关闭详情' }).click();
  await expect(details).toBeHidden();
});
