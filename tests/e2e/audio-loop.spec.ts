/**
 * A loop is heard seamlessly (issue 25, docs/AUDIO.md "Loops"), on what the page sends to its
 * speakers: a 2.000 s loop of a 220 Hz sine (440 whole periods) is imported into the e2e
 * gateway's library, found by search and clicked by a signed-in user; a recorder tapped onto the
 * destination hears no 5 ms window under 70 % of the median level across two seams, and the
 * recording repeats itself one period later. The player's position wraps meanwhile.
 * With Sync on (the player bar's controls), a loop of clicks at 100 BPM over a 220 Hz sine is
 * heard at the project's tempo and key (onsets and pitch of the recording), and the player's
 * "download as heard" saves a WAV of the length the stretch gives, named as heard.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '../testing/e2e.ts';
import {
  asHeardFileName,
  renderedFrames,
  syncParams,
  type HeardAs,
  type SyncableSample,
} from '../../src/shared/audio/sync-params.ts';
import { buildWav } from '../../src/wasm/testing/audio-fixtures.ts';
import { sleep } from '../../benchmarks/real-path-actions.ts';
import {
  loopPlayerState,
  recordedFrames,
  recordLoop,
  sineLoopWav,
  startRecording,
  stopRecording,
  tapModules,
  untilLoopPlays,
  wrapped,
} from '../../benchmarks/real-path-loop.ts';
import { openImportedLoop } from './testing/audio.ts';

// The tap's worklets are added from blob: URLs, which the app's CSP refuses.
test.use({ bypassCSP: true });

let modules: { detector: string; recorder: string };
test.beforeAll(async () => {
  modules = await tapModules();
});

test('a seamless loop, imported, found and clicked, is heard without a gap across its seams', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Bytes of their own (the importer skips a file it holds already), as the name is.
  const level = 0.4 + (Date.now() % 1000) / 10_000;
  const sine = sineLoopWav(2, 220, level);
  const { row, name } = await openImportedLoop(page, 'loop', 'Seamless Sine', sine, modules);
  await expect(row.locator('strong')).toHaveText(name);
  await row.getByRole('gridcell').nth(2).click();
  await untilLoopPlays(page);
  // Two seams at least: 4.5 s of a 2 s loop.
  const heard = await recordLoop(page, 4.5, 2);
  console.info('loop heard', { ...heard, positions: heard.positions.map((p) => p.toFixed(2)) });
  expect(heard.windows).toBeGreaterThan(800);
  expect(heard.dropouts).toBe(0);
  expect(heard.periodDifference).toBeLessThan(0.01);
  // One continuous play: never paused or reloaded, its position wrapping at the loop's length.
  expect(heard.phases).toEqual(['playing']);
  expect(wrapped(heard.positions)).toBe(true);
  expect(Math.max(...heard.positions)).toBeLessThanOrEqual(2);
  const state = await page.evaluate(loopPlayerState);
  expect(state).toMatchObject({ phase: 'playing', loopType: 0 });
  expect(state.duration).toBeCloseTo(2, 3);
});

/** Frequency of a steady tone over frames [from, to): rising zero crossings, interpolated. */
function toneHz(x: Float32Array, rate: number, from: number, to: number): number {
  const at: number[] = [];
  for (let i = from + 1; i < to; i++)
    if (x[i - 1]! < 0 && x[i]! >= 0) at.push(i - 1 + x[i - 1]! / (x[i - 1]! - x[i]!));
  return ((at.length - 1) * rate) / (at.at(-1)! - at[0]!);
}

/** Two bars of clicks at 100 BPM (20 ms of decaying noise) over a 220 Hz sine: a seamless loop. */
function clickSineLoop(rate = 44100): Uint8Array {
  const frames = Math.round(4.8 * rate);
  let seed = (Date.now() % 9973) + 1;
  const plane = Float32Array.from(
    { length: frames },
    (_, i) => 0.25 * Math.sin((2 * Math.PI * 220 * i) / rate),
  );
  for (let beat = 0; beat < 8; beat++) {
    const at = Math.round(beat * 0.6 * rate);
    for (let i = 0; i < 0.02 * rate; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      plane[at + i]! += 0.7 * (seed / 2 ** 31 - 1) * Math.exp(-i / (0.003 * rate));
    }
  }
  return buildWav([plane, plane], { encoding: 'int', bits: 16, sampleRate: rate });
}

test('with Sync on, a loop is heard at the project tempo and key and downloads as heard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const clicks = clickSineLoop();
  const { row, name } = await openImportedLoop(page, 'synced', 'Synced Clicks', clicks, modules);
  await row.getByRole('gridcell').nth(2).click();
  await untilLoopPlays(page);
  // The player bar's own controls: 120 BPM, C minor, Sync on (the song restarts synced).
  const tempo = page.getByRole('spinbutton', { name: /项目速度/ });
  await tempo.fill('120');
  await tempo.press('Enter');
  await page.getByRole('combobox', { name: /项目调性/ }).selectOption('Cm');
  await page.getByRole('switch', { name: /同步/ }).click();
  const song = await page.evaluate(() => {
    const hook = (
      window as unknown as {
        __yinkuPlayer: {
          store: {
            getState(): {
              song: {
                audioBpm: number | null;
                audioKey: string | null;
                audioData?: { kind?: string; duration?: number };
              };
            };
          };
        };
      }
    ).__yinkuPlayer;
    return hook.store.getState().song;
  });
  // The analysis found the loop's tempo (100, or its half or double) and a key on A (Am: +3).
  const heard: HeardAs = syncParams(
    {
      kind: song.audioData?.kind,
      bpm: song.audioBpm,
      key: song.audioKey,
    } as SyncableSample,
    { tempo: 120, key: 'Cm' },
  );
  console.info('synced loop', { bpm: song.audioBpm, key: song.audioKey, heard });
  expect(heard.bpm).toBe(120);
  expect(song.audioKey).toMatch(/^A/);
  expect(heard.semitones).not.toBe(0);
  await sleep(1000);
  await page.evaluate(startRecording);
  await sleep(3000);
  const { rate, b64 } = await page.evaluate(stopRecording);
  const x = recordedFrames(b64);
  // Onsets: the first frame of each click, where |x| first passes 1.3× the sine's own peak (the
  // median of the 5 ms windows' peaks), 0.2 s at least after the last.
  const win = Math.round(0.005 * rate);
  const peaks: number[] = [];
  for (let i = 0; i + win <= x.length; i += win) {
    let peak = 0;
    for (let j = i; j < i + win; j++) peak = Math.max(peak, Math.abs(x[j]!));
    peaks.push(peak);
  }
  const sinePeak = [...peaks].sort((a, b) => a - b)[peaks.length >> 1]!;
  console.info('synced recording', {
    seconds: x.length / rate,
    sinePeak,
    loudest: Math.max(...peaks),
  });
  const onsets: number[] = [];
  for (let i = 0; i < x.length; i++)
    if (Math.abs(x[i]!) > 1.3 * sinePeak && !(i / rate - onsets.at(-1)! < 0.2))
      onsets.push(i / rate);
  const gaps = onsets.slice(1).map((t, i) => t - onsets[i]!);
  console.info('synced onsets', gaps.map((g) => g.toFixed(4)).join(' '));
  expect(gaps.length).toBeGreaterThanOrEqual(4);
  // 120 BPM: a beat every 0.5 s (the loop's own 0.6 s stretched by 120/100).
  for (const gap of gaps) expect(Math.abs(gap - 0.5)).toBeLessThan(0.005);
  // Key: the sine between two clicks, at 220 Hz shifted as the project's key asks.
  const hz = toneHz(
    x,
    rate,
    Math.round((onsets[0]! + 0.1) * rate),
    Math.round((onsets[1]! - 0.02) * rate),
  );
  console.info('synced pitch', hz.toFixed(2), 'Hz');
  expect(Math.abs(1200 * Math.log2(hz / (220 * 2 ** (heard.semitones / 12))))).toBeLessThan(10);
  // Download as heard: the player's button saves `<name> (120 BPM, Cm).wav`, 4.8 s ÷ the stretch.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `按同步效果下载 WAV: ${name}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(asHeardFileName(name, heard));
  const wav = readFileSync(await download.path());
  const data = wav.indexOf('data');
  const bytes = wav.readUInt32LE(data + 4);
  const frames = bytes / (wav.readUInt16LE(22) * (wav.readUInt16LE(34) / 8));
  expect(frames).toBe(renderedFrames(Math.round(4.8 * 44100), heard.rate));
});
