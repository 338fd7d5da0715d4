/**
 * The real path (issue 19): the built app on a gateway with a seeded library, signed in, its rows
 * clicked with the mouse and walked with ↓ as a user does, timed on the audio clock from the
 * input's event timestamp to the first output frame above −80 dBFS, minus the sample's own
 * leading silence; against the floor, an `<audio>` element and a main-thread player on the same
 * rows in the same page.
 */
import { chromium, type Browser, type Locator, type Page, type Request } from 'playwright';
import { startTestGateway, type TestGateway } from '../tests/helpers/test-gateway.ts';
import { chromiumLaunchOptions } from '../tests/helpers/chromium.ts';
import { API } from '../src/shared/api/paths.ts';
import { ACCESS_TOKEN_KEY } from '../src/shared/constants.ts';
import type { FigureGroup } from './audio.bench.ts';
import {
  armDetector,
  baselines,
  fullVolume,
  heardAfterInput,
  playerSilent,
  realPathInit,
  traceJobs,
  type Heard,
} from './real-path-probes.ts';
import { countFigure, ratioFigure, round } from './stats.ts';
import { bundleDetector } from './bench-page.ts';

/** A list a user opens, and whether the global audition mode is on while they click it. */
interface ListVisit {
  path: string;
  audition: boolean;
}

// One list of each category, a search, and audition mode on for two of them: one-shots and
// loops, 16/24-bit, mono/stereo, 44.1/48 kHz, full encrypted plays and MP3 auditions.
const VISITS: ListVisit[] = [
  { path: '/sounds/instruments/asset/Samples:Drums', audition: false },
  { path: '/sounds/instruments/asset/Samples:Synth', audition: false },
  { path: '/sounds/genres/asset/Samples:Trap', audition: true },
  { path: '/sounds/cinematicFx/asset/Samples:Risers', audition: false },
  { path: '/sounds/chineseStyle/asset/Samples:Guzheng', audition: true },
  { path: '/sounds/search/track/loop/samples', audition: false },
];

/** p-th percentile (nearest rank) of `xs`. */
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The gateway, browser and signed-in context the real-path groups run in. */
interface RealPath {
  groups: FigureGroup[];
  /** The signed-in page and the gateway it runs against (diagnostics). */
  page: Page;
  url: string;
  close(): Promise<void>;
}

/** Starts a gateway with the `small` (quick) or `demo` library and a signed-in Chromium. */
export async function openRealPath(options: { quick: boolean }): Promise<RealPath> {
  // Every audition encoded before the first click: encoding them in the background keeps the
  // gateway's thread busy (answers took 100–550 ms), which times the gateway, not the client.
  const gateway = await startTestGateway({
    size: options.quick ? 'small' : 'demo',
    serveClient: true,
    env: { YINKU_SEED_AUDITIONS: 'wait' },
  });
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch(chromiumLaunchOptions);
    const detector = await bundleDetector();
    const tokens = await signIn(gateway);
    // bypassCSP: the detector's module comes from a blob: URL, which the app's CSP refuses.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    await context.addInitScript(
      ([key, access, refresh]) => {
        localStorage.setItem(key, access);
        localStorage.setItem('yinku.refreshToken', refresh);
        localStorage.setItem('yinku.tokenTimestamp', String(Date.now()));
      },
      [ACCESS_TOKEN_KEY, tokens.accessToken, tokens.refreshToken] as const,
    );
    await context.addInitScript(realPathInit, detector);
    const env = { gateway, page: await context.newPage(), quick: options.quick };
    const b = browser;
    return {
      groups: [clicksGroup(env), keyboardGroup(env)],
      page: env.page,
      url: gateway.url,
      async close() {
        await b.close();
        await gateway.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await gateway.close();
    throw error;
  }
}

interface Env {
  gateway: TestGateway;
  page: Page;
  quick: boolean;
}

async function signIn(gateway: TestGateway) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('yinku-demo'));
  const login = await fetch(`${gateway.url}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'demo@yinku.local',
      password: Buffer.from(digest).toString('hex'),
      loginType: 'EMAIL',
    }),
  });
  return ((await login.json()) as { data: { accessToken: string; refreshToken: string } }).data;
}

const rowsOf = (page: Page) => page.locator('[role="grid"] [role="row"][data-sample-id]');

/** Loads `path` afresh (a new page load: the engine and its caches start empty). */
async function load(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await rowsOf(page).first().waitFor();
  if (process.env.REAL_PATH_LOG) await page.evaluate(traceJobs);
}

/** Moves to another list inside the app (no page load), as the sidebar does. */
async function navigate(page: Page, path: string): Promise<void> {
  const before = await rowsOf(page).first().getAttribute('data-sample-id');
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction((id) => {
    const row = document.querySelector('[role="grid"] [role="row"][data-sample-id]');
    return row !== null && row.getAttribute('data-sample-id') !== id;
  }, before);
}

async function setAudition(page: Page, on: boolean): Promise<void> {
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
async function silence(page: Page): Promise<void> {
  if (!(await page.evaluate(playerSilent))) await page.keyboard.press('Space');
  await page.waitForFunction(playerSilent);
  await sleep(150); // the 50 ms fade-out and the output's latency
}

// A hand comes to rest on a row before it presses: 150 ms here (what anticipation has to work
// with on a click; Playwright's own click moves and presses in the same millisecond).
const REST_MS = 150;

/** Moves the mouse onto `row`, rests, clicks it and answers when it was heard. */
async function clickAndHear(page: Page, row: Locator): Promise<Heard | null> {
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

interface ClickRun {
  first: Heard[];
  uncached: Heard[];
  cached: Heard[];
  /** Audition URL of each key that has one (for the baselines). */
  auditions: Map<string, string | null>;
}

/** One pass of a user over the lists: clicks, listens, pauses, clicks again. */
async function clickThrough(env: Env): Promise<ClickRun> {
  const { page, gateway } = env;
  const run: ClickRun = { first: [], uncached: [], cached: [], auditions: new Map() };
  const perList = 5;
  const seen = new Set<string>();
  let sinceLoad = 0;
  let audition = false;
  const listen = async (i: number) => {
    await sleep(1000);
    // Now and then the user stops to think.
    if (i % 4 === 3) await sleep(env.quick ? 600 : 1500);
  };
  const record = (heard: Heard | null, auditionCode: string | null) => {
    if (process.env.REAL_PATH_LOG) console.log(sinceLoad, JSON.stringify(heard));
    if (!heard || !Number.isFinite(heard.ms)) return;
    const into = sinceLoad === 1 ? run.first : seen.has(heard.key) ? run.cached : run.uncached;
    into.push(heard);
    seen.add(heard.key);
    run.auditions.set(
      heard.key,
      auditionCode ? `${gateway.url}${API.audition(auditionCode)}` : null,
    );
  };
  for (const [v, visit] of VISITS.entries()) {
    if (v === 0) {
      await load(page, `${gateway.url}${visit.path}`);
      await sleep(1000); // the user finds the row
      sinceLoad = 0;
      audition = false;
    } else await navigate(page, visit.path);
    if (visit.audition !== audition) await setAudition(page, (audition = visit.audition));
    const rows = rowsOf(page);
    const count = Math.min(perList, await rows.count());
    for (let i = 0; i < count; i++) {
      if (sinceLoad > 0) await silence(page);
      sinceLoad++;
      const heard = await clickAndHear(page, rows.nth(i));
      record(heard, await auditionCodeOf(page));
      await listen(i);
    }
    // Back to two rows already heard in this list.
    for (const i of [1, 0]) {
      if (i >= count) continue;
      await silence(page);
      record(await clickAndHear(page, rows.nth(i)), await auditionCodeOf(page));
      await sleep(600);
    }
  }
  await silence(page);
  return run;
}

/** The first click after a page load, on other lists (after the baselines: a load empties the page). */
async function firstClicks(env: Env): Promise<Heard[]> {
  const { page, gateway } = env;
  const first: Heard[] = [];
  for (const visit of VISITS.slice(1, env.quick ? 3 : 6)) {
    await load(page, `${gateway.url}${visit.path}`);
    await setAudition(page, false);
    await sleep(1000); // the user finds the row
    const heard = await clickAndHear(page, rowsOf(page).nth(2));
    if (process.env.REAL_PATH_LOG) console.log('first', JSON.stringify(heard));
    if (heard && Number.isFinite(heard.ms)) first.push(heard);
  }
  await silence(page);
  return first;
}

const auditionCodeOf = (page: Page) =>
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

/** Mouse clicks on real rows: first after load, uncached, cached, against the baselines. */
function clicksGroup(env: Env): FigureGroup {
  return {
    label: 'real path clicks',
    async measure() {
      const run = await clickThrough(env);
      await env.page.evaluate(fullVolume);
      // Baselines in the same page, on the same rows (each heard row's decoded buffer is kept).
      const floors: number[] = [];
      const audios: number[] = [];
      const mains: number[] = [];
      for (const [key, auditionUrl] of run.auditions) {
        const b = await env.page.evaluate(baselines, { key, auditionUrl });
        if (Number.isFinite(b.floor)) floors.push(b.floor);
        if (b.audio !== null && Number.isFinite(b.audio)) audios.push(b.audio);
        if (b.main !== null && Number.isFinite(b.main)) mains.push(b.main);
      }
      const floor = percentile(floors, 50);
      const audioP50 = percentile(audios, 50);
      const ms = (hs: Heard[]) => hs.map((h) => h.ms);
      const uncached = ms(run.uncached);
      const cached = ms(run.cached);
      const first = ms([...run.first, ...(await firstClicks(env))]);
      const rows = run.auditions.size;
      const fig = (name: string, value: number, extra: number) =>
        ratioFigure(`${name} vs floor + ${extra} ms`, value, 'ms', floor + extra, 1);
      const firstMax = Math.max(...first);
      return [
        countFigure(`real path: distinct rows clicked (need ≥ 30)`, Math.max(0, 30 - rows)),
        fig(
          `real path: uncached click→sound p50 (${uncached.length} clicks)`,
          percentile(uncached, 50),
          15,
        ),
        fig('real path: uncached click→sound p95', percentile(uncached, 95), 30),
        // The floor is measured on every clicked row (probes keep each heard buffer), not only
        // on the few the engine's cache still held when the baselines ran (docs/AUDIO.md).
        fig(
          `real path: cached click→sound p95 (${cached.length} clicks)`,
          percentile(cached, 95),
          3,
        ),
        fig(`real path: first click after a page load, worst of ${first.length}`, firstMax, 60),
        ratioFigure(
          'real path: uncached click→sound p50 vs <audio> p50 (same rows, auditions)',
          percentile(uncached, 50),
          'ms',
          audioP50,
          1,
        ),
        ratioFigure(
          'real path: uncached click→sound p95 vs <audio> p95',
          percentile(uncached, 95),
          'ms',
          percentile(audios, 95),
          1,
        ),
        ratioFigure(
          'real path: first click after a page load vs <audio> p95',
          firstMax,
          'ms',
          percentile(audios, 95),
          1,
        ),
        ratioFigure(
          'real path: main-thread fetch + decodeAudioData p50 vs <audio> p50 (diagnostic)',
          percentile(mains, 50),
          'ms',
          audioP50,
          Number.POSITIVE_INFINITY,
        ),
        ratioFigure(
          `real path: floor p50 (${floors.length} rows; diagnostic)`,
          floor,
          'ms',
          floor,
          Number.POSITIVE_INFINITY,
        ),
      ];
    },
  };
}

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
function keyboardGroup(env: Env): FigureGroup {
  return {
    label: 'real path keyboard',
    async measure() {
      const { page, gateway } = env;
      await load(page, `${gateway.url}/sounds/search/track/a/samples`);
      await setAudition(page, false);
      const rows = rowsOf(page);
      const heard: Heard[] = [];
      const played = new Set<string>();
      const fetched = await audioBytes(page, async () => {
        await rows.first().getByRole('gridcell').nth(2).click();
        await sleep(400);
        for (let i = 0; i < 20; i++) {
          await silence(page);
          await page.evaluate(armDetector);
          await page.keyboard.press('ArrowDown');
          const h = await page.evaluate(heardAfterInput);
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
      ];
    },
  };
}
