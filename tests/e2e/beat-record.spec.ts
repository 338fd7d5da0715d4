/**
 * My beat recorded with the microphone (docs/AUDIO.md, "My beat"): Chromium's fake capture
 * device plays a real WAV of a beat (kicks at 120 BPM, the downbeats louder) into
 * `getUserMedia`; a take of about 5 s becomes the beat through the dropped file's analysis, at
 * 120 BPM. With the microphone denied (Chromium's own permission, set to "denied"), the press
 * says so and the beat there before stays.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from '../testing/chromium.ts';
import { expect, test } from '../testing/e2e.ts';
import { sleep } from '../../benchmarks/real-path-actions.ts';
import { kicksWav } from './testing/audio.ts';
import { NAVIGATION_TIMEOUT, signInFresh } from './testing/sounds.ts';

const RATE = 48000;

/** 4 bars at 120 BPM of kicks, the downbeats louder (mono, as a microphone gives). */
const beatWav = () => kicksWav(4, RATE, 1);

// The fake microphone loops this file; the flags need a browser of their own (this spec's).
const micFile = join(tmpdir(), `yinku-fake-mic-${process.pid}.wav`);
writeFileSync(micFile, beatWav());
test.use({
  permissions: ['microphone'],
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${micFile}`,
    ],
  },
});

const KICKS = '/sounds/instruments/asset/Samples:Drums/:Kick';

test('a microphone take becomes my beat at its tempo', async ({ page }) => {
  test.setTimeout(90_000);
  await signInFresh(page, 'beat-mic');
  await page.goto(KICKS);
  await page.getByRole('button', { name: '我的节拍' }).click({ timeout: 2 * NAVIGATION_TIMEOUT });
  const panel = page.getByRole('group', { name: '我的节拍' });
  await panel.getByRole('button', { name: '录音' }).click();
  await expect(panel.getByRole('status')).toContainText('正在录音', {
    timeout: NAVIGATION_TIMEOUT,
  });
  await sleep(5200);
  await panel.getByRole('button', { name: '停止录音' }).click();
  const summary = panel.getByTestId('beat-summary');
  await expect(summary).toContainText('2 小节', { timeout: 20_000 });
  const bpm = Number(/([\d.]+) BPM/.exec((await summary.textContent()) ?? '')?.[1]);
  expect(Math.abs(bpm - 120)).toBeLessThan(1);
  const tempo = Number(await page.getByRole('spinbutton', { name: /项目速度/ }).inputValue());
  expect(Math.abs(tempo - 120)).toBeLessThan(1);
  await expect(panel).toContainText('mic ');
  await expect(panel.getByRole('alert')).toHaveCount(0);
});

test('a denied microphone is said plainly and the beat there before stays', async ({ page }) => {
  test.setTimeout(90_000);
  await signInFresh(page, 'beat-mic-denied');
  await page.goto(KICKS);
  const origin = new URL(page.url()).origin;
  const cdp = await page.context().newCDPSession(page);
  // This page's own browser context (Playwright's), not the browser's default one.
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    browserContextId: targetInfo.browserContextId,
    origin,
    permission: { name: 'microphone' },
    setting: 'denied',
  });
  await page.getByRole('button', { name: '我的节拍' }).click({ timeout: 2 * NAVIGATION_TIMEOUT });
  const panel = page.getByRole('group', { name: '我的节拍' });
  await panel
    .getByLabel('选择文件')
    .setInputFiles({ name: 'my bounce.wav', mimeType: 'audio/wav', buffer: beatWav() });
  await expect(panel.getByTestId('beat-summary')).toContainText('120 BPM · 4 小节', {
    timeout: 20_000,
  });
  await panel.getByRole('button', { name: '录音' }).click();
  await expect(panel.getByRole('alert')).toContainText('权限被拒绝', {
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(panel.getByTestId('beat-summary')).toContainText('120 BPM · 4 小节');
  await expect(panel).toContainText('my bounce');
  await expect(panel.getByRole('button', { name: '录音' })).toBeEnabled();
});
