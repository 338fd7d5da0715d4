/**
 * Synced audition on the real path (issue 25, "the real-path budgets hold with Sync on"): the
 * loops of the seeded library clicked as in the clicks group, with Sync on (a 120 BPM C minor
 * project), timed the same way against the floor of the same rows.
 */
import type { Page } from 'playwright';
import type { FigureGroup } from './audio.bench.ts';
import { clickAndHear, load, rowsOf, setAudition, silence, sleep } from './real-path-actions.ts';
import { baselines, fullVolume, type Heard } from './real-path-probes.ts';
import type { Env } from './real-path.bench.ts';
import { percentile, ratioFigure } from './stats.ts';
import { setSync } from './sync-probes.ts';

/** True when the voice playing now is a synced one (else the plain voice played the row). */
function playedSynced(): boolean {
  const hook = (
    window as unknown as { __yinkuPlayer: { engine(): { syncedVoice: object | null } } }
  ).__yinkuPlayer;
  return hook.engine().syncedVoice !== null;
}

/**
 * Clicks `row` and answers its heard time if a synced voice played it from its first sound. A
 * row with a lead-in is left out: its lead-in is heard partly at the lead's speed and partly at
 * the stretch's rate, from a hand-over the probe does not see (measured: one row's 238 ms
 * lead-in taken off at the file's speed read 15–87 ms late).
 */
async function syncedClick(page: Page, row: ReturnType<typeof rowsOf>): Promise<Heard | null> {
  const heard = await clickAndHear(page, row);
  const synced = await page.evaluate(playedSynced);
  if (process.env.REAL_PATH_LOG) console.log('synced', synced, JSON.stringify(heard));
  if (!heard || !synced || !Number.isFinite(heard.ms) || heard.leadingMs > 1) return null;
  return heard;
}

/**
 * Uncached clicks on the loops list with Sync on, against the same rows' floor (the cached
 * synced click is sync.bench.ts's: the same voice on a buffer already decoded).
 */
export function syncedClicksGroup(env: Env): FigureGroup {
  return {
    label: 'real path synced clicks',
    async measure() {
      const { page, gateway } = env;
      await load(page, `${gateway.url}/sounds/search/track/loop/samples`);
      await setAudition(page, false);
      await sleep(1000); // the user finds the row
      const rows = rowsOf(page);
      const count = Math.min(env.quick ? 13 : 21, await rows.count());
      // The first click after the load makes the engine (the clicks group times that one).
      await clickAndHear(page, rows.nth(count - 1));
      await page.evaluate(setSync, true);
      const uncached: Heard[] = [];
      try {
        for (let i = 0; i < count - 1; i++) {
          await silence(page);
          const heard = await syncedClick(page, rows.nth(i));
          if (heard) uncached.push(heard);
          await sleep(i % 4 === 3 ? 1200 : 600);
        }
        await silence(page);
      } finally {
        await page.evaluate(setSync, false);
      }
      await page.evaluate(fullVolume);
      const floors: number[] = [];
      for (const h of uncached) {
        const b = await page.evaluate(baselines, { key: h.key, auditionUrl: null });
        if (Number.isFinite(b.floor)) floors.push(b.floor);
      }
      const floor = percentile(floors, 50);
      const fig = (name: string, heard: Heard[], p: number, extra: number) =>
        ratioFigure(
          `${name} vs floor + ${extra} ms`,
          percentile(
            heard.map((h) => h.ms),
            p,
          ),
          'ms',
          floor + extra,
          1,
        );
      return [
        fig(
          `real path: synced uncached click→sound p50 (${uncached.length} loops)`,
          uncached,
          50,
          15,
        ),
        fig('real path: synced uncached click→sound p95', uncached, 95, 30),
      ];
    },
  };
}
