import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { realPathInit } from '../../../benchmarks/real-path-probes.ts';
import { expect } from '../../testing/e2e.ts';
import { dataRows, NAVIGATION_TIMEOUT, openSignedIn } from './sounds.ts';

/**
 * Largest |sample| an analyser hears over ~300 ms (several analyser windows): the player's output
 * analyser, or the one the page keeps at `window[probe]` (0 while there is none).
 */
export function peakLevel(page: Page, probe?: string): Promise<number> {
  return page.evaluate(async (probe) => {
    const hook = (window as unknown as { __yinkuPlayer: { engine(): { analyser: AnalyserNode } } })
      .__yinkuPlayer;
    const analyser = probe
      ? (window as unknown as Record<string, AnalyserNode | undefined>)[probe]
      : hook.engine().analyser;
    if (!analyser) return 0;
    const data = new Float32Array(analyser.fftSize);
    let peak = 0;
    for (let i = 0; i < 10; i++) {
      analyser.getFloatTimeDomainData(data);
      for (const v of data) peak = Math.max(peak, Math.abs(v));
      await new Promise((r) => setTimeout(r, 30));
    }
    return peak;
  }, probe);
}

/** The player store's fields a test reads (its test hook, under `yinku.audioTestHooks`). */
export interface PlayerFields {
  id: number | null;
  isPlaying: boolean;
  progress: number;
  startProgress: number;
  actionType: string;
}

/** The named fields of the player's state now, from its test hook. */
export function playerState<K extends keyof PlayerFields>(
  page: Page,
  ...keys: K[]
): Promise<Pick<PlayerFields, K>> {
  return page.evaluate((keys) => {
    const state = (
      window as unknown as { __yinkuPlayer: { store: { getState(): PlayerFields } } }
    ).__yinkuPlayer.store.getState();
    return Object.fromEntries(keys.map((key) => [key, state[key]])) as Pick<PlayerFields, K>;
  }, keys);
}

/**
 * Imports `wav` as a loop named `title` and the time (a name of its own: importLoop), then signs a
 * fresh user (`tag`) into a 1400×900 page tapped at its destination (`tap`, the worklets of
 * benchmarks/real-path-probes.ts) and searches the loop: its row, shown, and its name.
 */
export async function openImportedLoop(
  page: Page,
  tag: string,
  title: string,
  wav: Uint8Array,
  tap: { detector: string; recorder: string },
): Promise<{ row: Locator; name: string }> {
  const name = `${title} ${Date.now()}`;
  await page.setViewportSize({ width: 1400, height: 900 });
  await importLoop(name, wav);
  await page.addInitScript(realPathInit, tap);
  await openSignedIn(page, tag, `/sounds/search/track/${encodeURIComponent(name)}/samples`);
  const row = dataRows(page).first();
  await expect(row).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
  return { row, name };
}

/**
 * Imports `wav` as `<name>.wav` into the e2e gateway's library, in a brand and pack of its own
 * (named after it: the home page's newest sounds, one per pack, show pack names).
 */
export async function importLoop(name: string, wav: Uint8Array): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'yinku-e2e-loop-'));
  try {
    mkdirSync(join(root, name));
    writeFileSync(join(root, name, `${name}.wav`), wav);
    await promisify(execFile)(
      process.execPath,
      ['server/import.ts', root, '--brand', name, '--secondary', 'Loops'],
      { env: { ...process.env, YINKU_DATA_DIR: process.env.YINKU_E2E_DATA_DIR } },
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
