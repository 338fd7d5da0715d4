/**
 * Fits the timbre embedding's constants on the demo library (every sample of its plan, rendered)
 * and writes them to src/analysis/embedding-constants.ts (docs/ANALYSIS.md "Timbre embedding"):
 * each raw descriptor's mean and standard deviation, and the projection onto EMBEDDING_SIZE
 * directions fitted on the plan's secondary names. Prints precision@10 on the whole library and
 * on held-out packs (fitted on half the packs, measured on the other half). Rerun after changing
 * a descriptor: `node scripts/embedding-constants.ts` (about 2 minutes), then `npx prettier
 * --write src/analysis/embedding-constants.ts`.
 */
import { writeFileSync } from 'node:fs';
import { DESCRIPTOR_COUNT, EMBEDDING_SIZE, timbreDescriptors } from '../src/analysis/index.ts';
import { planLibrary } from '../server/library/demo/library-plan.ts';
import { renderChannels } from '../server/synth/render-sample.ts';
import {
  discriminant,
  precisionAt10,
  projected,
  spread,
  standardised,
  type Described,
} from './embedding-fit.ts';

const samples = planLibrary('demo', Date.parse('2026-01-01T00:00:00Z')).samples;
const rows: Described[] = samples.map((s, n) => {
  if (n % 100 === 0) console.log(`${n}/${samples.length}`);
  return {
    raw: timbreDescriptors({ channels: renderChannels(s.job), sampleRate: s.job.sampleRate }),
    secondary: s.secondary.name,
    pack: s.pack.code,
    kind: s.kind,
  };
});
if (rows[0]!.raw.length !== DESCRIPTOR_COUNT) throw new Error('descriptor count drifted');

/** Standardisation and projection fitted on `fit`. */
function fitted(fit: Described[]) {
  const { mean, scale } = spread(fit);
  const z = fit.map((r) => standardised(r.raw, mean, scale));
  const projection = discriminant(
    z,
    fit.map((r) => r.secondary),
    EMBEDDING_SIZE,
  );
  return { mean, scale, projection };
}

/** precision@10 on `test` of the projection fitted on `fit`, and of the first 64 descriptors
 * standardised alone (the embedding before the projection and the detail set). */
function heldOut(fit: Described[], test: Described[]) {
  const { mean, scale, projection } = fitted(fit);
  const vectors = test.map((r) =>
    projected(standardised(r.raw, mean, scale), projection, EMBEDDING_SIZE),
  );
  const first = (r: Described) => r.raw.subarray(0, 64);
  const old = spread(fit.map((r) => ({ ...r, raw: first(r) })));
  const plain = test.map((r) => {
    const z = standardised(first(r), old.mean, old.scale);
    return projected(z, identity(z.length), z.length);
  });
  return { fitted: precisionAt10(test, vectors), plain: precisionAt10(test, plain) };
}

const identity = (p: number) =>
  Array.from({ length: p * p }, (_, i) => (Math.floor(i / p) === i % p ? 1 : 0));
const round = (x: number) => Math.round(x * 1000) / 1000;

// Held out: packs in code order, alternately in half A and half B; fit on one, measure the other.
const codes = [...new Set(rows.map((r) => r.pack))].sort();
const inA = new Set(codes.filter((_, i) => i % 2 === 0));
const a = rows.filter((r) => inA.has(r.pack));
const b = rows.filter((r) => !inA.has(r.pack));
for (const [name, fit, test] of [
  ['A→B', a, b],
  ['B→A', b, a],
] as const) {
  const p = heldOut(fit, test);
  console.log(
    `held out ${name} (${test.length} samples): precision@10 ${round(p.fitted)}, first 64 descriptors standardised alone ${round(p.plain)}`,
  );
}

const { mean, scale, projection } = fitted(rows);
const all = rows.map((r) =>
  projected(standardised(r.raw, mean, scale), projection, EMBEDDING_SIZE),
);
console.log(`whole library (fitted on it): precision@10 ${round(precisionAt10(rows, all))}`);

const list = (xs: number[]) => xs.map((x) => Number(x.toPrecision(6))).join(', ');
writeFileSync(
  new URL('../src/analysis/embedding-constants.ts', import.meta.url),
  `// The timbre embedding's constants, fitted on the ${rows.length} samples of the demo library by
// scripts/embedding-constants.ts (docs/ANALYSIS.md "Timbre embedding").

/** Centre (mean) of each raw descriptor. */
export const EMBEDDING_MEAN: readonly number[] = [${list(mean)}];
/** Spread (standard deviation) of each raw descriptor. */
export const EMBEDDING_SCALE: readonly number[] = [${list(scale)}];
/**
 * Projection of the ${DESCRIPTOR_COUNT} standardised descriptors onto ${EMBEDDING_SIZE} directions (row-major:
 * descriptor i, direction d at i × ${EMBEDDING_SIZE} + d), fitted on the library's secondary names.
 */
export const EMBEDDING_PROJECTION: readonly number[] = [${list(projection)}];
`,
);
console.log('wrote src/analysis/embedding-constants.ts');
