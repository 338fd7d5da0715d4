/**
 * Measures the timbre embedding's raw descriptors over the demo library (every sample of its
 * plan, rendered) and writes their mean and standard deviation to
 * src/analysis/embedding-constants.ts (docs/ANALYSIS.md "Timbre embedding"). Rerun after
 * changing a descriptor: `node scripts/embedding-constants.ts`.
 */
import { writeFileSync } from 'node:fs';
import { EMBEDDING_SIZE, timbreDescriptors } from '../src/analysis/index.ts';
import { planLibrary } from '../server/seed/library-plan.ts';
import { renderChannels } from '../server/seed/render-sample.ts';

const samples = planLibrary('demo', Date.parse('2026-01-01T00:00:00Z')).samples;
const sum = new Float64Array(EMBEDDING_SIZE);
const squares = new Float64Array(EMBEDDING_SIZE);
samples.forEach((s, n) => {
  const raw = timbreDescriptors({ channels: renderChannels(s.job), sampleRate: s.job.sampleRate });
  for (let i = 0; i < EMBEDDING_SIZE; i++) {
    sum[i]! += raw[i]!;
    squares[i]! += raw[i]! ** 2;
  }
  if (n % 100 === 0) console.log(`${n}/${samples.length}`);
});
const mean = [...sum].map((x) => x / samples.length);
// A descriptor that never varies keeps scale 1, so it adds nothing rather than dividing by 0.
const scale = mean.map((m, i) => Math.sqrt(Math.max(0, squares[i]! / samples.length - m * m)) || 1);
const list = (xs: number[]) => xs.map((x) => Number(x.toPrecision(6))).join(', ');
writeFileSync(
  new URL('../src/analysis/embedding-constants.ts', import.meta.url),
  `// Per-descriptor centre and spread of the timbre embedding over the ${samples.length} samples of the
// demo library, written by scripts/embedding-constants.ts (docs/ANALYSIS.md "Timbre embedding").

/** Centre (mean) of each raw descriptor. */
export const EMBEDDING_MEAN: readonly number[] = [${list(mean)}];
/** Spread (standard deviation) of each raw descriptor. */
export const EMBEDDING_SCALE: readonly number[] = [${list(scale)}];
`,
);
console.log('wrote src/analysis/embedding-constants.ts');
