/**
 * `npm run bench`: measures the audio engine, the 100k-row list, the gateway and the sound
 * analysis (in headless Chromium and worker threads) against baselines taken in the same run (benchmarks/README.md, issues 3 and 5 "Show"), writes
 * benchmarks/results/latest.json and latest.md, and exits 1 when a ratio passes its budget.
 * `--quick` (the CI mode of benchmarks/README.md: the last step of `npm test`, as `npm run test:bench`, after the
 * build) takes fewer samples and writes quick.json and quick.md. A group with a figure over
 * budget is measured again, up to MAX_ATTEMPTS times (see stats.ts): only a figure over budget
 * every time fails.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { analysisFigures } from './analysis.bench.ts';
import { audioGroups, type Runs } from './audio.bench.ts';
import { openBenchPage } from './bench-page.ts';
import { openRealPath } from './real-path.bench.ts';
import { gatewayFigures } from './gateway.bench.ts';
import { previewFigures } from './previews.bench.ts';
import { loadFigures } from './load.bench.ts';
import { closeBenchDatabases } from './gateway-process.ts';
import { scrollFigures } from './scroll.bench.ts';
import { similarFigures } from './similar.bench.ts';
import { uploadFigures } from './pack-upload.bench.ts';
import { isOver, MAX_ATTEMPTS, measureWithRetries, type Figure } from './stats.ts';

const quick = process.argv.includes('--quick');
// `--only=<text>[,<text>…]`: just the audio figure groups whose label holds one of the texts,
// in their usual order, printed, not written (for working on one figure).
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
// `--groups=gateway,gateway-pg,load,real,my-beat,similar,analysis,previews,upload`: only those groups (gateway
// latency with the bundle, the same on PostgreSQL, load, the real path, my beat on the real path,
// similar-sounds precision, sound analysis, the previews' encoding time, the pack upload), whose
// figures replace theirs in the existing results file; the other figures stay as they were.
const groups = process.argv
  .find((a) => a.startsWith('--groups='))
  ?.slice('--groups='.length)
  .split(',');
/** The `--groups` group of each figure-name prefix. */
const GROUP_PREFIXES: [prefix: string, group: string][] = [
  ['load ', 'load'],
  ['gateway 100k on PostgreSQL', 'gateway-pg'],
  ['gateway 1M on PostgreSQL', 'gateway-pg'],
  ['gateway ', 'gateway'],
  ['initial bundle', 'gateway'],
  ['real path', 'real'],
  ['my beat', 'my-beat'],
  ['analysis', 'analysis'],
  ['similar sounds, demo', 'similar'],
  ['previews', 'previews'],
  ['pack upload', 'upload'],
];
/** Which `--groups` group a figure belongs to (by its name). */
const groupOf = (f: Figure): string =>
  GROUP_PREFIXES.find(([prefix]) => f.name.startsWith(prefix))?.[1] ?? 'other';
// Click runs: each start lands on one of two render quanta 2.9 ms apart, so a trimmed mean of n
// runs still moves by ~1.4 ms / √n — 3.6 % of a cached start's ~10 ms at 15 runs, more than
// half the cached budget's 5 % margin; 31 and 61 runs bring it to 2.5 % and 1.8 %.
const runs: Runs = quick
  ? { pipeline: 7, clicks: 31, plays: 100 }
  : { pipeline: 11, clicks: 61, plays: 500 };

/** Whole seconds since `started` (a Date.now()). */
const since = (started: number): number => Math.round((Date.now() - started) / 1000);

/** Runs one part of the bench and logs its time: CI's whole run has a time budget (README). */
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  console.log(`${label}: ${since(started)} s`);
  return result;
}

/** One group measured with retries (measureWithRetries), its attempts and seconds logged. */
async function measureGroup(group: {
  label: string;
  measure(): Promise<Figure[]>;
}): Promise<Figure[]> {
  const started = Date.now();
  const figures = await measureWithRetries(() => group.measure());
  console.log(`${group.label}: ${figures.at(-1)!.attempts} attempt(s), ${since(started)} s`);
  return figures;
}

async function main(): Promise<number> {
  const started = Date.now();
  const figures: Figure[] = [];
  if (groups !== undefined) {
    if (groups.includes('gateway')) figures.push(...(await gatewayFigures({ quick })));
    if (groups.includes('gateway-pg'))
      figures.push(
        ...(await gatewayFigures({ quick, postgres: true })).filter(
          (f) => groupOf(f) === 'gateway-pg',
        ),
      );
    if (groups.includes('load')) figures.push(...(await loadFigures({ quick })));
    // The real path's gateway and page are started once for both of its groups.
    const real = ['real', 'my-beat'].filter((g) => groups.includes(g));
    if (real.length > 0)
      figures.push(
        ...(await realPathFigures((label) =>
          real.includes(label.startsWith('my beat') ? 'my-beat' : 'real'),
        )),
      );
    if (groups.includes('similar')) figures.push(...(await similarFigures()));
    if (groups.includes('analysis')) figures.push(...(await analysisFigures({ quick })));
    if (groups.includes('previews')) figures.push(...(await previewFigures({ quick })));
    if (groups.includes('upload')) figures.push(...(await uploadGroup()));
    write(figures, Math.round((Date.now() - started) / 1000), groups);
    return figures.some(isOver) ? 1 : 0;
  }
  const bench = await openBenchPage();
  try {
    const groups = await audioGroups(bench, runs);
    for (const group of groups.filter(
      (g) => only === undefined || only.some((text) => g.label.includes(text)),
    )) {
      figures.push(...(await measureGroup(group)));
    }
  } finally {
    await bench.close();
  }
  // The user's path (issue 19): real rows of a seeded library, clicked and walked with ↓.
  figures.push(...(await realPathFigures()));
  if (only !== undefined) {
    for (const f of figures)
      console.log(`${f.name}: ${f.value} ${f.unit} / ${f.baseline} = ${f.ratio}`);
    return figures.some(isOver) ? 1 : 0;
  }
  // Scrolling the 100,000-row list (issue 5): its own gateway with the large library.
  figures.push(...(await timed('scroll', () => scrollFigures({ quick }))));
  // Similar sounds: precision on the demo library (its latency is in the gateway figures).
  figures.push(...(await timed('similar', similarFigures)));
  figures.push(...(await timed('gateway', () => gatewayFigures({ quick }))));
  // Several instances under load (benchmarks/README.md "Load").
  figures.push(...(await timed('load', () => loadFigures({ quick }))));
  // The sound analysis (issue 16): its speed and its accuracy against the demo library's plan.
  figures.push(...(await timed('analysis', () => analysisFigures({ quick }))));
  // The previews' encoding (issue 31): the current format against version 1.
  figures.push(...(await timed('previews', () => previewFigures({ quick }))));
  // The pack upload in the browser against `npm run import` (issue 28).
  figures.push(...(await uploadGroup()));
  const seconds = Math.round((Date.now() - started) / 1000);
  write(figures, seconds);
  return figures.some(isOver) ? 1 : 0;
}

/** The pack upload group, measured with retries. */
const uploadGroup = () =>
  measureGroup({ label: 'pack upload', measure: () => uploadFigures({ quick }) });

/**
 * The real-path groups, my beat's among them (those `--only` names, or those `wanted` keeps,
 * when given), each measured with retries.
 */
async function realPathFigures(wanted?: (label: string) => boolean): Promise<Figure[]> {
  const figures: Figure[] = [];
  const real = await openRealPath({ quick });
  try {
    for (const group of real.groups.filter(
      (g) =>
        (only === undefined || only.some((text) => g.label.includes(text))) &&
        (wanted === undefined || wanted(g.label)),
    )) {
      figures.push(...(await measureGroup(group)));
    }
  } finally {
    await real.close();
  }
  return figures;
}

/** A partial run's note: which groups it measured again, when, and how long it took. */
interface Remeasure {
  groups: string[];
  date: string;
  seconds?: number;
}

function write(measured: Figure[], measuredSeconds: number, only?: string[]): void {
  // A quick run leaves the committed full results alone.
  const out = `benchmarks/results/${quick ? 'quick' : 'latest'}`;
  mkdirSync('benchmarks/results', { recursive: true });
  let figures = measured;
  let seconds = measuredSeconds;
  let remeasured: Remeasure[] = [];
  if (only !== undefined && existsSync(`${out}.json`)) {
    // A partial run: the other groups' figures (and the run's time) as the file had them.
    const previous = JSON.parse(readFileSync(`${out}.json`, 'utf8')) as {
      figures: Figure[];
      seconds: number;
      remeasured?: Remeasure | Remeasure[];
    };
    // Each earlier partial run keeps its note for the groups this one does not measure again.
    remeasured = [previous.remeasured ?? []]
      .flat()
      .map((r) => ({ ...r, groups: r.groups.filter((g) => !only.includes(g)) }))
      .filter((r) => r.groups.length > 0);
    // JSON has no Infinity: a diagnostic figure's budget comes back as null.
    for (const f of previous.figures) f.budget ??= Infinity;
    const kept = previous.figures.filter((f) => !only.includes(groupOf(f)));
    const at = previous.figures.findIndex((f) => only.includes(groupOf(f)));
    const before = at < 0 ? kept : kept.slice(0, kept.indexOf(previous.figures[at - 1]!) + 1);
    figures = [...before, ...measured, ...kept.slice(before.length)];
    seconds = previous.seconds;
  }
  if (only !== undefined)
    remeasured.push({
      groups: only,
      date: new Date().toISOString().slice(0, 16),
      seconds: measuredSeconds,
    });
  writeFileSync(
    `${out}.json`,
    `${JSON.stringify({ date: new Date().toISOString(), quick, runs, seconds, remeasured, figures }, null, 2)}\n`,
  );
  const budget = (f: Figure) => (Number.isFinite(f.budget) ? f.budget : '—');
  const table = figures.map(
    (f) =>
      `| ${f.name} | ${f.value} ${f.unit} | ${f.baseline} | ${f.ratio} | ${budget(f)} | ${isOver(f) ? 'over' : 'ok'} | ${f.attempts ?? 1} |`,
  );
  writeFileSync(
    `${out}.md`,
    [
      '# Benchmarks (audio engine, 100k-row scrolling, gateway, sound analysis)',
      '',
      `Headless Chromium${quick ? ', quick mode' : ''}, ${seconds} s. Pipeline: medians of ${runs.pipeline} runs;`,
      `click→sound: means of the middle 80 % of ${runs.clicks} runs per player. A group with a figure`,
      `over budget is measured again, at most ${MAX_ATTEMPTS} times ("attempts").`,
      ...(remeasured.length > 0
        ? [
            '',
            ...remeasured.map(
              (r) =>
                `The ${r.groups.join(' and ')} figures were measured again on ${r.date} (\`--groups=${r.groups.join(',')}\`${r.seconds === undefined ? '' : `, ${r.seconds} s`}).`,
            ),
            "The others are the full run's.",
          ]
        : []),
      '',
      '| figure | value | baseline | ratio | budget | | attempts |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...table,
      '',
    ].join('\n'),
  );
  console.log(table.join('\n'));
}

process.exitCode = await main().finally(closeBenchDatabases);
