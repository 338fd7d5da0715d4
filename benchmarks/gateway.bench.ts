/**
 * Gateway list/search latency at 100k and 1M rows, and the initial bundle size (benchmarks/README.md).
 * Real gateway processes (gateway-process.ts: `node server/main.ts`) with the `large` library
 * (100,000 samples) and the `huge` one (1,000,000) answer, over HTTP and signed in, the calls the
 * Sounds page makes: pages of 100 in every sort the UI offers, a deep page, the filters of the
 * sidebar and the filter bar, the category tree, and keyword searches. Both gateways run at once
 * and each call kind is timed round-robin with the others and on each size in turn (so a slow
 * spell of the shared machine spreads over all of them, the 100k baseline included), and
 * reported as p50 and p95. Budgets (benchmarks/README.md "Gateway speed"): p95 ≤
 * RESPONSE_LIMIT_MS, and the 1M/100k ratio of a call's p50 ≤ SCALING_BUDGET; the JS and CSS
 * index.html loads up front ≤ BUNDLE_LIMIT_BYTES gzipped. Quick mode measures 100k only: seeding
 * 1M rows takes longer than CI's share of the bench (a cached seeded library is copied instead
 * when the schema has not changed, gateway-process.ts).
 * The database is the bench's parameter: SQLite in each gateway's data directory, or PostgreSQL
 * when DATABASE_URL is set (`benchDatabase`, gateway-process.ts).
 * `node benchmarks/gateway.bench.ts [--quick] [--only=1M]` prints the figures as JSON (run
 * `npm run build` first).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { API } from '../src/shared/api/paths.ts';
import type { LibrarySize } from '../server/config.ts';
import { authHeaders, login } from '../tests/testing/accounts.ts';
import {
  benchDatabaseEnv,
  benchOnPostgres,
  runGatewayGroupAsScript,
  postgresDatabaseEnv,
  removeGateway,
  startSeededGateway,
  type GatewayProcess,
} from './gateway-process.ts';
import { measureWithRetries, ratioFigure, type Figure } from './stats.ts';
import { similarLatencyFigures, type SimilarSize } from './similar.bench.ts';

/**
 * Server time a page of rows may take (ms): half of the 0.1 s under which a response feels
 * instant, leaving the other half to the network and rendering (benchmarks/README.md "Gateway speed").
 */
const RESPONSE_LIMIT_MS = 50;
/** How much slower a call may be with 10× the rows (p50 at 1M / p50 at 100k). */
const SCALING_BUDGET = 2;
/** The gzipped JS and CSS that index.html loads before the first render (bytes). */
const BUNDLE_LIMIT_BYTES = 250 * 1024;

/** One kind of call the Sounds page makes. */
interface Call {
  label: string;
  path: string;
  query: Record<string, string | number>;
  language?: 'zh' | 'en';
  /** The 1M/100k p50 budget when not SCALING_BUDGET (Infinity: reported, no budget). */
  scaling?: number;
  /** The `total` the answer must have at every size (the bench stops otherwise). */
  total?: number;
}

const PAGE = { pageSize: 100 } as const;
const list = (label: string, query: Call['query'], language?: Call['language']): Call => ({
  label,
  path: API.audios,
  query: { ...PAGE, ...query },
  language,
});
const search = (label: string, keyword: string, fields: Partial<Call> = {}): Call => ({
  label,
  path: API.search,
  query: { ...PAGE, keyword },
  ...fields,
});

/** The calls measured, as the Sounds page sends them (a page is 100 rows, PAGE_SIZE). */
export const CALLS: Call[] = [
  list('list: first page', {}),
  // Page 500 is the middle of the 100k list: a drag of the grid's scrollbar lands there.
  list('list: page 500', { page: 500 }),
  list('list: sort NEWEST', { sort: 'NEWEST' }),
  list('list: sort NAME (zh)', { sort: 'NAME' }),
  list('list: sort NAME (en)', { sort: 'NAME' }, 'en'),
  list('list: sort BPM', { sort: 'BPM' }),
  list('list: sort DURATION', { sort: 'DURATION' }),
  list('list: sort RANDOM', { sort: 'RANDOM', seed: 12345 }),
  list('list: category', { category: 'genres' }),
  list('list: category + instrument, NEWEST', {
    category: 'instruments',
    primaryName: 'Drums',
    sort: 'NEWEST',
  }),
  list('list: instrument + group', {
    category: 'instruments',
    primaryName: 'Drums',
    secondaryName: 'Kick',
  }),
  list('list: BPM 120–130', { bpmMin: 120, bpmMax: 130 }),
  list('list: key Am, loops', { key: 'Am', kind: 'loop' }),
  list('list: style trap', { styles: 'trap' }),
  list('list: packs', { range: 'packs', pageSize: 24 }),
  { label: 'category tree', path: API.instrumentsStyle, query: {} },
  search('search: kick', 'kick'),
  search('search: 古筝', '古筝'),
  // Every word of the library recurs in each volume, so a rare search is one sample's full name
  // with its volume: V93 is the last volume of the 100k library and no volume of the 1M one
  // (up to V926) starts with 93, so both answer the same 2 rows (the name is in two packs).
  // Six words, each in 3–18 % of the rows: an intersection FTS5 walks in time linear in them.
  search('search: rare (a full name)', 'Deep Hip-Hop Drums 02 V93', { total: 2 }),
  // The same kind of name in a volume whose number starts others' (V2, V20–V29, V200–V299): the
  // answer grows with the library, 11 rows at 100k and a full page of 100 (of 111) at 1M, so its
  // p50 grows with the page it sends (docs/DATABASE.md, "Word sets"); reported, no ratio budget.
  search('search: a name in every volume', 'Guzheng Gliss 01 V2', { scaling: Infinity }),
  // One letter, as prefix: every clone's name ends in "V<volume>", so ~99 % of the rows match.
  search('search: nearly all (v)', 'v'),
];

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** p50 and p95 (ms) of each call kind, by label. */
type Latencies = Map<string, { p50: number; p95: number }>;

/** Times one call over HTTP until its whole body is read; throws on an error answer. */
async function timeCall(url: string, token: string, call: Call): Promise<number> {
  const query = new URLSearchParams(
    Object.entries(call.query).map(([key, value]) => [key, String(value)]),
  );
  const started = performance.now();
  const response = await fetch(`${url}${call.path}?${query}`, {
    headers: authHeaders(token, call.language),
  });
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${call.label}: HTTP ${response.status} ${body.slice(0, 200)}`);
  if (call.total !== undefined) {
    const total = (JSON.parse(body) as { data?: { total?: number } }).data?.total;
    if (total !== call.total) throw new Error(`${call.label}: total ${total}, not ${call.total}`);
  }
  return ms;
}

/** A seeded gateway of one library size, signed in. */
interface Sized {
  rowsLabel: string;
  gateway: GatewayProcess;
  token: string;
  ready: Figure;
}

/**
 * Measures every call on every gateway `runs` times after one warm-up round: each round times
 * each call on each size in turn, so a slow spell of the shared machine falls on both sizes alike
 * and the 1M/100k ratio compares like with like.
 */
async function measureCalls(sizes: Sized[], runs: number): Promise<Map<string, Latencies>> {
  const times = new Map(
    sizes.map((size) => [
      size.rowsLabel,
      new Map(CALLS.map((call) => [call.label, [] as number[]])),
    ]),
  );
  for (let run = 0; run <= runs; run++) {
    for (const call of CALLS) {
      for (const size of sizes) {
        const ms = await timeCall(size.gateway.url, size.token, call);
        if (run > 0) times.get(size.rowsLabel)!.get(call.label)!.push(ms);
      }
    }
  }
  const stats = (xs: number[]) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95) });
  return new Map(
    [...times].map(([label, byCall]) => [
      label,
      new Map([...byCall].map(([call, xs]) => [call, stats(xs)])),
    ]),
  );
}

/** Starts a gateway on a seeded library of `size` (see startSeededGateway) and signs in. */
async function startSized(size: LibrarySize, rowsLabel: string, postgres: boolean): Promise<Sized> {
  const env = postgres ? await postgresDatabaseEnv() : await benchDatabaseEnv();
  const { gateway, seedMs, cached } = await startSeededGateway(size, env);
  const how = cached ? 'copied from the seed cache' : 'seeded';
  console.log(`gateway ${rowsLabel}: ${how} in ${Math.round(seedMs / 1000)} s`);
  const { accessToken } = await login(gateway, 'demo@yinku.local', 'yinku-demo');
  const ready = ratioFigure(
    `gateway ${rowsLabel}: library ready (${how})`,
    seedMs / 1000,
    's',
    1,
    Infinity,
  );
  return { rowsLabel, gateway, token: accessToken, ready: { ...ready, attempts: 1 } };
}

/**
 * Figures of each size: p95 of each call against RESPONSE_LIMIT_MS, p50 as a diagnostic, and for
 * every size after the first (the 100k baseline) the ratio of each call's p50 to the baseline's.
 */
function sizeFigures(sizes: Sized[], latencies: Map<string, Latencies>): Figure[] {
  const base = latencies.get(sizes[0]!.rowsLabel)!;
  return sizes.flatMap(({ rowsLabel }, i) =>
    CALLS.flatMap((call) => {
      const { p50, p95 } = latencies.get(rowsLabel)!.get(call.label)!;
      const name = `gateway ${rowsLabel}, ${call.label}`;
      const out = [
        ratioFigure(`${name}: p95`, p95, 'ms', RESPONSE_LIMIT_MS, 1),
        ratioFigure(`${name}: p50`, p50, 'ms', RESPONSE_LIMIT_MS, Infinity),
      ];
      if (i > 0) {
        const before = base.get(call.label)!;
        const budget = call.scaling ?? SCALING_BUDGET;
        out.push(ratioFigure(`${name}: p50 vs 100k`, p50, 'ms', before.p50, budget));
      }
      return out;
    }),
  );
}

/** The JS and CSS files `index.html` loads up front: its module script, preloads, stylesheets. */
function initialAssets(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const src = /\b(?:src|href)="([^"]+\.(?:js|css))"/.exec(tag)?.[1];
    const upFront = /^<script\b/.test(tag) || /\brel="(?:modulepreload|stylesheet)"/.test(tag);
    return src && upFront ? [src] : [];
  });
}

/** The gzipped bytes of the initial JS and CSS of the built client in `distDir`. */
function bundleFigure(distDir = 'dist'): Figure {
  let html: string;
  try {
    html = readFileSync(join(distDir, 'index.html'), 'utf8');
  } catch {
    throw new Error(`${distDir}/index.html is missing: run \`npm run build\` first`);
  }
  const bytes = initialAssets(html).reduce(
    (sum, src) => sum + gzipSync(readFileSync(join(distDir, src.replace(/^\//, '')))).length,
    0,
  );
  return {
    ...ratioFigure('initial bundle (JS + CSS, gzip)', bytes, 'bytes', BUNDLE_LIMIT_BYTES, 1),
    attempts: 1,
  };
}

/**
 * The gateway and bundle figures; the 1M-row library only in full mode. `postgres`: on
 * PostgreSQL whatever the bench's database (run.ts's `gateway-pg` group).
 */
export async function gatewayFigures(options: {
  quick: boolean;
  postgres?: boolean;
}): Promise<Figure[]> {
  const runs = options.quick ? 15 : 41;
  const postgres = options.postgres ?? benchOnPostgres();
  const on = postgres ? ' on PostgreSQL' : '';
  const sizes: Sized[] = [];
  try {
    sizes.push(await startSized('large', `100k${on}`, postgres));
    if (!options.quick) sizes.push(await startSized('huge', `1M${on}`, postgres));
    const figures = await measureWithRetries(async () =>
      sizeFigures(sizes, await measureCalls(sizes, runs)),
    );
    // Similar sounds on the same gateways, with their own budgets (similar.bench.ts).
    for (const size of sizes) {
      const key: SimilarSize = size.rowsLabel.startsWith('1M') ? '1M' : '100k';
      figures.push(
        ...(await measureWithRetries(() =>
          similarLatencyFigures(size.gateway, size.token, key, runs, size.rowsLabel),
        )),
      );
    }
    return [bundleFigure(), ...figures, ...sizes.map((size) => size.ready)];
  } finally {
    for (const size of sizes) await removeGateway(size.gateway);
  }
}

await runGatewayGroupAsScript(import.meta.url, gatewayFigures);
