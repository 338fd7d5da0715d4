import { Worker } from 'node:worker_threads';
import type { SongCatalogueStatus } from '../../src/shared/api/music.types.ts';
import type { AppContext } from '../context.ts';
import { planSong, SONG_SECONDS, type SongPlan } from './song-plan.ts';

/** Songs in the catalogue unless YINKU_SONGS_COUNT says otherwise (issue 6: at least 24). */
export const DEFAULT_SONG_COUNT = 24;

/** Mono 22.05 kHz at 64 kbps: ~60× realtime in lamejs here, clean enough for synthesized music. */
const SONG_AUDIO = { sampleRate: 22_050, kbps: 64, mediaType: 'audio/mpeg' } as const;

/** A render request posted to the worker. */
export interface SongJob {
  plan: SongPlan;
  sampleRate: number;
  kbps: number;
}

/** The worker's answer to one job. */
export type SongJobResult =
  | { ok: true; slot: number; mp3: Uint8Array; png: Uint8Array }
  | { ok: false; slot: number; message: string };

/** How many songs to generate and how long (null: 60–180 s each). */
interface SongSettings {
  enabled: boolean;
  count: number;
  seconds: number | null;
}

/**
 * Reads the generation settings: on when the gateway's `songs` setting is on or
 * YINKU_SONGS_COUNT is set explicitly (e2e asks for a few short songs that way);
 * YINKU_SONGS_SECONDS (5–180) shortens every song for tests.
 */
export function readSongSettings(
  songsOn: boolean,
  env: NodeJS.ProcessEnv = process.env,
): SongSettings {
  const count = env.YINKU_SONGS_COUNT === undefined ? null : Number(env.YINKU_SONGS_COUNT);
  if (count !== null && !(Number.isInteger(count) && count >= 0 && count <= 500))
    throw new Error(`YINKU_SONGS_COUNT must be 0–500, got ${env.YINKU_SONGS_COUNT}`);
  const seconds = env.YINKU_SONGS_SECONDS === undefined ? null : Number(env.YINKU_SONGS_SECONDS);
  if (seconds !== null && !(seconds >= 5 && seconds <= SONG_SECONDS.max))
    throw new Error(
      `YINKU_SONGS_SECONDS must be 5–${SONG_SECONDS.max}, got ${env.YINKU_SONGS_SECONDS}`,
    );
  return { enabled: songsOn || count !== null, count: count ?? DEFAULT_SONG_COUNT, seconds };
}

/** A running (or finished) background generation. */
export interface SongGenerator {
  status(): SongCatalogueStatus;
  /** Settles when every missing song is stored, generation failed, or it was stopped. */
  readonly done: Promise<void>;
  /** Stops after the current song without storing it; resolves once the worker is gone. */
  stop(): Promise<void>;
}

type GeneratorContext = Pick<AppContext, 'repo' | 'blobs' | 'clock'>;

/**
 * Fills the catalogue's missing plan slots 0…count−1 one song at a time in a worker thread, so
 * the first songs appear within seconds and a restart never regenerates stored ones.
 */
export function startSongGeneration(
  ctx: GeneratorContext,
  options: { count: number; seconds?: number | null; log?: (message: string) => void },
): SongGenerator {
  const log = options.log ?? (() => {});
  let generated = 0;
  let running = true;
  let stopped = false;
  let worker: Worker | null = null;

  const run = async (): Promise<void> => {
    const filled = await ctx.repo.music.filledSlots();
    const missing: number[] = [];
    for (let slot = 0; slot < options.count; slot++)
      if (filled.has(slot)) generated++;
      else missing.push(slot);
    if (missing.length === 0 || stopped) return;
    const started = performance.now();
    worker = new Worker(new URL('./song.worker.ts', import.meta.url));
    for (const slot of missing) {
      const plan = planSong(slot, { seconds: options.seconds ?? undefined });
      const result = await renderInWorker(worker, {
        plan,
        sampleRate: SONG_AUDIO.sampleRate,
        kbps: SONG_AUDIO.kbps,
      });
      if (stopped) return;
      if (!result.ok) throw new Error(`song ${slot} failed: ${result.message}`);
      await ctx.repo.music.insertSong({
        slot,
        title: plan.title,
        titleZh: plan.titleZh,
        tags: plan.tags,
        prompt: plan.prompt,
        duration: plan.duration,
        blobHash: ctx.blobs.put(result.mp3),
        mediaType: SONG_AUDIO.mediaType,
        coverHash: ctx.blobs.put(result.png),
        createdAt: new Date(ctx.clock.now()).toISOString(),
      });
      generated++;
      log(`[songs] ${generated}/${options.count} ${plan.title} (${plan.duration} s)`);
    }
    log(`[songs] catalogue ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };

  const done = run()
    .catch((error: unknown) => {
      if (!stopped) log(`[songs] generation stopped: ${String(error)}`);
    })
    .finally(async () => {
      running = false;
      await worker?.terminate();
    });

  return {
    status: () => ({ ready: !running, generated, total: options.count }),
    done,
    async stop() {
      stopped = true;
      await worker?.terminate();
      await done;
    },
  };
}

/** Posts one job and waits for its answer; a worker that dies or errors rejects it. */
function renderInWorker(worker: Worker, job: SongJob): Promise<SongJobResult> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (result: SongJobResult): void => {
      cleanup();
      resolve(result);
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number): void => {
      cleanup();
      reject(new Error(`song worker exited with code ${code}`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job);
  });
}
