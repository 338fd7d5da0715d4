/**
 * AI music end to end (issue 6), in headless Chromium against the e2e gateway:
 * as a CREATOR open /songai, open a song's details, play it (audible through an AnalyserNode),
 * seek (a 206 Range answer, the clock moves there), change the volume; as an ORDINARY user the
 * page and the stream are refused.
 *
 * Songs: `beforeAll` makes sure catalogue slots 0–2 exist, rendering any that are missing as
 * 20-second songs straight into the gateway's data directory with the gateway's own generator
 * (same database file, WAL allows a second writer; a slot the gateway fills first is kept).
 */
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY } from '../../src/shared/constants.ts';
import { API } from '../../src/shared/api/paths.ts';
import type { SongListPage } from '../../src/shared/api/music.types.ts';
import { loadConfig } from '../../server/config.ts';
import { openStorage } from '../../server/db/open-storage.ts';
import { openBlobStore } from '../../server/blob-store.ts';
import { systemClock } from '../../server/clock.ts';
import { startSongGeneration } from '../../server/music/song-generator.ts';
import { test, expect } from '../testing/e2e.ts';
import { sha256Hex } from '../testing/accounts.ts';
import { peakLevel } from './testing/audio.ts';

const SONG_SECONDS = 20;

test.beforeAll(async () => {
  const dataDir = process.env.YINKU_E2E_DATA_DIR;
  if (!dataDir) throw new Error('YINKU_E2E_DATA_DIR is not set: run through `playwright test`');
  const storage = await openStorage({ ...loadConfig(), dataDir });
  try {
    const ctx = {
      repo: storage.repo,
      blobs: openBlobStore(join(dataDir, 'blobs')),
      clock: systemClock,
    };
    await startSongGeneration(ctx, { count: 3, seconds: SONG_SECONDS }).done;
  } finally {
    await storage.close();
  }
});

async function signIn(request: APIRequestContext, email: string): Promise<string[]> {
  const response = await request.post(API.login, {
    data: { email, password: sha256Hex('yinku-demo'), loginType: 'EMAIL' },
  });
  expect(response.status()).toBe(200);
  const { accessToken, refreshToken } = (await response.json()).data;
  return [accessToken, refreshToken];
}

/** Stores the session like the login page would, and taps every <audio> routed into Web Audio. */
async function prepare(page: Page, [accessToken, refreshToken]: string[]): Promise<void> {
  await page.addInitScript(
    ({ key, access, refresh }) => {
      localStorage.setItem(key, access);
      localStorage.setItem('yinku.refreshToken', refresh);
      localStorage.setItem('yinku.tokenTimestamp', String(Date.now()));
      // Two probes: what the element plays (`musicProbe`) and what leaves the music volume gain
      // (`musicOutProbe`), so the test hears both the song and the volume control.
      const original = AudioContext.prototype.createMediaElementSource;
      AudioContext.prototype.createMediaElementSource = function (element) {
        const source = original.call(this, element);
        const probes = window as unknown as Record<string, AnalyserNode>;
        probes.musicProbe = this.createAnalyser();
        source.connect(probes.musicProbe);
        const connect = source.connect.bind(source) as (node: AudioNode) => AudioNode;
        source.connect = ((node: AudioNode) => {
          if (node instanceof GainNode) {
            probes.musicOutProbe = this.createAnalyser();
            node.connect(probes.musicOutProbe);
          }
          return connect(node);
        }) as typeof source.connect;
        return source;
      };
    },
    { key: ACCESS_TOKEN_KEY, access: accessToken!, refresh: refreshToken! },
  );
}

/** Peak level a probe of the page hears over ~300 ms (`musicProbe` unless named). */
const probePeak = (page: Page, name = 'musicProbe') => peakLevel(page, name);

const seconds = (text: string | null) => {
  const [m, s] = (text ?? '0:00').split(':').map(Number);
  return m! * 60 + s!;
};

test('a CREATOR browses /songai, opens details, plays, seeks and changes the volume', async ({
  page,
  request,
}) => {
  await prepare(page, await signIn(request, 'creator@yinku.local'));
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/stream')) statuses.push(response.status());
  });
  await page.goto('/songai');
  const cards = page.getByTestId('song-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(3);

  // Details: the first song is 雨窗 (Rainy Window); its prompt shows real line breaks.
  await page.getByRole('button', { name: /雨窗/ }).first().click();
  const details = page.getByTestId('song-details');
  await expect(details.getByRole('heading', { name: '雨窗' })).toBeVisible();
  await expect(details.getByTestId('song-prompt')).toContainText('[Verse]');
  expect(await details.getByTestId('song-prompt').locator('br').count()).toBeGreaterThan(5);
  await expect(details.getByTestId('song-prompt')).not.toContainText('\\n');

  // Play: the bar shows the song, time advances and the analyser hears it.
  await page.getByRole('button', { name: '播放 雨窗' }).click();
  const player = page.getByTestId('music-player');
  await expect(player.getByTestId('music-now-playing')).toHaveText('雨窗');
  await expect(player.getByRole('button', { name: '暂停' })).toBeVisible();
  await expect(player.getByTestId('music-duration')).not.toHaveText('0:00');
  await expect.poll(() => probePeak(page), { timeout: 10_000 }).toBeGreaterThan(0.01);
  await expect
    .poll(async () => seconds(await player.getByTestId('music-current-time').textContent()))
    .toBeGreaterThanOrEqual(1);

  // Seek to the middle: the element asks for a byte range and plays on from there.
  await player.getByRole('slider', { name: '播放进度' }).fill('50');
  await expect
    .poll(async () => seconds(await player.getByTestId('music-current-time').textContent()))
    .toBeGreaterThanOrEqual(SONG_SECONDS / 2 - 1);
  expect(statuses).toContain(206);
  await expect.poll(() => probePeak(page)).toBeGreaterThan(0.01);

  // Volume: 0–1 in 0.01 steps, icon thresholds 0.7 and 0.3.
  const volume = player.getByRole('slider', { name: '音量' });
  const icon = player.getByTestId('music-volume-icon');
  await expect(icon).toHaveAttribute('data-icon', 'volumeHigh');
  await volume.fill('0.5');
  await expect(icon).toHaveAttribute('data-icon', 'volumeLow');
  await volume.fill('0.12');
  await expect(icon).toHaveAttribute('data-icon', 'volumeMute');
  // At 0 the music gain lets nothing through while the song itself still plays.
  await volume.fill('0');
  await expect.poll(() => probePeak(page, 'musicOutProbe')).toBeLessThan(0.001);
  expect(await probePeak(page)).toBeGreaterThan(0.01);
  await volume.fill('0.8');
  await expect.poll(() => probePeak(page, 'musicOutProbe')).toBeGreaterThan(0.01);

  // Pause: silence follows.
  await player.getByRole('button', { name: '暂停' }).click();
  await expect(player.getByRole('button', { name: '播放' })).toBeVisible();
  await expect.poll(() => probePeak(page)).toBeLessThan(0.001);
});

test('an ORDINARY user is refused the page and the stream', async ({ page, request }) => {
  const creator = await signIn(request, 'creator@yinku.local');
  const list = await request.get(API.songs, { headers: { authorization: `Bearer ${creator[0]}` } });
  const song = ((await list.json()).data as SongListPage).records[0]!;

  const ordinary = await signIn(request, 'demo@yinku.local');
  const bearer = { authorization: `Bearer ${ordinary[0]}` };
  expect((await request.get(API.songs, { headers: bearer })).status()).toBe(403);
  expect((await request.get(API.songStream(song.id), { headers: bearer })).status()).toBe(403);

  await prepare(page, ordinary);
  await page.goto('/songai');
  await expect(page.getByTestId('music-forbidden')).toBeVisible();
  await expect(page.getByTestId('song-card')).toHaveCount(0);
});
