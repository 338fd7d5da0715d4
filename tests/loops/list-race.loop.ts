/**
 * Issue 18's loop: sign in as demo, open /sounds/instruments, click the first asset link, and check
 * that the asset list shows its rows — many times, in Chromium, against fresh gateways.
 *
 *   npm run build && node tests/loops/list-race.loop.ts [--runs=100] [--per-gateway=10]
 *     [--library=small] [--timeout=15000] [--log=list-race-loop.log.json] [--verbose]
 *     [--delay=0] [--songs]
 *
 * Every run records each API request's start and end or failure (Playwright page events) and the
 * sample list's states (`data-list-state` on the grid, watched by a MutationObserver in the page).
 * A run fails when the asset list is not `ready` with rows within `--timeout` ms; its timeline is
 * printed. Exits 1 when any run failed. Not in the vitest/Playwright globs: `npm test` never runs it.
 */
import { writeFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../testing/chromium.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import type { LibrarySize } from '../../server/config.ts';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, value = 'true'] = arg.replace(/^--/, '').split('=');
    return [name!, value];
  }),
);
const RUNS = Number(args.get('runs') ?? 100);
const PER_GATEWAY = Number(args.get('per-gateway') ?? 10);
const LIBRARY = (args.get('library') ?? 'small') as LibrarySize;
const TIMEOUT = Number(args.get('timeout') ?? 15_000);
const LOG = args.get('log');
const VERBOSE = args.has('verbose');
/** Holds each API answer back by a random 0…DELAY ms, to shake the order of answers. */
const DELAY = Number(args.get('delay') ?? 0);
/** Generate the AI songs in the background too, as `npm run serve` does on a first start. */
const SONGS = args.has('songs');

/** One line of a run's timeline, in ms since the run started. */
interface Event {
  at: number;
  what: string;
}

interface RunResult {
  run: number;
  gateway: number;
  ok: boolean;
  ms: number;
  /** How /sounds/instruments was reached: a full page load, or the category link on /sounds. */
  via: 'goto' | 'link';
  events: Event[];
  error?: string;
}

/** Records the list states (`data-list-state` of every grid) from the start of each document. */
function watchListStates(): void {
  const seen = new Map<Element, string | null>();
  const log: { at: number; state: string }[] = [];
  Object.assign(window, { __listStates: log });
  const check = () => {
    for (const grid of document.querySelectorAll('[data-list-state]')) {
      const state = grid.getAttribute('data-list-state');
      if (seen.get(grid) === state) continue;
      seen.set(grid, state);
      const rows = grid.querySelectorAll('[role="row"][data-sample-id]').length;
      log.push({
        at: performance.timeOrigin + performance.now(),
        state: `${location.pathname} ${state} rows=${rows}`,
      });
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-list-state'],
  });
}

async function oneRun(browser: Browser, gateway: TestGateway, run: number, index: number) {
  const via: RunResult['via'] = run % 2 === 0 ? 'goto' : 'link';
  const context = await browser.newContext({
    baseURL: gateway.url,
    viewport: { width: 1400, height: 900 },
  });
  const page: Page = await context.newPage();
  const started = Date.now();
  const events: Event[] = [];
  const note = (what: string) => events.push({ at: Date.now() - started, what });
  const api = (url: string) => {
    const { pathname, search } = new URL(url);
    return pathname.startsWith('/api/') ? pathname + search : null;
  };
  page.on('request', (r) => {
    const path = api(r.url());
    if (path) note(`→ ${r.method()} ${path}`);
  });
  page.on('requestfinished', (r) => {
    const path = api(r.url());
    if (!path) return;
    const at = Date.now() - started;
    // The status arrives asynchronously; the context may close first.
    r.response()
      .then((response) => events.push({ at, what: `← ${response?.status() ?? '?'} ${path}` }))
      .catch(() => events.push({ at, what: `← ? ${path}` }));
  });
  page.on('requestfailed', (r) => {
    const path = api(r.url());
    if (path) note(`✕ ${r.failure()?.errorText ?? 'failed'} ${path}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`page ${new URL(frame.url()).pathname}`);
  });
  await page.addInitScript(watchListStates);
  if (DELAY > 0)
    await page.route('**/api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * DELAY));
      await route.continue().catch(() => {});
    });
  let error: string | undefined;
  try {
    await page.goto('/login');
    await page.getByLabel('邮箱').fill('demo@yinku.local');
    await page.getByLabel(/^密码$/).fill('yinku-demo');
    await page.getByRole('button', { name: /^登录$/ }).click();
    await page.waitForURL(/\/sounds$/);
    note('signed in');
    if (via === 'goto') await page.goto('/sounds/instruments');
    else await page.getByRole('main').getByRole('link', { name: /^乐器/ }).click();
    await page.waitForURL(/\/sounds\/instruments$/);
    const first = page.getByRole('main').locator('a[href*="/asset/"]').first();
    await first.waitFor();
    // The chip reads "鼓组 · 9": the asset page's title is the name before the dot.
    const title = (await first.innerText()).split(' · ')[0]!.trim();
    note(`click ${await first.getAttribute('href')} (${title})`);
    await first.click();
    await page.waitForURL(/\/asset\//);
    // The URL changes before the new page renders: wait for the asset page's own grid.
    await page.waitForFunction(
      (heading) =>
        document.querySelector('main h1')?.textContent === heading &&
        document.querySelector(
          'main [role="grid"][data-list-state="ready"] [role="row"][data-sample-id]',
        ) !== null,
      title,
      { timeout: TIMEOUT, polling: 50 },
    );
    note('rows shown');
  } catch (caught) {
    error = caught instanceof Error ? caught.message.split('\n')[0] : String(caught);
    note(`failed: ${error}`);
  }
  const states = await page
    .evaluate(
      () =>
        (window as unknown as { __listStates?: { at: number; state: string }[] }).__listStates ??
        [],
    )
    .catch(() => []);
  for (const { at, state } of states)
    events.push({ at: Math.round(at - started), what: `list ${state}` });
  events.sort((a, b) => a.at - b.at);
  await context.close();
  return { run, gateway: index, ok: !error, ms: Date.now() - started, via, events, error };
}

async function main(): Promise<void> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const results: RunResult[] = [];
  let gateway: TestGateway | null = null;
  try {
    for (let run = 0; run < RUNS; run++) {
      if (run % PER_GATEWAY === 0) {
        await gateway?.close();
        gateway = await startTestGateway({
          size: LIBRARY,
          serveClient: true,
          env: SONGS ? { YINKU_SONGS: 'on' } : {},
        });
      }
      const result = await oneRun(browser, gateway!, run, Math.floor(run / PER_GATEWAY));
      results.push(result);
      const passed = results.filter((r) => r.ok).length;
      console.log(
        `run ${run + 1}/${RUNS} (gateway ${result.gateway + 1}, ${result.via}): ${result.ok ? 'ok' : 'FAILED'} in ${result.ms} ms — ${passed}/${results.length} passed`,
      );
      if (!result.ok || VERBOSE)
        for (const e of result.events) console.log(`  ${String(e.at).padStart(6)} ms  ${e.what}`);
    }
  } finally {
    await gateway?.close();
    await browser.close();
  }
  if (LOG) writeFileSync(LOG, JSON.stringify(results, null, 1));
  const passed = results.filter((r) => r.ok).length;
  console.log(`${passed}/${results.length} runs showed the asset list's rows`);
  process.exitCode = passed === results.length ? 0 : 1;
}

await main();
