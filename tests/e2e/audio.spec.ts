/**
 * The audio engine end to end (issue 3): a signed-in user clicks a sample row in the built
 * client; the page registers its device key, fetches the encrypted file, decrypts and decodes it
 * in the worker pool and plays it through the fade worklet — and the analyser hears it.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../testing/e2e.ts';
import { peakLevel } from './testing/audio.ts';
import { dataRows, openSignedIn, signInFresh } from './testing/sounds.ts';

/** The player store and engine the page exposes under the yinku.audioTestHooks flag. */
interface PlayerHook {
  store: {
    getState(): Record<string, unknown> & {
      playSong(song: object, options?: object): Promise<void>;
    };
  };
  engine(): { analyser: AnalyserNode; context: AudioContext };
}

const playerState = (page: Page) =>
  page.evaluate(() => {
    const s = (window as unknown as { __yinkuPlayer: PlayerHook }).__yinkuPlayer.store.getState();
    return { isPlaying: s.isPlaying, id: s.id, lastError: s.lastError, duration: s.duration };
  });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('yinku.audioTestHooks', '1'));
});

test('clicking a row plays the encrypted sample and it is audible', async ({ page }) => {
  await signInFresh(page, 'audio');
  // The list registers the device key as soon as it mounts (the warm-up), before any click.
  const registered = page.waitForResponse((r) => r.url().endsWith('/api/v4/users/client-key'));
  await page.goto('/sounds/genres/asset/Samples:Trap');
  const row = dataRows(page).first();
  await expect(row).toBeVisible();
  const id = Number(await row.getAttribute('data-sample-id'));
  const played = page.waitForResponse((r) => r.url().includes(`/api/v2/tt-audios/play/${id}`));
  await row.click();
  expect((await registered).status()).toBe(200);
  const play = await played;
  expect(play.status()).toBe(200);
  expect(play.headers()['x-encrypted-key']).toBeTruthy();
  expect(play.request().headers()['x-client-key-id']).toBeTruthy();
  await expect
    .poll(() => playerState(page), { timeout: 15_000 })
    .toMatchObject({ isPlaying: true, id, lastError: null });
  await expect.poll(() => peakLevel(page), { timeout: 10_000 }).toBeGreaterThan(0.01);
  // The device key stays private: IndexedDB holds a CryptoKey that cannot be exported.
  const extractable = await page.evaluate(
    () =>
      new Promise<boolean | string>((resolve) => {
        const open = indexedDB.open('yinku-device');
        open.onsuccess = () => {
          const get = open.result.transaction('keys').objectStore('keys').get('device-key');
          get.onsuccess = () =>
            resolve((get.result as { privateKey: CryptoKey }).privateKey.extractable);
          get.onerror = () => resolve('unreadable');
        };
        open.onerror = () => resolve('no database');
      }),
  );
  expect(extractable).toBe(false);
});

test('an audition (plain MP3 preview) plays and pausing silences it', async ({ page }) => {
  await openSignedIn(page, 'audition', '/sounds/genres/asset/Samples:Trap');
  await expect(dataRows(page).first()).toBeVisible();
  const list = await page.request.get('/api/v2/tt-audios?range=samples&pageSize=20');
  const records = (
    (await list.json()) as {
      data: { records: { id: number; auditionCode?: string; duration: number }[] };
    }
  ).data.records;
  // At least a second long: a gapless 0.25 s one-shot ends before the polls below can see it.
  const sample = records.find((r) => r.auditionCode && r.duration >= 1);
  expect(sample, 'the seeded library has auditions').toBeTruthy();
  const fetched = page.waitForResponse((r) => r.url().includes('/play-audition/'));
  await page.evaluate((s) => {
    void (window as unknown as { __yinkuPlayer: PlayerHook }).__yinkuPlayer.store
      .getState()
      .playSong(s, { audition: true });
  }, sample!);
  expect((await fetched).headers()['content-type']).toContain('audio/mpeg');
  await expect
    .poll(() => playerState(page), { timeout: 15_000 })
    .toMatchObject({ isPlaying: true, id: sample!.id });
  await expect.poll(() => peakLevel(page), { timeout: 10_000 }).toBeGreaterThan(0.01);
  await page.evaluate(() => {
    (
      window as unknown as { __yinkuPlayer: { store: { getState(): { pause(): void } } } }
    ).__yinkuPlayer.store
      .getState()
      .pause();
  });
  await expect.poll(() => peakLevel(page), { timeout: 5_000 }).toBe(0);
});
