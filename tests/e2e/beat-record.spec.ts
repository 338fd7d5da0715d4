/**
 * My beat recorded with the microphone (docs/AUDIO.md, "My beat"), in real Chromium: its fake
 * capture device plays a real WAV (2 bars at 120 BPM: kicks, the downbeats louder, and an A minor
 * chord on each bar) into `getUserMedia`, looping. The same WAV is first dropped, then a take of
 * about 6.5 s is recorded; the take becomes the beat at the dropped file's tempo, key and
 * loudness, cut from a downbeat to whole bars (read back from IndexedDB), and stays after a
 * reload. With the microphone then denied, the press says so and the take stays.
 *
 * Why the take once read 86 BPM here: it was never the fake device (its signal, measured in the
 * page at 44.1 and 48 kHz, mono and stereo, keeps every kick 0.500 s apart). The take's tempo came
 * from the loop analysis, which reads a length as whole bars: a 5.6 s take is 2 bars at 85.7.
 * A take's tempo now comes from its pulse (`wholeBars: false`, src/analysis/tempo.ts), and it is
 * cut from its first downbeat (it began 70 ms into one, in the kick's tail) to a power of two of
 * bars (src/ui/player/beat/beat-take.ts). The fake device keeps time but at its loop's seam:
 * the kick after each 4 s pass came 5 ms late (in the page's raw input as in MediaRecorder's
 * file; its last buffer of a pass is padded, as far as we can tell). Hence a tempo within
 * 0.5 BPM of the dropped file's (a 4 s take reads 119.8) and kicks within 10 ms of a beat after
 * the last.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../testing/chromium.ts';
import { expect, test } from '../testing/e2e.ts';
import { sleep } from '../../benchmarks/real-path-actions.ts';
import { buildWav } from '../../src/wasm/testing/audio-fixtures.ts';
import { NAVIGATION_TIMEOUT, signInFresh } from './testing/sounds.ts';

const RATE = 48000;
const midiHz = (m: number) => 440 * 2 ** ((m - 69) / 12);

/** 2 bars at 120 BPM: 60 Hz kicks (the downbeats twice as loud) and A3 C4 E4 on each bar. */
function beatWav(): Uint8Array {
  const x = new Float32Array(4 * RATE);
  for (let beat = 0; beat < 8; beat++)
    for (let i = 0; i < 0.4 * RATE; i++)
      x[beat * 0.5 * RATE + i]! +=
        (beat % 4 ? 0.3 : 0.6) * Math.sin((2 * Math.PI * 60 * i) / RATE) * Math.exp(-i / 3840);
  for (let bar = 0; bar < 2; bar++)
    for (const note of [57, 60, 64])
      for (let i = 0; i < 2 * RATE; i++)
        x[bar * 2 * RATE + i]! +=
          0.06 *
          Math.min(1, i / 48) *
          Math.exp(-i / (0.7 * RATE)) *
          Math.sin((2 * Math.PI * midiHz(note) * i) / RATE);
  return buildWav([x, x], { encoding: 'int', bits: 16, sampleRate: RATE });
}

// Chromium's file-based fake microphone wants a 16-bit PCM WAV; it loops it. The flags need a
// browser of its own: this spec's. The microphone is granted as a context permission, not by
// `--use-fake-ui-for-media-stream`: that flag lets getUserMedia through even where the origin's
// permission is set to denied (Chromium 150), so no denial could be tested.
const micFile = join(tmpdir(), `yinku-fake-mic-${process.pid}.wav`);
writeFileSync(micFile, beatWav());
test.use({
  permissions: ['microphone'],
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${micFile}`,
    ],
  },
});

const KICKS = '/sounds/instruments/asset/Samples:Drums/:Kick';

/** The beat panel's summary, read: tempo, bars, key and loudness. */
async function summary(page: Page) {
  const text = (await page.getByTestId('beat-summary').textContent()) ?? '';
  const m = /([\d.]+) BPM · (\d+) 小节 · (\S+) · (-?[\d.]+) LUFS/.exec(text);
  if (!m) throw new Error(`not a beat summary: ${text}`);
  return { bpm: Number(m[1]), bars: Number(m[2]), key: m[3], lufs: Number(m[4]) };
}

/** The stored beat (IndexedDB) decoded in the page: its name, length and kick onsets (s). */
function storedBeat(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('yinku-beat');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const beat = await new Promise<{ name: string; bytes: ArrayBuffer }>((resolve, reject) => {
      const get = db.transaction('beat').objectStore('beat').get('beat');
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    });
    db.close();
    const audio = await new OfflineAudioContext(1, 1, 48000).decodeAudioData(beat.bytes);
    const x = audio.getChannelData(0);
    // A kick: where the signal first passes 0.2 (the chord alone stays under it but on a
    // downbeat, with the kick), 0.3 s after the last; placed where it first reaches half its
    // peak within 20 ms (Opus smears a faint pre-echo ahead of it).
    const rate = audio.sampleRate;
    const kicks: { at: number; peak: number }[] = [];
    for (let i = 0; i < x.length; i++) {
      if (Math.abs(x[i]!) < 0.2 || (kicks.length && i / rate - kicks.at(-1)!.at < 0.3)) continue;
      let top = 0;
      const from = Math.max(0, i - Math.round(0.02 * rate));
      for (let j = from; j < Math.min(x.length, i + 0.02 * rate); j++)
        top = Math.max(top, Math.abs(x[j]!));
      let at = from;
      while (Math.abs(x[at]!) < top / 2) at++;
      kicks.push({ at: at / rate, peak: top });
    }
    return { name: beat.name, seconds: audio.length / audio.sampleRate, kicks };
  });
}

test('a microphone take is analysed like the dropped file, kept across a reload, and a denied microphone loses nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInFresh(page, 'beat-mic');
  await page.goto(KICKS);
  const openPanel = async () => {
    await page.getByRole('button', { name: '我的节拍' }).click({ timeout: 2 * NAVIGATION_TIMEOUT });
    return page.getByRole('group', { name: '我的节拍' });
  };
  let panel = await openPanel();

  // The WAV dropped: the reference.
  await panel.getByLabel('选择文件').setInputFiles({
    name: 'my bounce.wav',
    mimeType: 'audio/wav',
    buffer: Buffer.from(beatWav()),
  });
  await expect(panel.getByTestId('beat-summary')).toContainText('120 BPM · 2 小节', {
    timeout: NAVIGATION_TIMEOUT,
  });
  const dropped = await summary(page);
  console.info('dropped', dropped);
  expect(dropped.key).toBe('Am');

  // The same WAV through the microphone: a take started anywhere in a bar, over 3 bars long
  // (2 whole bars fit after its first downbeat).
  await panel.getByRole('button', { name: '录音' }).click();
  await expect(panel.getByRole('status')).toContainText('正在录音', {
    timeout: NAVIGATION_TIMEOUT,
  });
  await sleep(6500);
  await panel.getByRole('button', { name: '停止录音' }).click();
  await expect(panel).toContainText('mic ', { timeout: NAVIGATION_TIMEOUT });
  await expect(panel.getByRole('alert')).toHaveCount(0);
  const recorded = await summary(page);
  console.info('recorded', recorded);
  expect(Math.abs(recorded.bpm - dropped.bpm)).toBeLessThanOrEqual(0.5);
  // 2 bars fit after the take's first downbeat, or 4 when a loaded machine stops it late.
  expect([2, 4]).toContain(recorded.bars);
  expect(recorded.key).toBe(dropped.key);
  // Opus coding and the cut move it a little; a take's loudness must still be the file's.
  expect(Math.abs(recorded.lufs - dropped.lufs)).toBeLessThanOrEqual(1);
  const tempo = Number(await page.getByRole('spinbutton', { name: /项目速度/ }).inputValue());
  expect(Math.abs(tempo - dropped.bpm)).toBeLessThanOrEqual(0.5);

  // What was kept: whole bars from a downbeat, every kick on the 0.5 s grid, the loud ones on 1.
  const take = await storedBeat(page);
  console.info('stored take', take.seconds, take.kicks.map((k) => k.at.toFixed(4)).join(' '));
  expect(take.name).toMatch(/^mic /);
  expect(Math.abs(take.seconds - recorded.bars * 2)).toBeLessThan(0.03);
  expect(take.kicks).toHaveLength(recorded.bars * 4);
  // Each kick a beat of the grid after the last (5 ms more across the fake device's seam).
  const beat = take.seconds / (recorded.bars * 4);
  const loudest = Math.max(...take.kicks.map((k) => k.peak));
  for (const [i, kick] of take.kicks.entries()) {
    if (i) expect(Math.abs(kick.at - take.kicks[i - 1]!.at - beat), `kick ${i}`).toBeLessThan(0.01);
    expect(kick.peak > 0.75 * loudest, `kick ${i} at ${kick.peak}`).toBe(i % 4 === 0);
  }
  expect(take.kicks[0]!.at).toBeLessThan(0.02);

  // The microphone denied (Chromium's own permission, in this page's browser context), then a
  // reload: the take comes back from IndexedDB.
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    browserContextId: targetInfo.browserContextId,
    origin: new URL(page.url()).origin,
    permission: { name: 'microphone' },
    setting: 'denied',
  });
  await page.reload();
  panel = await openPanel();
  await expect(panel.getByTestId('beat-summary')).toContainText(`${recorded.bars} 小节`, {
    timeout: NAVIGATION_TIMEOUT,
  });
  expect(await summary(page)).toEqual(recorded);
  await expect(panel).toContainText('mic ');

  // A press with the microphone denied says so and loses nothing.
  await panel.getByRole('button', { name: '录音' }).click();
  await expect(panel.getByRole('alert')).toContainText('权限被拒绝', {
    timeout: NAVIGATION_TIMEOUT,
  });
  expect(await summary(page)).toEqual(recorded);
  await expect(panel).toContainText('mic ');
  await expect(panel.getByRole('button', { name: '录音' })).toBeEnabled();
  expect((await storedBeat(page)).kicks).toEqual(take.kicks);
});
