/**
 * A loop is heard seamlessly (issue 25, docs/AUDIO.md "Loops"), on what the page sends to its
 * speakers: a 2.000 s loop of a 220 Hz sine (440 whole periods) is imported into the e2e
 * gateway's library, found by search and clicked by a signed-in user; a recorder tapped onto the
 * destination hears no 5 ms window under 70 % of the median level across two seams, and the
 * recording repeats itself one period later. The player's position wraps meanwhile.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test, expect } from '../testing/e2e.ts';
import {
  loopPlayerState,
  recordLoop,
  sineLoopWav,
  tapModules,
  untilLoopPlays,
  wrapped,
} from '../../benchmarks/real-path-loop.ts';
import { realPathInit } from '../../benchmarks/real-path-probes.ts';
import { dataRows, NAVIGATION_TIMEOUT, signInFresh } from './testing/sounds.ts';

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
  // A name of its own (and bytes of their own: the importer skips a file it holds already).
  const name = `Seamless Sine ${Date.now()}`;
  const root = mkdtempSync(join(tmpdir(), 'yinku-e2e-loop-'));
  try {
    mkdirSync(join(root, 'Loop Check'));
    const level = 0.4 + (Date.now() % 1000) / 10_000;
    writeFileSync(join(root, 'Loop Check', `${name}.wav`), sineLoopWav(2, 220, level));
    await promisify(execFile)(
      process.execPath,
      ['server/import.ts', root, '--brand', name, '--secondary', 'Loops'],
      { env: { ...process.env, YINKU_DATA_DIR: process.env.YINKU_E2E_DATA_DIR } },
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  await page.addInitScript(realPathInit, modules);
  await signInFresh(page, 'loop');
  await page.goto(`/sounds/search/track/${encodeURIComponent(name)}/samples`);
  const row = dataRows(page).first();
  await expect(row).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
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
