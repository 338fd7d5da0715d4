/**
 * Similar sounds (docs/api/catalogue.md "Similar sounds", docs/LIBRARY.md "Stored analysis"):
 * - precision@10 by secondary name on the `demo` library: for every analysed sample, the share
 *   of its 10 similar sounds that have its secondary name (a kick finds kicks); budget ≥ 0.8
 *   (PRECISION_FLOOR; the figure's ratio is floor / precision, ≤ 1);
 * - latency over HTTP, until the body is read, of `GET tt-audios/{id}/similar` and of the search
 *   by sound (`POST tt-audios/similar`) on the gateway benchmark's `large` (100k) and `huge` (1M)
 *   gateways: p95 ≤ 20 ms at 100k and ≤ 50 ms at 1M (gateway.bench.ts calls
 *   `similarLatencyFigures` on its own gateways, so no library is seeded twice).
 * `node benchmarks/similar.bench.ts` prints the precision figure as JSON.
 */
import { fileURLToPath } from 'node:url';
import { EMBEDDING_SIZE } from '../src/analysis/index.ts';
import { API } from '../src/shared/api/paths.ts';
import type { Sample, SimilarPage } from '../src/shared/api/catalogue.types.ts';
import type { ListPage } from '../src/shared/api/envelope.ts';
import { Rng } from '../server/synth/prng.ts';
import { authHeaders } from '../tests/testing/accounts.ts';
import { startTestGateway, type TestGateway } from '../tests/testing/test-gateway.ts';
import { round, ratioFigure, type Figure } from './stats.ts';

/** The share of a sample's 10 similar sounds that must share its secondary name. */
const PRECISION_FLOOR = 0.8;
/** p95 budgets (ms) of a similar-sounds call by library size. */
const SIMILAR_BUDGET_MS = { '100k': 20, '1M': 50 } as const;
/** The library sizes similar sounds are timed at. */
export type SimilarSize = keyof typeof SIMILAR_BUDGET_MS;
/** Samples whose neighbours are asked for, spread over the library, per round. */
const QUERIES = 20;

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Ids, secondary names and embeddings of every analysed sample, read through the oracle. */
async function analysedSamples(gateway: TestGateway) {
  return (await gateway.oracle.samples())
    .filter((sample) => sample.analysis)
    .map((sample) => ({
      id: sample.id,
      secondary: sample.secondaryName,
      embedding: sample.analysis!.embedding,
    }));
}

/** Times one call until its body is read; throws on an error answer. */
async function timed(url: string, init: RequestInit): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${body.slice(0, 200)}`);
  return { ms, body };
}

/**
 * p95 (and p50, no budget) of both similar-sounds calls on a running gateway, over HTTP only (the
 * gateway may be another process): QUERIES samples, half one-shots and half loops, taken from
 * pages spread over the list, each asked for its similar sounds, round-robin with a search by a
 * random unit vector (what a search costs does not depend on the vector), after one warm-up round
 * (which also loads the gateway's embedding snapshot). `nameLabel` names the figures (`1M on
 * PostgreSQL`), `rowsLabel` picks the budget.
 */
export async function similarLatencyFigures(
  gateway: { url: string },
  token: string,
  rowsLabel: SimilarSize,
  runs: number,
  nameLabel: string = rowsLabel,
): Promise<Figure[]> {
  const headers = authHeaders(token);
  const picked: number[] = [];
  for (const kind of ['oneshot', 'loop'] as const) {
    const first = await fetch(`${gateway.url}${API.audios}?kind=${kind}&pageSize=1`, { headers });
    const total = ((await first.json()) as { data: ListPage<Sample> }).data.total;
    // The list takes pages up to 100,000 (server/http/validation.ts): at 1M rows, bigger pages.
    const size = Math.max(1, Math.ceil(total / 100_000));
    for (let i = 0; i < QUERIES / 2; i++) {
      const page = 1 + Math.floor((i * total) / (QUERIES / 2) / size);
      const answer = await fetch(
        `${gateway.url}${API.audios}?kind=${kind}&pageSize=${size}&page=${page}`,
        { headers },
      );
      const body = (await answer.json()) as { data: ListPage<Sample> | null };
      const id = body.data?.records[0]?.id;
      if (id === undefined)
        throw new Error(`similar sounds: no ${kind} on page ${page} (HTTP ${answer.status})`);
      picked.push(id);
    }
  }
  const rng = new Rng(16);
  const randomUnit = () => {
    const v = Array.from({ length: EMBEDDING_SIZE }, () => rng.range(-1, 1));
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  };
  const byId: number[] = [];
  const bySound: number[] = [];
  for (let run = 0; run <= runs; run++) {
    for (const id of picked) {
      const one = await timed(`${gateway.url}${API.similar(id)}`, { headers });
      const two = await timed(`${gateway.url}${API.similarSearch}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ embedding: randomUnit() }),
      });
      if (run === 0) continue;
      byId.push(one.ms);
      bySound.push(two.ms);
    }
  }
  const budget = SIMILAR_BUDGET_MS[rowsLabel];
  return [
    ['similar sounds of a sample', byId],
    ['search by sound', bySound],
  ].flatMap(([label, xs]) => [
    ratioFigure(
      `gateway ${nameLabel}, ${label}: p95`,
      percentile(xs as number[], 95),
      'ms',
      budget,
      1,
    ),
    ratioFigure(
      `gateway ${nameLabel}, ${label}: p50`,
      percentile(xs as number[], 50),
      'ms',
      budget,
      Infinity,
    ),
  ]);
}

/** Mean share of each sample's 10 similar sounds that share its secondary name. */
async function precisionAt10(
  gateway: TestGateway,
): Promise<{ precision: number; queries: number }> {
  const samples = await analysedSamples(gateway);
  const secondaryOf = new Map(samples.map((s) => [s.id, s.secondary]));
  let sum = 0;
  let queries = 0;
  for (const sample of samples) {
    const response = await fetch(`${gateway.url}${API.similar(sample.id)}?limit=10`);
    const page = ((await response.json()) as { data: SimilarPage }).data;
    if (page.records.length === 0) continue;
    const same = page.records.filter((r) => secondaryOf.get(r.id) === sample.secondary).length;
    sum += same / page.records.length;
    queries++;
  }
  return { precision: queries === 0 ? 0 : sum / queries, queries };
}

/** The precision figure, on its own `demo` gateway (no auditions; the analysis awaited). */
export async function similarFigures(): Promise<Figure[]> {
  const saved = { ...process.env };
  process.env.YINKU_SEED_AUDITIONS = 'off';
  process.env.YINKU_SEED_ANALYSIS = 'wait';
  const started = performance.now();
  let gateway: TestGateway;
  try {
    gateway = await startTestGateway({ size: 'demo' });
  } finally {
    for (const key of ['YINKU_SEED_AUDITIONS', 'YINKU_SEED_ANALYSIS'])
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
  }
  console.log(`similar: demo seeded in ${Math.round((performance.now() - started) / 1000)} s`);
  try {
    const { precision, queries } = await precisionAt10(gateway);
    console.log(`similar: precision@10 ${round(precision, 3)} over ${queries} samples`);
    // The ratio is floor / precision: ≤ 1 while the precision is at or over the floor.
    return [
      {
        name: 'similar sounds, demo library: precision@10 by secondary name',
        value: round(precision, 3),
        unit: 'share',
        baseline: PRECISION_FLOOR,
        ratio: round(PRECISION_FLOOR / Math.max(precision, 1e-9), 3),
        budget: 1,
        attempts: 1,
      },
    ];
  } finally {
    await gateway.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await similarFigures(), null, 2));
}
