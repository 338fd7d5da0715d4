/**
 * My beat (docs/AUDIO.md, "My beat"), on what the page sends to its speakers: a producer chooses
 * a bounce of theirs (2 bars of kicks at 120 BPM, the downbeats louder) in the player's "my
 * beat" panel; the browser analyses it (120 BPM, 2 bars) and the project follows. With the beat
 * playing, a 100 BPM loop of clicks is clicked: a recorder tapped onto the destination hears its
 * first click on one of the beat's downbeats (not at the click), and every click after on the
 * beat's own kicks, 0.5 s apart. After a reload the beat is still there.
 */
import { test, expect } from '../testing/e2e.ts';
import { buildWav } from '../../src/wasm/testing/audio-fixtures.ts';
import { sleep } from '../../benchmarks/real-path-actions.ts';
import {
  recordedFrames,
  startRecording,
  stopRecording,
  tapModules,
} from '../../benchmarks/real-path-loop.ts';
import { realPathInit } from '../../benchmarks/real-path-probes.ts';
import { importLoop, kicksWav } from './testing/audio.ts';
import { dataRows, NAVIGATION_TIMEOUT, signInFresh } from './testing/sounds.ts';

// The tap's worklets are added from blob: URLs, which the app's CSP refuses.
test.use({ bypassCSP: true });

const RATE = 44100;
/** Seconds of the beat heard alone before the click: more than its 2 s bar, so a downbeat is in. */
const BEAT_ALONE_S = 2.2;

/** 2 bars at 120 BPM: a 60 Hz kick (80 ms decay) on every beat, the downbeats twice as loud. */
const beatWav = () => kicksWav(2, RATE);

/** 2 bars of clicks at 100 BPM (20 ms of decaying noise on every beat): a loop of 4.8 s. */
function clickLoop(): Uint8Array {
  const x = new Float32Array(Math.round(4.8 * RATE));
  let seed = (Date.now() % 9973) + 1;
  for (let beat = 0; beat < 8; beat++) {
    const at = Math.round(beat * 0.6 * RATE);
    for (let i = 0; i < 0.02 * RATE; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      x[at + i] = 0.7 * (seed / 2 ** 31 - 1) * Math.exp(-i / (0.003 * RATE));
    }
  }
  return buildWav([x, x], { encoding: 'int', bits: 16, sampleRate: RATE });
}

/** Onsets (s) where |f(i)| first passes `threshold`, at least `gap` s after the last. */
function onsets(n: number, f: (i: number) => number, threshold: number, rate: number, gap = 0.2) {
  const out: number[] = [];
  for (let i = 1; i < n; i++)
    if (Math.abs(f(i)) > threshold && !(i / rate - out.at(-1)! < gap)) out.push(i / rate);
  return out;
}

test('a loop clicked over my beat is heard on its bar line at its tempo, and the beat survives a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const name = `Beat Clicks ${Date.now()}`;
  await importLoop(name, clickLoop());
  await page.addInitScript(realPathInit, await tapModules());
  await signInFresh(page, 'beat');
  await page.goto(`/sounds/search/track/${encodeURIComponent(name)}/samples`);
  const row = dataRows(page).first();
  await expect(row).toBeVisible({ timeout: NAVIGATION_TIMEOUT });

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
  // then the wait for the next bar line (up to 2 s) and at least four of the loop's clicks.
  await sleep(300);
  await page.evaluate(startRecording);
  await sleep(BEAT_ALONE_S * 1000 + 100);
  await row.getByRole('gridcell').nth(2).click();
  await sleep(4500);
  const { rate, b64 } = await page.evaluate(stopRecording);
  const x = recordedFrames(b64);
  // The beat's kicks: where the output first leaves silence (its 60 Hz tail is gone by the next
  // beat), before the loop could sound; the downbeats are the loud ones.
  const alone = Math.round(BEAT_ALONE_S * rate);
  // (A recording that starts inside a kick's tail has no onset there.)
  const kicks = onsets(alone, (i) => x[i]!, 0.01, rate).filter((t) => t > 0.05);
  const loudness = (t: number) => {
    let peak = 0;
    for (let i = Math.round(t * rate); i < Math.round((t + 0.02) * rate); i++)
      peak = Math.max(peak, Math.abs(x[i]!));
    return peak;
  };
  const loudest = Math.max(...kicks.map(loudness));
  const downbeats = kicks.filter((t) => loudness(t) > 0.75 * loudest);
  console.info('beat alone', { kicks: kicks.map((t) => t.toFixed(4)), downbeats });
  expect(kicks.length).toBeGreaterThanOrEqual(2);
  expect(downbeats.length).toBeGreaterThanOrEqual(1);
  // The loop's clicks: broadband, so they stand out of the first difference, where the 60 Hz kick
  // is 1 % of its level.
  const clicks = onsets(x.length, (i) => x[i]! - x[i - 1]!, 0.05, rate).filter(
    (t) => t > BEAT_ALONE_S,
  );
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
