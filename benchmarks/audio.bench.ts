/**
 * The audio engine's figure groups (issue 3 "Show"), each measured against its baseline in the
 * same page: pipeline, pool size, click → sound, rapid auditions, memory after many plays.
 */
import { API } from '../src/shared/api/paths.ts';
import type { BenchPage } from './bench-page.ts';
import {
  analyseTimes,
  clickToSound,
  decodeTimes,
  manyPlays,
  poolSizes,
  rapidAuditions,
} from './page-probes.ts';
import { syncGroups } from './sync.bench.ts';
import {
  countFigure,
  excessCountFigure,
  median,
  ratioFigure,
  round,
  trimmedMean,
  type Figure,
} from './stats.ts';

/** A set of figures measured together; run.ts measures a group again when one is over budget. */
export interface FigureGroup {
  label: string;
  measure(): Promise<Figure[]>;
}

/** How many samples each figure takes. */
export interface Runs {
  /** Pipeline runs (medians). */
  pipeline: number;
  /** Click → sound runs per player (trimmed means): each sample jitters by a render quantum. */
  clicks: number;
  /** Plays before the memory figure. */
  plays: number;
}

type Player = 'engine' | 'audio' | 'main';
const NO_BUDGET = Number.POSITIVE_INFINITY;

/** Fetch → PCM: the pool against fetch + decodeAudioData, same URL, plus the fetch alone. */
function pipelineGroup(bench: BenchPage, format: 'wav' | 'mp3' | 'flac', runs: number) {
  const budget = format === 'wav' ? 0.5 : 1.0;
  const name = `10 s ${format.toUpperCase()}`;
  return {
    label: `pipeline ${format}`,
    async measure() {
      const url = `${bench.origin}/bench/${format}`;
      for (let i = 0; i < 2; i++) await bench.page.evaluate(decodeTimes, url); // workers, WASM
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await bench.page.evaluate(decodeTimes, url));
      const native = median(samples.map((r) => r.native));
      return [
        ratioFigure(
          `pipeline fetch→PCM, ${name}`,
          median(samples.map((r) => r.pool)),
          'ms',
          native,
          budget,
        ),
        // Diagnostic: the download alone, against the same baseline.
        ratioFigure(
          `fetch alone (no decode), ${name}`,
          median(samples.map((r) => r.fetchOnly)),
          'ms',
          native,
          NO_BUDGET,
        ),
      ];
    },
  };
}

/**
 * Search by sound's budget (docs/SOUNDS.md, "Search by sound"): a 10 s file decoded and analysed
 * in a worker within ANALYSE_BUDGET_MS, timed from the main thread. The gating figure's baseline
 * is that target; beside it, diagnostics against the same worker decoding the file alone in the
 * same run, and the worker's own split between decode and analysis.
 */
const ANALYSE_BUDGET_MS = 300;

function analyseGroup(bench: BenchPage, runs: number) {
  return {
    label: 'search by sound',
    async measure() {
      const url = `${bench.origin}/bench/wav`;
      await bench.page.evaluate(analyseTimes, url); // the workers and the analysis code warm
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await bench.page.evaluate(analyseTimes, url));
      const analyse = median(samples.map((r) => r.analyse));
      const decodeOnly = median(samples.map((r) => r.decodeOnly));
      return [
        ratioFigure(
          `search by sound: 10 s WAV decoded + analysed in a worker vs the ${ANALYSE_BUDGET_MS} ms target`,
          analyse,
          'ms',
          ANALYSE_BUDGET_MS,
          1,
        ),
        ratioFigure(
          'search by sound: decode + analysis vs the same worker decoding the file alone',
          analyse,
          'ms',
          decodeOnly,
          NO_BUDGET,
        ),
        ratioFigure(
          'search by sound: analysis alone (in the worker) vs the target',
          median(samples.map((r) => r.workerAnalyse)),
          'ms',
          ANALYSE_BUDGET_MS,
          NO_BUDGET,
        ),
      ];
    },
  };
}

/** 12 concurrent decodes on pools of 1, 3 and 4 workers against the default 2 (diagnostic). */
function poolSizeGroup(bench: BenchPage, format: 'wav' | 'mp3') {
  return {
    label: `pool sizes ${format}`,
    async measure() {
      const sizes = await bench.page.evaluate(poolSizes, {
        url: `${bench.origin}/bench/${format}`,
        jobs: 12,
        sizes: [1, 2, 3, 4],
      });
      return ([1, 3, 4] as const).map((size) =>
        ratioFigure(
          `12 concurrent ${format.toUpperCase()} decodes, pool of ${size} vs pool of 2`,
          sizes[size]!,
          'ms',
          sizes[2]!,
          NO_BUDGET,
        ),
      );
    },
  };
}

/** Click to first audible frame on the audio clock: ours, uncached and cached, vs the baselines. */
function clickGroup(bench: BenchPage, encrypted: boolean, runs: number) {
  const format = encrypted ? 'WAV (encrypted full play)' : 'MP3 (audition)';
  const url = `${bench.origin}/bench/${encrypted ? 'wav' : 'mp3'}`;
  const sample = (player: Player, cached: boolean) =>
    bench.page.evaluate(clickToSound, {
      player,
      url,
      cached,
      encrypted: encrypted && player === 'engine',
    });
  // Players take turns, run by run, so a slow spell of this shared machine hits them alike.
  const series = async (players: Player[], cached: boolean) => {
    const samples = new Map(players.map((p) => [p, [] as number[]]));
    for (let i = 0; i < runs; i++)
      for (const p of players) samples.get(p)!.push(await sample(p, cached));
    return (p: Player) => trimmedMean(samples.get(p)!);
  };
  return {
    label: `click→sound ${format}`,
    async measure() {
      await sample('engine', false); // warm-up
      const cold = await series(['engine', 'main', 'audio'], false);
      await sample('engine', true); // puts the cached entry in place
      const warm = await series(['engine', 'main'], true);
      const ours = cold('engine');
      return [
        ratioFigure(
          `click→sound uncached ${format} vs main-thread player`,
          ours,
          'ms',
          cold('main'),
          0.6,
        ),
        ratioFigure(`click→sound uncached ${format} vs <audio>`, ours, 'ms', cold('audio'), 1.15),
        ratioFigure(
          `click→sound cached ${format} vs cached AudioBuffer`,
          warm('engine'),
          'ms',
          warm('main'),
          1.05,
        ),
      ];
    },
  };
}

/**
 * 50 uncached auditions at 10 per second: main-thread long tasks (budget 0), whether only the
 * last one plays, and audio underruns against the main-thread player doing the same 50 in the
 * same page just after: this VM's audio threads run real-time, so its underruns come from the
 * host's scheduling, rarely or in bursts; ours may not have more than chance allows.
 */
function rapidGroup(bench: BenchPage) {
  const count = 50;
  const url = `${bench.origin}/bench/mp3`;
  return {
    label: 'rapid auditions',
    async measure() {
      const run = (player: 'engine' | 'main') =>
        bench.page.evaluate(rapidAuditions, { player, url, count });
      const ours = await run('engine');
      const main = await run('main');
      return [
        countFigure(`long tasks (>50 ms) during ${count} auditions at 10/s`, ours.longTasks),
        excessCountFigure(
          `audio underruns during ${count} auditions at 10/s vs main-thread player (binomial)`,
          ours.underruns,
          main.underruns,
        ),
        countFigure(
          'auditions where an earlier request won (0 = only the last one plays)',
          ours.playing === count ? 0 : 1,
        ),
      ];
    },
  };
}

/** The PCM cache after many full plays stays under its bound. */
function memoryGroup(bench: BenchPage, records: Song[], plays: number) {
  return {
    label: 'memory',
    async measure() {
      const memory = await bench.page.evaluate(manyPlays, { songs: records, count: plays });
      return [
        ratioFigure(
          `PCM cache after ${plays} plays (${memory.entries} buffers; JS heap ${round(memory.heap / 2 ** 20)} MiB)`,
          memory.bytes / 2 ** 20,
          'MiB',
          memory.limit / 2 ** 20,
          1,
        ),
      ];
    },
  };
}

interface Song {
  id: number;
}

/** Every audio figure group, in the order they run on the open bench page. */
export async function audioGroups(bench: BenchPage, runs: Runs): Promise<FigureGroup[]> {
  const list = await fetch(`${bench.gatewayUrl}${API.audios}?range=samples&pageSize=100`, {
    headers: { authorization: `Bearer ${bench.accessToken}` },
  });
  const records = ((await list.json()) as { data: { records: Song[] } }).data.records;
  return [
    pipelineGroup(bench, 'wav', runs.pipeline),
    pipelineGroup(bench, 'mp3', runs.pipeline),
    pipelineGroup(bench, 'flac', runs.pipeline),
    analyseGroup(bench, runs.pipeline),
    poolSizeGroup(bench, 'wav'),
    poolSizeGroup(bench, 'mp3'),
    clickGroup(bench, true, runs.clicks),
    clickGroup(bench, false, runs.clicks),
    rapidGroup(bench),
    memoryGroup(bench, records, runs.plays),
    ...syncGroups(bench, runs),
  ];
}
