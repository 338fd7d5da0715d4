/**
 * The keyboard group of the real path (issue 19): ↓ through 20 rows of a search at 3 rows/s,
 * timed like a click, and the bytes fetched ahead during the walk against the bytes played.
 */
import type { Page, Request } from 'playwright';
import { API } from '../src/shared/api/paths.ts';
import type { FigureGroup } from './audio.bench.ts';
import {
  armDetector,
  baselines,
  fullVolume,
  heardAfterInput,
  type Heard,
} from './real-path-probes.ts';
import { load, rowsOf, setAudition, silence, sleep } from './real-path-actions.ts';
import type { Env } from './real-path.bench.ts';
import { percentile, ratioFigure, round } from './stats.ts';

/** Bytes of the play and audition answers the page fetched while `during` ran. */
async function audioBytes(page: Page, during: () => Promise<void>): Promise<Map<string, number>> {
  const bytes = new Map<string, number>();
  const onDone = async (request: Request) => {
    const url = request.url();
    if (!url.includes('/tt-audios/play')) return;
    const sizes = await request.sizes().catch(() => null);
    const path = new URL(url).pathname;
    bytes.set(path, (bytes.get(path) ?? 0) + (sizes?.responseBodySize ?? 0));
  };
  page.on('requestfinished', onDone);
  try {
    await during();
    await sleep(500);
  } finally {
    page.off('requestfinished', onDone);
  }
  return bytes;
}

/** ↓ through 20 rows at 3 rows/s (Space before each so the last one has stopped). */
export function keyboardGroup(env: Env): FigureGroup {
  return {
    label: 'real path keyboard',
    async measure() {
      const { page, gateway } = env;
      await load(page, `${gateway.url}/sounds/search/track/a/samples`);
      await setAudition(page, false);
      const rows = rowsOf(page);
      const heard: Heard[] = [];
      let early = 0; // presses the detector timed before their input (Heard.early): left out
      const played = new Set<string>();
      const fetched = await audioBytes(page, async () => {
        await rows.first().getByRole('gridcell').nth(2).click();
        await sleep(400);
        for (let i = 0; i < 20; i++) {
          await silence(page);
          await page.evaluate(armDetector);
          await page.keyboard.press('ArrowDown');
          const h = await page.evaluate(heardAfterInput);
          if (h?.early !== undefined) early++;
          if (h && Number.isFinite(h.ms)) heard.push(h);
          if (process.env.REAL_PATH_LOG) console.log('↓', JSON.stringify(h));
          if (h) played.add(new URL(`${gateway.url}${API.play(h.id)}`).pathname);
          await sleep(333 - 150);
        }
        await silence(page);
      });
      await page.evaluate(fullVolume);
      const floors: number[] = [];
      for (const h of heard) {
        const b = await page.evaluate(baselines, { key: h.key, auditionUrl: null });
        if (Number.isFinite(b.floor)) floors.push(b.floor);
      }
      const floor = percentile(floors, 50);
      let playedBytes = 0;
      let allBytes = 0;
      for (const [path, n] of fetched) {
        allBytes += n;
        if (played.has(path)) playedBytes += n;
      }
      return [
        ratioFigure(
          `real path: ↓ through 20 rows at 3/s, p50 (${heard.length} heard) vs floor + 3 ms`,
          percentile(
            heard.map((h) => h.ms),
            50,
          ),
          'ms',
          floor + 3,
          1,
        ),
        ratioFigure(
          `real path: bytes fetched during the ↓ walk (${round(allBytes / 2 ** 20)} MiB) vs 3 × bytes played`,
          allBytes,
          'B',
          3 * playedBytes,
          1,
        ),
        ratioFigure(
          'real path: ↓ presses timed before their input, left out (diagnostic)',
          early,
          'count',
          1,
          Number.POSITIVE_INFINITY,
        ),
      ];
    },
  };
}
