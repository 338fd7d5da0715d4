/**
 * Synced audition's figure groups (issue 25, docs/AUDIO.md "Synced audition"): click → sound of
 * a synced loop against the floor (a cached AudioBuffer started at once, no fade, in the same
 * page and run), and the stretch voice's DSP figures rendered through the real worklet.
 */
import type { FigureGroup } from './audio.bench.ts';
import type { BenchPage } from './bench-page.ts';
import { clickToSound } from './page-probes.ts';
import { countFigure, median, percentile, ratioFigure } from './stats.ts';
import { setSync, syncedDsp } from './sync-probes.ts';

/** The engine's song for a synced click: a 93 BPM A minor loop (so 120/93 and +3 semitones). */
const LOOP = { audioBpm: 93, audioKey: 'Am', audioData: { kind: 'loop' } };

/**
 * Cached click → sound with Sync on (the 10 s WAV fixture, encrypted full play), against the
 * floor. Uncached synced clicks are timed on real rows (real-path-synced.ts): this file's
 * uncached play is slower than the real path's budgets with Sync off too (its fetch alone takes
 * longer than floor + 15 ms; benchmarks/README.md "Synced audition").
 */
function syncedClickGroup(bench: BenchPage, runs: number): FigureGroup {
  return {
    label: 'synced click→sound',
    async measure() {
      const url = `${bench.origin}/bench/wav`;
      const click = (player: 'engine' | 'main', cached: boolean) =>
        bench.page.evaluate(clickToSound, { player, url, cached, encrypted: true, song: LOOP });
      await bench.page.evaluate(setSync, true);
      try {
        await click('engine', true); // warm-up: workers, the stretch voice made ahead
        const warm: number[] = [];
        const floor: number[] = [];
        for (let i = 0; i < runs; i++) {
          warm.push(await click('engine', true));
          floor.push(await click('main', true));
        }
        return [
          ratioFigure(
            'synced click→sound cached p95 vs floor + 3 ms',
            percentile(warm, 95),
            'ms',
            median(floor) + 3,
            1,
          ),
        ];
      } finally {
        await bench.page.evaluate(setSync, false);
      }
    },
  };
}

/** Pitch, onsets, CPU and dropouts of the stretch voice, rendered offline in the page. */
function syncedDspGroup(bench: BenchPage): FigureGroup {
  return {
    label: 'synced voice DSP',
    async measure() {
      const dsp = await bench.page.evaluate(syncedDsp);
      return [
        ratioFigure(
          'synced pitch error, sine +3 semitones (cents vs 5)',
          dsp.cents[0]!,
          'cents',
          5,
          1,
        ),
        ratioFigure(
          'synced pitch error, sine −5 semitones (cents vs 5)',
          dsp.cents[1]!,
          'cents',
          5,
          1,
        ),
        ratioFigure(
          'synced 93→120 BPM click loop: worst onset off the grid (vs 2 ms)',
          dsp.onsetMs,
          'ms',
          2,
          1,
        ),
        ratioFigure(
          'one synced voice’s CPU, process ÷ real time (vs 5 % of a core)',
          dsp.cpu * 100,
          '%',
          5,
          // The processor's own time is wall time (the only clock its scope has): a busy machine
          // inflates it (3.6–5.7 % at load ~9), a quiet one read 2.96–4.93 %; a group over budget is
          // measured again (benchmarks/README.md "Synced audition").
          1,
        ),
        countFigure('synced loop, 10 passes: 5 ms windows under 70 % of the median', dsp.dropouts),
      ];
    },
  };
}

/** The synced audition groups, on the open bench page. */
export function syncGroups(bench: BenchPage, runs: { clicks: number }): FigureGroup[] {
  return [
    syncedClickGroup(bench, Math.max(11, Math.round(runs.clicks / 2))),
    syncedDspGroup(bench),
  ];
}
