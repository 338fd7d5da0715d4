/**
 * What a user does in the page of the real-path bench (real-path.bench.ts): loads a list, moves
 * to another inside the app, turns the audition mode on or off, clicks a row and is heard,
 * stops what plays.
 */
import type { Locator, Page } from 'playwright';
import {
  armDetector,
  heardAfterInput,
  playerSilent,
  traceJobs,
  type Heard,
} from './real-path-probes.ts';

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The data rows of the page's list. */
export const rowsOf = (page: Page) => page.locator('[role="grid"] [role="row"][data-sample-id]');

/** Loads `path` afresh (a new page load: the engine and its caches start empty). */
export async function load(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await rowsOf(page).first().waitFor();
  if (process.env.REAL_PATH_LOG) await page.evaluate(traceJobs);
}

/**
 * Moves to another list inside the app (no page load), as the sidebar does; waits for `row`
 * when given, else for the first row to change.
 */
export async function navigate(page: Page, path: string, row?: Locator): Promise<void> {
  const before = await rowsOf(page).first().getAttribute('data-sample-id');
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  if (row) return row.waitFor();
  await page.waitForFunction((id) => {
    const row = document.querySelector('[role="grid"] [role="row"][data-sample-id]');
    return row !== null && row.getAttribute('data-sample-id') !== id;
  }, before);
}

/** Turns the global audition switch on or off, as the user does. */
export async function setAudition(page: Page, on: boolean): Promise<void> {
  const toggle = page.getByRole('switch', { name: /试听模式|Audition mode/ });
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await page.waitForFunction(
    (want) =>
      document.querySelector('[role="switch"][aria-checked]')?.getAttribute('aria-checked') ===
      want,
    String(on),
  );
}

/** Stops what plays (Space, as the user does) and waits until the output is silent. */
export async function silence(page: Page): Promise<void> {
  if (!(await page.evaluate(playerSilent))) await page.keyboard.press('Space');
  await page.waitForFunction(playerSilent);
  await sleep(150); // the 50 ms fade-out and the output's latency
}

// A hand comes to rest on a row before it presses: 150 ms here (what anticipation has to work
// with on a click; Playwright's own click moves and presses in the same millisecond).
const REST_MS = 150;

/** Moves the mouse onto `row`, rests, clicks it and answers when it was heard. */
export async function clickAndHear(page: Page, row: Locator): Promise<Heard | null> {
  await page.evaluate(armDetector);
  // On the row's name, where a user clicks a row: the row's centre lies on its waveform, whose
  // click seeks (it starts the sample part-way, past its own lead-in, which measured as sound
  // heard before the floor: the "risers under the floor" of docs/AUDIO.md).
  const name = row.getByRole('gridcell').nth(2);
  await name.hover();
  await sleep(REST_MS);
  await name.click();
  return page.evaluate(heardAfterInput);
}

/** The audition code of the row the player holds (null when it has none). */
export const auditionCodeOf = (page: Page) =>
  page.evaluate(() => {
    const s = (
      window as unknown as {
        __yinkuPlayer: {
          store: { getState(): { song: { auditionCode?: string | null } | null } };
        };
      }
    ).__yinkuPlayer.store.getState();
    return s.song?.auditionCode ?? null;
  });
