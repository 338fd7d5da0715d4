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
import type { SimilarPage } from '../src/shared/api/catalogue.types.ts';
import { authHeaders } from '../tests/helpers/accounts.ts';
import { startTestGateway, type TestGateway } from '../tests/helpers/test-gateway.ts';
import { round, ratioFigure, type Figure } from './stats.ts';

/** The share of a sample's 10 similar sounds that must share its secondary name. */
const PRECISION_FLOOR = 0.8;
/** p95 budgets (ms) of a similar-sounds call by library size. */
export const SIMILAR_BUDGET_MS = { '100k': 20, '1M': 50 } as const;
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
 * p95 (and p50, no budget) of both similar-sounds calls on a running gateway: QUERIES samples
 * spread over the library, asked round-robin with a search by the embedding of each, after one
 * warm-up round (which also loads the gateway's embedding snapshot).
 */
export async function similarLatencyFigures(
  gateway: TestGateway,
  token: string,
  rowsLabel: keyof typeof SIMILAR_BUDGET_MS,
  runs: number,
): Promise<Figure[]> {
  // The gateway's own snapshot (one in memory): reading 1M rows through the oracle would not fit.
  const snapshot = await gateway.ctx.repo.catalogue.embeddings();
  const picked = (['oneshot', 'loop'] as const).flatMap((kind) => {
    const group = snapshot.groups[kind];
    const rows = group.ids.length;
    if (rows === 0) throw new Error(`similar sounds: no analysed ${kind} to ask about`);
    return Array.from({ length: QUERIES / 2 }, (_, i) => {
      const row = Math.floor((i * rows) / (QUERIES / 2));
      const at = row * EMBEDDING_SIZE;
      return { id: group.ids[row]!, embedding: group.vectors.slice(at, at + EMBEDDING_SIZE) };
    });
  });
  const headers = authHeaders(token);
  const byId: number[] = [];
  const bySound: number[] = [];
  for (let run = 0; run <= runs; run++) {
    for (const sample of picked) {
      const one = await timed(`${gateway.url}${API.similar(sample.id)}`, { headers });
      const embedding = [...sample.embedding];
      const two = await timed(`${gateway.url}${API.similarSearch}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ embedding }),
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
      `gateway ${rowsLabel}, ${label}: p95`,
      percentile(xs as number[], 95),
      'ms',
      budget,
      1,
    ),
    ratioFigure(
      `gateway ${rowsLabel}, ${label}: p50`,
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
