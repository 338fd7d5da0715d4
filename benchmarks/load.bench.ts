/**
 * Load on several instances (benchmarks/README.md "Load"): 64 connections driven by autocannon send a
 * mixed read workload — list pages, keyword searches, waveform peaks (spectrum) and audition
 * bytes — for LOAD_SECONDS, first to ONE gateway process on SQLite (the baseline, same run) and
 * then to TWO gateway processes on one PostgreSQL database (autocannon spreads the connections
 * over both URLs): the embedded default against the deployment of docs/DEPLOY.md. PostgreSQL is
 * DATABASE_URL's server, or a throw-away cluster (gateway-process.ts). Gates: no errors, timeouts
 * or non-2xx answers on either run, and p99 with two instances ≤ P99_BUDGET × one instance's.
 * `node benchmarks/load.bench.ts [--quick]` prints the figures as JSON.
 */
import autocannon from 'autocannon';
import { API } from '../src/shared/api/paths.ts';
import type { ListPage } from '../src/shared/api/envelope.ts';
import type { ApiEnvelope } from '../src/shared/api/envelope.ts';
import type { Sample } from '../src/shared/api/catalogue.types.ts';
import { authHeaders, login } from '../tests/testing/accounts.ts';
import {
  runGatewayGroupAsScript,
  postgresDatabaseEnv,
  removeGateway,
  startGatewayProcess,
  startSeededGateway,
  type GatewayProcess,
} from './gateway-process.ts';
import { countFigure, measureWithRetries, ratioFigure, type Figure } from './stats.ts';

/** Concurrent connections (the load: 64). */
const CONNECTIONS = 64;
/** Seconds of load per run: 30 in full mode, fewer in quick mode. */
const LOAD_SECONDS = { full: 30, quick: 8 };
/**
 * Two PostgreSQL instances' p99 may be at most this much above one SQLite instance's: the issue
 * asks for the ratio to be reported, and the gate is loose on purpose. A request on PostgreSQL
 * makes several round trips to another process (2–4× SQLite's in-process time on the `small`
 * library, 1.5–4.8 ms against 0.6–2.6 ms, measured one at a time), and on this 2-core machine
 * its server shares the cores with both gateways and autocannon: the ratio was 1.6–3.3 in
 * runs of 8 and 30 s. What the gate catches is contention between instances (a lock held
 * across them, a busy timeout, an exhausted pool), which multiplies the tail many times over.
 */
const P99_BUDGET = 5;

/** One request of the workload, as autocannon takes it. */
interface LoadRequest {
  method: 'GET';
  path: string;
  headers: Record<string, string>;
}

const query = (path: string, params: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/**
 * The workload: for each of 8 samples of the library, a list page (sorts and filters of the
 * Sounds page), a keyword search, the sample's peaks and its audition MP3 — read from a live
 * gateway so every request answers 200.
 */
async function workload(gateway: GatewayProcess, token: string): Promise<LoadRequest[]> {
  const headers = authHeaders(token);
  const response = await fetch(`${gateway.url}${query(API.audios, { pageSize: 100 })}`, {
    headers,
  });
  const page = ((await response.json()) as ApiEnvelope<ListPage<Sample>>).data;
  const withAudition = page.records.filter((sample) => sample.auditionCode);
  if (withAudition.length < 8) throw new Error('load: the library has too few auditions');
  const sorts = ['MOST_POPULAR', 'NEWEST', 'NAME', 'BPM', 'DURATION', 'RANDOM'];
  const keywords = ['kick', '古筝', 'drums loop', 'v', 'bass', 'snare', 'pad', '808'];
  return withAudition.slice(0, 8).flatMap((sample, i): LoadRequest[] => [
    {
      method: 'GET',
      path: query(API.audios, { pageSize: 100, page: 1 + (i % 3), sort: sorts[i % 6]!, seed: i }),
      headers,
    },
    { method: 'GET', path: query(API.search, { keyword: keywords[i]!, pageSize: 100 }), headers },
    { method: 'GET', path: API.spectrum(sample.id), headers },
    { method: 'GET', path: API.audition(sample.auditionCode!), headers },
  ]);
}

/** What one load run measured. */
interface LoadRun {
  p99: number;
  p50: number;
  requestsPerSecond: number;
  errors: number;
  total: number;
}

/** Runs the workload against `urls` (connections spread over them) for `seconds`. */
async function runLoad(urls: string[], requests: LoadRequest[], seconds: number): Promise<LoadRun> {
  const result = await autocannon({
    url: urls as unknown as string,
    connections: CONNECTIONS,
    duration: seconds,
    requests,
  });
  return {
    p99: result.latency.p99,
    p50: result.latency.p50,
    requestsPerSecond: result.requests.average,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

/** The load figures: one instance on SQLite (baseline) and two instances on one PostgreSQL database. */
export async function loadFigures(options: { quick: boolean }): Promise<Figure[]> {
  const seconds = options.quick ? LOAD_SECONDS.quick : LOAD_SECONDS.full;
  const seeded = { YINKU_SEED_AUDITIONS: 'wait' };
  // Each first gateway seeds its library with the auditions (SQLite copies it from the seed
  // cache); the second PostgreSQL gateway opens the same data directory (blobs) and database.
  const { gateway: alone } = await startSeededGateway('small', seeded);
  const pairs: GatewayProcess[] = [];
  try {
    const postgres = await postgresDatabaseEnv();
    pairs.push((await startSeededGateway('small', { ...postgres, ...seeded })).gateway);
    pairs.push(
      await startGatewayProcess({
        dataDir: pairs[0]!.dataDir,
        env: { ...postgres, YINKU_LIBRARY: 'small' },
      }),
    );
    // The same workload, read from each database (its ids and audition codes).
    const requestsOf = async (gateway: GatewayProcess) =>
      workload(gateway, (await login(gateway, 'demo@yinku.local', 'yinku-demo')).accessToken);
    const [aloneRequests, pairRequests] = [await requestsOf(alone), await requestsOf(pairs[0]!)];
    return await measureWithRetries(async () => {
      const one = await runLoad([alone.url], aloneRequests, seconds);
      const two = await runLoad(
        pairs.map((gateway) => gateway.url),
        pairRequests,
        seconds,
      );
      console.log(
        `load: 1 instance (SQLite) ${Math.round(one.requestsPerSecond)} req/s p99 ${one.p99} ms; ` +
          `2 instances (PostgreSQL) ${Math.round(two.requestsPerSecond)} req/s p99 ${two.p99} ms`,
      );
      const label = `load ${CONNECTIONS} connections ${seconds} s`;
      return [
        countFigure(`${label}, 1 instance (SQLite): errors of ${one.total} requests`, one.errors),
        countFigure(
          `${label}, 2 instances (PostgreSQL): errors of ${two.total} requests`,
          two.errors,
        ),
        ratioFigure(`${label}, 1 instance (SQLite): p99`, one.p99, 'ms', one.p99, Infinity),
        ratioFigure(
          `${label}, 2 instances (PostgreSQL) vs 1 (SQLite): p99`,
          two.p99,
          'ms',
          one.p99,
          P99_BUDGET,
        ),
        ratioFigure(`${label}, 2 instances vs 1: p50`, two.p50, 'ms', one.p50, Infinity),
        ratioFigure(
          `${label}, 2 instances vs 1: requests/s`,
          two.requestsPerSecond,
          'req/s',
          one.requestsPerSecond,
          Infinity,
        ),
      ];
    });
  } finally {
    for (const gateway of pairs.reverse()) await removeGateway(gateway).catch(() => {});
    await removeGateway(alone);
  }
}

await runGatewayGroupAsScript(import.meta.url, loadFigures);
