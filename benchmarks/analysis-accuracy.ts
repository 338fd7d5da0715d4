// The accuracy figures of the analysis benchmark (analysis.bench.ts): each sample's verdict
// against the truth of the demo library's plan (benchmarks/README.md "Analysis accuracy").
import { labelToKey } from '../src/analysis/index.ts';
import type { MusicalKey } from '../src/shared/api/catalogue.types.ts';
import { relativeKey } from '../src/shared/api/musical-keys.ts';
import type { PlannedSample } from '../server/library/demo/library-plan.ts';
import type { JobVerdict } from './analysis.worker.ts';
import { ratioFigure, type Figure } from './stats.ts';

/** Allowed misses (%): tempo of loops, key of tonal samples, kind of all. */
const TEMPO_MISS_PCT = 5;
const KEY_MISS_PCT = 15;
const KIND_MISS_PCT = 2;

/** One sample's truth next to the analysis's verdict. */
export interface Comparison {
  sample: PlannedSample;
  verdict: JobVerdict;
}

/**
 * Whether a planned loop has a beat in its audio: an R&B chord loop of one bar is one held chord
 * with no event after its start, so the analysis gives it no tempo (docs/ANALYSIS.md "Tempo").
 */
export const hasPlannedBeat = (s: PlannedSample): boolean =>
  !(s.job.voice === 'melodicLoop' && s.job.style === 'rnb' && s.job.bars === 1);

/** Whether a loop's tempo is within ±1 BPM of the plan's. */
export const tempoRight = (c: Comparison) =>
  c.verdict.bpm !== null && Math.abs(c.verdict.bpm - c.sample.bpm!) <= 1;
const relative = (a: string, b: string) => relativeKey(a as MusicalKey) === b;

/**
 * Voices that sound one pitch (or a root and its fifth): their key's mode is not in the audio,
 * so only the tonic is compared (benchmarks/README.md "Analysis accuracy").
 */
const SINGLE_PITCH = new Set([
  'bass808',
  'synthBass',
  'subBass',
  'lead',
  'pluck',
  'guitarElectric',
  'guitarMuted',
  'pipa',
  'erhu',
  'dizi',
  'vocalChop',
  'vocalTexture',
  'riser',
  'drone',
  'braam',
]);
/** Whether the sample's audio states its key's mode (chords, scales, melodies). */
export const statesMode = (s: PlannedSample): boolean =>
  s.key !== null &&
  !SINGLE_PITCH.has(s.job.voice) &&
  s.job.variant !== 'single' &&
  // A guzheng pluck is one string; its gliss runs up the scale.
  !(s.job.voice === 'guzheng' && s.job.variant === 'pluck') &&
  // A one-bar bass loop plays its root alone (the other chords' roots come in later bars).
  !(s.job.voice === 'bassLoop' && s.job.bars === 1);

const pct = (misses: number, total: number) => (total === 0 ? 0 : (100 * misses) / total);

/** A diagnostic or gating figure of a share of misses (value: % wrong; baseline: % allowed). */
const missFigure = (name: string, misses: number, of: number, allowed: number, gate: boolean) => ({
  ...ratioFigure(name, pct(misses, of), '%', allowed, gate ? 1 : Infinity),
  attempts: 1,
});

/**
 * Share of samples whose nearest neighbour by embedding (largest dot product) is another sample
 * of the same kind of sound (the plan's secondary name: Kick, 808, Vocal Chops…). A diagnostic
 * of the embedding for "similar sounds": it has no ground truth beyond the taxonomy.
 */
export function neighbourShare(results: Comparison[]): number {
  let same = 0;
  for (const [i, a] of results.entries()) {
    let best = -Infinity;
    let nearest = a;
    for (const [j, b] of results.entries()) {
      if (i === j) continue;
      let d = 0;
      for (let k = 0; k < a.verdict.embedding.length; k++)
        d += a.verdict.embedding[k]! * b.verdict.embedding[k]!;
      if (d > best) [best, nearest] = [d, b];
    }
    if (nearest.sample.secondary.name === a.sample.secondary.name) same++;
  }
  return (100 * same) / Math.max(1, results.length);
}

/** The accuracy figures of a comparison run. */
export function accuracyFigures(results: Comparison[]): Figure[] {
  const loops = results.filter((c) => c.sample.kind === 'loop' && hasPlannedBeat(c.sample));
  const beatless = results.filter((c) => c.sample.kind === 'loop' && !hasPlannedBeat(c.sample));
  const tonal = results.filter((c) => c.sample.key !== null);
  const tempoMisses = loops.filter((c) => !tempoRight(c));
  const octave = tempoMisses.filter((c) => {
    const r = (c.verdict.bpm ?? 0) / c.sample.bpm!;
    return Math.abs(r - 2) < 0.05 || Math.abs(r - 0.5) < 0.02;
  });
  const modal = tonal.filter((c) => statesMode(c.sample));
  const single = tonal.filter((c) => !statesMode(c.sample));
  const keyMisses = modal.filter((c) => c.verdict.key !== c.sample.key);
  const relatives = keyMisses.filter(
    (c) => c.verdict.key && relative(c.verdict.key, c.sample.key!),
  );
  const tonicOf = (key: string | null) => key && labelToKey(key).tonic;
  const tonicMisses = single.filter((c) => tonicOf(c.verdict.key) !== tonicOf(c.sample.key));
  const anyMisses = tonal.filter((c) => c.verdict.key !== c.sample.key);
  const kindMisses = results.filter((c) => c.verdict.kind !== c.sample.kind);
  const atonal = results.filter((c) => c.sample.key === null);
  const keyed = atonal.filter((c) => c.verdict.key !== null);
  const n = (xs: unknown[]) => xs.length;
  const neighbours = {
    ...ratioFigure(
      'analysis: nearest neighbour by embedding is the same kind of sound (%)',
      neighbourShare(results),
      '%',
      100,
      Infinity,
    ),
    attempts: 1,
  };
  return [
    neighbours,
    missFigure(
      `analysis: tempo wrong (% of ${n(loops)} loops with a beat)`,
      n(tempoMisses),
      n(loops),
      TEMPO_MISS_PCT,
      true,
    ),
    missFigure(
      `analysis: tempo given to loops without a beat (% of ${n(beatless)})`,
      n(beatless.filter((c) => c.verdict.bpm !== null)),
      n(beatless),
      TEMPO_MISS_PCT,
      false,
    ),
    missFigure(
      'analysis: tempo octave errors (% of loops)',
      n(octave),
      n(loops),
      TEMPO_MISS_PCT,
      false,
    ),
    missFigure(
      `analysis: key wrong (% of ${n(modal)} samples stating their mode)`,
      n(keyMisses),
      n(modal),
      KEY_MISS_PCT,
      true,
    ),
    missFigure(
      'analysis: key relative major/minor (% of those)',
      n(relatives),
      n(modal),
      KEY_MISS_PCT,
      false,
    ),
    missFigure(
      `analysis: tonic wrong (% of ${n(single)} single-pitch samples)`,
      n(tonicMisses),
      n(single),
      KEY_MISS_PCT,
      true,
    ),
    missFigure(
      `analysis: key wrong as the audio states it (% of all ${n(tonal)} tonal samples)`,
      n(keyMisses) + n(tonicMisses),
      n(tonal),
      KEY_MISS_PCT,
      true,
    ),
    missFigure(
      `analysis: key label wrong, mode compared on single pitches too (% of all ${n(tonal)} tonal samples)`,
      n(anyMisses),
      n(tonal),
      KEY_MISS_PCT,
      false,
    ),
    missFigure(
      `analysis: key given to the ${n(atonal)} samples without one (%)`,
      n(keyed),
      n(atonal),
      KEY_MISS_PCT,
      false,
    ),
    missFigure(
      `analysis: kind wrong (% of ${n(results)} samples)`,
      n(kindMisses),
      n(results),
      KIND_MISS_PCT,
      true,
    ),
  ];
}
