/** Small statistics and the figure record shared by the benchmarks. */

/** One benchmark figure, as benchmarks/results/latest.json records it. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline: number;
  ratio: number;
  /** The ratio must stay at or under this (Infinity: a diagnostic figure with no budget). */
  budget: number;
  /** Measurements of its group taken before it met its budget, or all of them (see run.ts). */
  attempts?: number;
}

/** The median of `xs` (the upper one of an even count). */
export const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Mean of the middle 80 %. A start lands on the next render quantum or the one after (2.9 ms
 * apart at 128 frames), so click→sound samples have two modes; near an even split their median
 * jumps between them, while this mean moves with how often a player misses the earlier quantum.
 */
export const trimmedMean = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length / 10);
  const kept = sorted.slice(cut, sorted.length - cut);
  return kept.reduce((sum, x) => sum + x, 0) / kept.length;
};

/** p-th percentile (nearest rank) of `xs`. */
export const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
};

/** `x` rounded to `d` decimals. */
export const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;

/** A figure of `value` against `baseline` (the ratio is value / baseline). */
export function ratioFigure(
  name: string,
  value: number,
  unit: string,
  baseline: number,
  budget: number,
): Figure {
  return {
    name,
    value: round(value),
    unit,
    baseline: round(baseline),
    ratio: round(value / baseline, 3),
    budget,
  };
}

/** A count that must stay at or under `budget` (its ratio is the count itself). */
export const countFigure = (name: string, count: number, budget = 0): Figure => ({
  name,
  value: count,
  unit: 'count',
  baseline: 0,
  ratio: count,
  budget,
});

/** Significance level of a count against its baseline (one-sided). */
const EXCESS_ALPHA = 0.05;

/**
 * P(X ≥ ours) for X ~ Binomial(ours + theirs, 1/2): at equal rates, the chance that the events of
 * the two runs split at least this much against ours (summed in logs: bursts reach thousands).
 */
export function excessChance(ours: number, theirs: number): number {
  const n = ours + theirs;
  let logChoose = 0; // log C(n, k)
  let chance = 0;
  for (let k = 0; k <= n; k++) {
    if (k >= ours) chance += Math.exp(logChoose - n * Math.LN2);
    logChoose += Math.log(n - k) - Math.log(k + 1);
  }
  return Math.min(1, chance);
}

/**
 * Events of ours (e.g. audio underruns) against a baseline's in the same run, for events too rare
 * and bursty for a plain ratio: over when ours are more than chance allows at equal rates
 * (one-sided binomial test at EXCESS_ALPHA). Its ratio is EXCESS_ALPHA / that chance, budget 1:
 * 0 or 1 against 0 gives 0.05 or 0.1, 4 against 0 gives 0.8, 5 against 0 gives 1.6.
 */
export function excessCountFigure(name: string, ours: number, theirs: number): Figure {
  const ratio = round(EXCESS_ALPHA / excessChance(ours, theirs), 3);
  return { name, value: ours, unit: 'count', baseline: theirs, ratio, budget: 1 };
}

/** True when the figure's ratio passes its budget. */
export const isOver = (f: Figure): boolean => !(f.ratio <= f.budget);

/**
 * Measurements a group may take. This shared 2-core machine has slow spells that push a figure
 * near its budget over it now and then; a regression stays over in every attempt, noise does not.
 * Five, not three, since the quick run became part of `npm test`: a spell lasted two attempts of
 * a group in `.ci/run` (2026-11-22 01:37, the WAV clicks: cached 1.379, then uncached 0.61).
 */
export const MAX_ATTEMPTS = 5;

/**
 * Measures a group until all its figures are within budget, at most MAX_ATTEMPTS times; answers
 * the last measurement, each figure marked with the attempts it took.
 */
export async function measureWithRetries(measure: () => Promise<Figure[]>): Promise<Figure[]> {
  let figures: Figure[] = [];
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    figures = (await measure()).map((f) => ({ ...f, attempts: attempt }));
    const over = figures.filter(isOver);
    if (over.length === 0) break;
    // Which figure sent the group round again, and by how much (the table shows the last only).
    for (const f of over) console.error(`  attempt ${attempt}: ${f.name} ${f.ratio} > ${f.budget}`);
  }
  return figures;
}
