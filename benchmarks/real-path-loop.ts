/**
 * A loop heard through the real page (issue 25, docs/AUDIO.md "Loops"): a seamless sine loop is
 * imported, found by search and clicked, and what the page sends to its speakers is recorded
 * (the recorder worklet on the destination tap, `realPathInit`) over several passes: no 5 ms
 * window may fall under 70 % of the median level, and the recording repeats itself one period
 * later. Shared by the real-path bench (10 passes) and the end-to-end test (tests/e2e).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright';
import { importFolder } from '../server/library/import/import-folder.ts';
import type { AppContext } from '../server/context.ts';
import { buildWav } from '../src/wasm/testing/audio-fixtures.ts';
import { bundleWorklet } from '../tests/testing/worklet-bundle.ts';
import type { FigureGroup } from './audio.bench.ts';
import type { Env } from './real-path.bench.ts';
import { load, setAudition, silence, sleep } from './real-path-actions.ts';
import { countFigure, ratioFigure, type Figure } from './stats.ts';

/** The bench's loop: 1.6 s (352 periods of 220 Hz), heard for 10 passes. */
const BENCH_LOOP_S = 1.6;
const BENCH_PASSES = 10;
/**
 * The attack measured on a loud first frame (s), and the share of the file's level it must keep:
 * a 50 ms fade-in keeps at most sin(π/2 · 5/50) ≈ 0.16 of it; the 1 ms de-click keeps ~0.95 of a
 * steady sound and ~0.7 of a transient whose first millisecond holds most of its energy (0.80
 * measured on a drum loop).
 */
const ATTACK_S = 0.005;
const ATTACK_KEPT = 0.5;

/** The worklets of the destination tap (`realPathInit`): the detector and the recorder. */
export async function tapModules(): Promise<{ detector: string; recorder: string }> {
  return {
    detector: await bundleWorklet('src/worklets/detector.worklet.ts'),
    recorder: await bundleWorklet('src/worklets/recorder.worklet.ts'),
  };
}

/** Window of the level measure (s) and the share of the median level under which it is a dropout. */
const WINDOW_S = 0.005;
const DROPOUT_SHARE = 0.7;

/**
 * A seamless loop: a sine of `hz` at `level` over `seconds` holding whole periods, so tiled it is
 * one unbroken sine. 16-bit stereo WAV at `rate`.
 */
export function sineLoopWav(seconds: number, hz: number, level: number, rate = 44100): Uint8Array {
  const frames = Math.round(seconds * rate);
  if (!Number.isInteger(seconds * hz)) throw new RangeError('a seamless loop holds whole periods');
  const plane = Float32Array.from(
    { length: frames },
    (_, i) => level * Math.sin((2 * Math.PI * hz * i) / rate),
  );
  return buildWav([plane, plane], { encoding: 'int', bits: 16, sampleRate: rate });
}

/** What a recording of a loop shows. */
export interface LoopHearing {
  /** 5 ms windows measured. */
  windows: number;
  /** Windows under 70 % of the median window level. */
  dropouts: number;
  /** Seconds into the recording of the first such window (NaN when none). */
  firstDropoutS: number;
  /** Energy of x[i + period] − x[i] over the energy of x[i]: ≪ 1 when it repeats itself. */
  periodDifference: number;
}

/** Measures a recording of a loop of `periodFrames` (at the recording's rate). */
export function hearLoop(samples: Float32Array, rate: number, periodFrames: number): LoopHearing {
  const size = Math.round(WINDOW_S * rate);
  const levels: number[] = [];
  for (let start = 0; start + size <= samples.length; start += size) {
    let sum = 0;
    for (let i = start; i < start + size; i++) sum += samples[i]! ** 2;
    levels.push(Math.sqrt(sum / size));
  }
  const median = [...levels].sort((a, b) => a - b)[Math.floor(levels.length / 2)] ?? 0;
  const low = levels.flatMap((level, i) => (level < DROPOUT_SHARE * median ? [i] : []));
  let difference = 0;
  let energy = 0;
  for (let i = 0; i + periodFrames < samples.length; i++) {
    difference += (samples[i + periodFrames]! - samples[i]!) ** 2;
    energy += samples[i]! ** 2;
  }
  return {
    windows: levels.length,
    dropouts: low.length,
    firstDropoutS: low.length > 0 ? (low[0]! * size) / rate : Number.NaN,
    periodDifference: energy > 0 ? difference / energy : Number.POSITIVE_INFINITY,
  };
}

/**
 * Writes a seamless sine loop named `name` into a folder of its own and imports it into the
 * gateway of `ctx` (the importer's own path: analysis, audition, search index); answers its id.
 */
export async function importSineLoop(
  ctx: AppContext,
  name: string,
  wav: Uint8Array,
): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'yinku-loop-'));
  try {
    const folder = join(root, 'Loop Check');
    mkdirSync(folder);
    writeFileSync(join(folder, `${name}.wav`), wav);
    const report = await importFolder(ctx, root, {
      brand: `Loop Check ${name}`,
      category: 'instruments',
      primaryName: 'Loop Check',
      secondaryName: 'Loops',
    });
    const imported = report.imported[0];
    if (!imported) throw new Error(`the loop was not imported: ${JSON.stringify(report.skipped)}`);
    if (imported.metadata.kind !== 'loop')
      throw new Error(`the sine loop was classed as ${imported.metadata.kind}, not a loop`);
    return imported.id;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The recorder the init script put on the page's destination tap (in-page). */
interface RecorderProbe {
  recorder: AudioWorkletNode | null;
  ctx: AudioContext | null;
  recording?: Promise<Float32Array[]>;
  /** The context frame of the recording's first frame. */
  firstFrame?: number;
  /** The player's position and phase every 100 ms while recording, and the timer taking them. */
  shown?: { positions: number[]; phases: Set<string>; timer: number };
}

/**
 * Starts recording what the page sends to its speakers (in-page; `realPathInit` made the tap),
 * and what the player shows meanwhile.
 */
export function startRecording(): void {
  const probe = (window as unknown as { __real: RecorderProbe }).__real;
  const store = (
    window as unknown as {
      __yinkuPlayer: { store: { getState(): { currentTime: number; phase: string } } };
    }
  ).__yinkuPlayer.store;
  const shown = { positions: [] as number[], phases: new Set<string>(), timer: 0 };
  shown.timer = window.setInterval(() => {
    const { currentTime, phase } = store.getState();
    shown.positions.push(currentTime);
    shown.phases.add(phase);
  }, 100);
  probe.shown = shown;
  const recorder = probe.recorder;
  if (!recorder) throw new Error('no recorder on the destination yet: nothing has played');
  const chunks: Float32Array[] = [];
  probe.firstFrame = undefined;
  probe.recording = new Promise((resolve) => {
    recorder.port.onmessage = (
      e: MessageEvent<{ type: 'chunk'; frame: number; data: Float32Array } | { type: 'done' }>,
    ) => {
      if (e.data.type !== 'chunk') return resolve(chunks);
      if (chunks.length === 0) probe.firstFrame = e.data.frame;
      chunks.push(e.data.data);
    };
  });
  recorder.port.postMessage('start');
}

/**
 * Stops the recording (in-page); answers its frames as base64 Float32, the context's rate, the
 * context frame it began on, and the positions and phases the player showed.
 */
export async function stopRecording(): Promise<{
  rate: number;
  b64: string;
  frame: number;
  positions: number[];
  phases: string[];
}> {
  const probe = (window as unknown as { __real: RecorderProbe }).__real;
  probe.recorder!.port.postMessage('stop');
  const shown = probe.shown!;
  window.clearInterval(shown.timer);
  const chunks = await probe.recording!;
  let text = '';
  for (const chunk of chunks) {
    const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let i = 0; i < bytes.length; i += 0x8000)
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return {
    rate: probe.ctx!.sampleRate,
    b64: btoa(text),
    frame: probe.firstFrame ?? 0,
    positions: shown.positions,
    phases: [...shown.phases],
  };
}

/** The frames `stopRecording` answered. */
export function recordedFrames(b64: string): Float32Array {
  const bytes = Buffer.from(b64, 'base64');
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice();
}

/** The player's state as the loop checks read it (in-page, through the test hook). */
export function loopPlayerState(): {
  phase: string;
  id: number | null;
  loopType: number;
  currentTime: number;
  duration: number;
} {
  const hook = (
    window as unknown as {
      __yinkuPlayer: {
        store: {
          getState(): {
            phase: string;
            id: number | null;
            loopType: number;
            currentTime: number;
            duration: number;
          };
        };
      };
    }
  ).__yinkuPlayer;
  const { phase, id, loopType, currentTime, duration } = hook.store.getState();
  return { phase, id, loopType, currentTime, duration };
}

/**
 * Records `seconds` of what the page plays and measures it as a loop of `periodSeconds`; also
 * answers the largest position the player showed meanwhile (it wraps at the loop's length).
 */
export async function recordLoop(
  page: Page,
  seconds: number,
  periodSeconds: number,
): Promise<LoopHearing & { positions: number[]; phases: string[] }> {
  await page.evaluate(startRecording);
  await sleep(seconds * 1000);
  const { rate, b64, positions, phases } = await page.evaluate(stopRecording);
  return {
    ...hearLoop(recordedFrames(b64), rate, Math.round(periodSeconds * rate)),
    positions,
    phases,
  };
}

/** Waits until the loop has played past its first frames: the recording then holds only seams. */
export async function untilLoopPlays(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const hook = (window as unknown as { __yinkuPlayer?: { engine(): { position(): number } } })
      .__yinkuPlayer;
    return (hook?.engine().position() ?? 0) > 0.3;
  });
}

/** The shown position went back to the loop's start at least once (it wraps, it does not stop). */
export const wrapped = (positions: number[]): boolean =>
  positions.some((p, i) => i > 0 && p < positions[i - 1]! - 0.1);

/** Loads the search for the imported sound `name` (a page load) and answers its row, `id`. */
export async function searchedRow(env: Env, name: string, id: number): Promise<Locator> {
  await load(
    env.page,
    `${env.gateway.url}/sounds/search/track/${encodeURIComponent(name)}/samples`,
  );
  const row = env.page.locator(`[role="grid"] [role="row"][data-sample-id="${id}"]`);
  await row.waitFor();
  return row;
}

/**
 * The loop group: the seamless sine imported once into the bench's gateway, found by search,
 * clicked with the audition mode off (its full file, first slice and all) in the default mode,
 * where a loop repeats; 10 passes recorded at the destination.
 */
export function loopGroup(env: Env): FigureGroup {
  const name = `Seamless Sine ${process.pid}`;
  let id: number | null = null;
  return {
    label: 'real path loop',
    async measure(): Promise<Figure[]> {
      id ??= await importSineLoop(env.gateway.ctx, name, sineLoopWav(BENCH_LOOP_S, 220, 0.5));
      const { page } = env;
      // A page of its own (the group may run alone): the search for the loop's name.
      const row = await searchedRow(env, name, id);
      await setAudition(page, false);
      await row.getByRole('gridcell').nth(2).click();
      await untilLoopPlays(page);
      const heard = await recordLoop(page, BENCH_PASSES * BENCH_LOOP_S, BENCH_LOOP_S);
      const state = await page.evaluate(loopPlayerState);
      await silence(page);
      if (state.id !== id || state.loopType !== 0)
        throw new Error(`not the loop: ${JSON.stringify(state)}`);
      return [
        countFigure(
          `real path loop: dropouts over ${BENCH_PASSES} passes, Sync off (5 ms windows under 70 % of the median level; ${heard.windows} windows)`,
          heard.dropouts,
        ),
        // Energy of the difference one period apart against the signal's: a restart per pass
        // (the old player) measured 3× the signal.
        ratioFigure(
          'real path loop: difference one period later vs the signal (energy)',
          heard.periodDifference,
          'ratio',
          1,
          0.01,
        ),
        countFigure(
          'real path loop: shown position never wrapped',
          wrapped(heard.positions) ? 0 : 1,
        ),
      ];
    },
  };
}

/** RMS of a heard track's first `seconds` at `gain` (in-page: the engine's buffer, kept by the probe). */
export function fileAttackRms(args: { key: string; seconds: number; gain: number }): number {
  const probe = (window as unknown as { __real: { buffers?: Map<string, AudioBuffer> } }).__real;
  const buffer = probe.buffers?.get(args.key);
  if (!buffer) return Number.NaN;
  const frames = Math.round(args.seconds * buffer.sampleRate);
  let sum = 0;
  for (let c = 0; c < buffer.numberOfChannels; c++) {
    const data = buffer.getChannelData(c);
    for (let i = 0; i < frames; i++) sum += data[i]! ** 2;
  }
  return Math.sqrt(sum / (frames * buffer.numberOfChannels)) * args.gain;
}

/**
 * The share of a sound's attack heard: RMS of the recording's first ATTACK_S from its onset (its
 * first frame above −80 dBFS) against the file's own first ATTACK_S at the player's volume. A
 * 50 ms fade-in keeps under 0.16 of it, the 1 ms de-click 0.7 or more (docs/AUDIO.md, "The attack").
 */
export function attackShare(recording: Float32Array, rate: number, fileRms: number): number {
  const onset = recording.findIndex((x) => Math.abs(x) > 1e-4);
  if (onset < 0) return 0;
  const frames = Math.round(ATTACK_S * rate);
  let sum = 0;
  for (let i = onset; i < onset + frames; i++) sum += (recording[i] ?? 0) ** 2;
  return Math.sqrt(sum / frames) / fileRms;
}

/** The attack figure over the clicks on loud first frames: how many kept under ATTACK_KEPT. */
export function attackFigure(shares: number[]): Figure {
  const under = shares.filter((x) => !(x >= ATTACK_KEPT)).length;
  const list = shares.map((x) => x.toFixed(2)).join(', ');
  // No such click measured counts as over: the row set must hold them (real-path-rows.ts).
  return countFigure(
    `real path: attacks on a loud first frame heard under ${ATTACK_KEPT * 100} % of the file's level in their first 5 ms (${shares.length} clicks: ${list})`,
    under + (shares.length === 0 ? 1 : 0),
  );
}
