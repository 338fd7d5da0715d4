/**
 * Load on several instances (docs/DEPLOY.md, "Load"): 64 connections driven by autocannon send a
 * mixed read workload — list pages, keyword searches, waveform peaks (spectrum) and audition
 * bytes — for LOAD_SECONDS, first to ONE gateway process (the baseline, same run) and then to TWO
 * gateway processes on one database (autocannon spreads the connections over both URLs). The
 * database is the bench's parameter (gateway-process.ts): SQLite shares one file between the
 * two processes; with DATABASE_URL, one PostgreSQL database. Gates: no errors, timeouts or
 * non-2xx answers on either run, and p99 with two instances ≤ P99_BUDGET × one instance's.
 * `node benchmarks/load.bench.ts [--quick]` prints the figures as JSON.
 */
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { API } from '../src/shared/api/paths.ts';
import type { ListPage } from '../src/shared/api/envelope.ts';
import type { ApiEnvelope } from '../src/shared/api/envelope.ts';
import type { Sample } from '../src/shared/api/catalogue.types.ts';
import { authHeaders, login } from '../tests/helpers/accounts.ts';
import {
  benchDatabaseEnv,
  closeBenchDatabases,
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
 * Two instances' p99 may be at most this much above one instance's. Two processes on the
 * shared 2-core machine cannot be faster than one; the gate catches contention between them
 * (a lock held across instances, a busy timeout) that would multiply the tail.
 */
const P99_BUDGET = 2;

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

/** The load figures: one instance (baseline) and two instances on one database. */
export async function loadFigures(options: { quick: boolean }): Promise<Figure[]> {
  const seconds = options.quick ? LOAD_SECONDS.quick : LOAD_SECONDS.full;
  const env = await benchDatabaseEnv();
  // The first gateway seeds the library with its auditions (or copies it from the seed cache);
  // the second opens the same data directory and database.
  const { gateway: first } = await startSeededGateway('small', {
    ...env,
    YINKU_SEED_AUDITIONS: 'wait',
  });
  let second: GatewayProcess | undefined;
  try {
    second = await startGatewayProcess({
      dataDir: first.dataDir,
      env: { ...env, YINKU_LIBRARY: 'small' },
    });
    const { accessToken } = await login(first, 'demo@yinku.local', 'yinku-demo');
    const requests = await workload(first, accessToken);
    const database = env.DATABASE_URL ? 'PostgreSQL' : 'one SQLite file';
    return await measureWithRetries(async () => {
      const one = await runLoad([first.url], requests, seconds);
      const two = await runLoad([first.url, second!.url], requests, seconds);
      console.log(
        `load: 1 instance ${Math.round(one.requestsPerSecond)} req/s p99 ${one.p99} ms; ` +
          `2 instances (${database}) ${Math.round(two.requestsPerSecond)} req/s p99 ${two.p99} ms`,
      );
      const label = `load ${CONNECTIONS} connections ${seconds} s`;
      return [
        countFigure(`${label}, 1 instance: errors of ${one.total} requests`, one.errors),
        countFigure(`${label}, 2 instances: errors of ${two.total} requests`, two.errors),
        ratioFigure(`${label}, 1 instance: p99`, one.p99, 'ms', one.p99, Infinity),
        ratioFigure(
          `${label}, 2 instances (${database}) vs 1: p99`,
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
    await second?.close();
    await removeGateway(first);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const figures = await loadFigures({ quick: process.argv.includes('--quick') }).finally(
    closeBenchDatabases,
  );
  console.log(JSON.stringify(figures, null, 2));
  console.log(`${Math.round((performance.now() - started) / 1000)} s`);
}
