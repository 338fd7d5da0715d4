/**
 * My beat (docs/AUDIO.md, "My beat"), on what the page sends to its speakers: a producer chooses
 * a bounce of theirs (2 bars of kicks at 120 BPM, the downbeats louder) in the player's "my
 * beat" panel; the browser analyses it (120 BPM, 2 bars) and the project follows. With the beat
 * playing, a 100 BPM loop of clicks is clicked: a recorder tapped onto the destination hears its
 * first click on one of the beat's downbeats (not at the click), and every click after on the
 * beat's own kicks, 0.5 s apart. After a reload the beat is still there.
 */
import { test, expect } from '../testing/e2e.ts';
import { sleep } from '../../benchmarks/real-path-actions.ts';
import {
  recordedFrames,
  startRecording,
  stopRecording,
  tapModules,
} from '../../benchmarks/real-path-loop.ts';
import {
  beatWav,
  clickLoopWav,
  heardClicks,
  heardDownbeats,
} from '../../benchmarks/my-beat-signals.ts';
import { openImportedLoop } from './testing/audio.ts';
import { NAVIGATION_TIMEOUT } from './testing/sounds.ts';

// The tap's worklets are added from blob: URLs, which the app's CSP refuses.
test.use({ bypassCSP: true });

/** Seconds of the beat heard alone before the click: more than its 2 s bar, so a downbeat is in. */
const BEAT_ALONE_S = 2.2;

test('a loop clicked over my beat is heard on its bar line at its tempo, and the beat survives a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { row } = await openImportedLoop(
    page,
    'beat',
    'Beat Clicks',
    clickLoopWav(),
    await tapModules(),
  );

  // The beat: chosen in the player's panel, analysed in the browser.
  await page.getByRole('button', { name: '我的节拍' }).click();
  const panel = page.getByRole('group', { name: '我的节拍' });
  await panel
    .getByLabel('选择文件')
    .setInputFiles({ name: 'my bounce.wav', mimeType: 'audio/wav', buffer: beatWav() });
  await expect(panel.getByTestId('beat-summary')).toContainText('120 BPM · 2 小节', {
    timeout: 20_000,
  });
  await expect(page.getByRole('spinbutton', { name: /项目速度/ })).toHaveValue('120');
  await expect(page.getByRole('switch', { name: /同步/ })).toHaveAttribute('aria-checked', 'true');
  await panel.getByRole('button', { name: '播放节拍' }).click();
  await expect(panel.getByRole('button', { name: '停止节拍' })).toBeVisible();

  // More than a bar of the beat alone (so a downbeat is heard before the click), then the click,
  // then the wait for the whole track (a first play) and the next bar line at least the lead
  // after it (up to 2.3 s) and at least four of the loop's clicks.
  await sleep(300);
  await page.evaluate(startRecording);
  await sleep(BEAT_ALONE_S * 1000 + 100);
  await row.getByRole('gridcell').nth(2).click();
  await sleep(5500);
  const { rate, b64 } = await page.evaluate(stopRecording);
  const x = recordedFrames(b64);
  // The beat's downbeats, heard before the loop could sound (my-beat-signals.ts).
  const downbeats = heardDownbeats(x, Math.round(BEAT_ALONE_S * rate), rate);
  console.info('beat alone: downbeats', downbeats);
  expect(downbeats.length).toBeGreaterThanOrEqual(1);
  // The loop's clicks: broadband, they stand out of the first difference.
  const clicks = heardClicks(x, rate).filter((t) => t > BEAT_ALONE_S);
  console.info('clicks', clicks.map((t) => t.toFixed(4)).join(' '));
  expect(clicks.length).toBeGreaterThanOrEqual(4);
  // The first click lies on a bar line of the beat (its downbeats every 2 s), within 5 ms.
  const d0 = downbeats[0]!;
  const offBar = (t: number) => t - (d0 + Math.round((t - d0) / 2) * 2);
  const offBeat = (t: number) => t - (d0 + Math.round((t - d0) / 0.5) * 0.5);
  console.info('first click off the bar line (ms)', (offBar(clicks[0]!) * 1000).toFixed(2));
  expect(Math.abs(offBar(clicks[0]!))).toBeLessThanOrEqual(0.005);
  // Every click after lands on the beat's own beats: 120 BPM, not the loop's 100.
  console.info(
    'clicks off the beat (ms)',
    clicks.map((t) => (offBeat(t) * 1000).toFixed(2)).join(' '),
  );
  for (const t of clicks) expect(Math.abs(offBeat(t))).toBeLessThanOrEqual(0.005);
  const gaps = clicks.slice(1).map((t, i) => t - clicks[i]!);
  for (const g of gaps) expect(Math.abs(g - 0.5)).toBeLessThan(0.005);

  // A reload: the beat comes back from IndexedDB.
  await page.reload();
  await page.getByRole('button', { name: '我的节拍' }).click();
  await expect(
    page.getByRole('group', { name: '我的节拍' }).getByTestId('beat-summary'),
  ).toContainText('120 BPM · 2 小节', { timeout: NAVIGATION_TIMEOUT });
  await expect(page.getByRole('group', { name: '我的节拍' })).toContainText('my bounce');
});
