import { randomUUID } from 'node:crypto';
import type { SongCatalogueStatus } from '../../src/shared/api/music.types.ts';
import { pause, tryHoldLease } from '../cluster/lease-holder.ts';
import type { AppContext } from '../context.ts';
import { planSong, SONG_SECONDS, type SongPlan } from '../synth/song-plan.ts';
import { startWorkerPool, type WorkerPool } from '../worker-pool.ts';

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

/** The worker's answer to one job: the song's MP3 and its cover. */
export interface SongJobResult {
  slot: number;
  mp3: Uint8Array;
  png: Uint8Array;
}

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

/** How often an instance looks again while every missing song is being rendered elsewhere. */
const WAIT_FOR_OTHERS_MS = 500;

/**
 * Fills the catalogue's missing plan slots 0…count−1 one song at a time in a worker thread, so
 * the first songs appear within seconds and a restart never regenerates stored ones. Each slot
 * is rendered under a lease (`song-slot:N`), so gateway instances on one database render every
 * song once between them; a slot whose instance died is taken over when its lease expires.
 */
export function startSongGeneration(
  ctx: GeneratorContext,
  options: {
    count: number;
    seconds?: number | null;
    log?: (message: string) => void;
    /** Lease lifetime (default DEFAULT_LEASE_MS); see GatewayConfig.leaseMs. */
    leaseMs?: number;
  },
): SongGenerator {
  const log = options.log ?? (() => {});
  const owner = randomUUID();
  let generated = 0;
  let running = true;
  let stopped = false;
  // One song worker (the shared pool with one thread), started with the first missing song.
  let worker: WorkerPool<SongJob> | null = null;

  /** Slots still empty, after counting the filled ones. */
  const missingSlots = async (): Promise<number[]> => {
    const filled = await ctx.repo.music.filledSlots();
    const missing: number[] = [];
    for (let slot = 0; slot < options.count; slot++) if (!filled.has(slot)) missing.push(slot);
    generated = options.count - missing.length;
    return missing;
  };

  /** The first missing slot this generator could lease, or null while others hold them all. */
  const claimSlot = async (missing: number[]) => {
    for (const slot of missing) {
      const lease = await tryHoldLease(
        ctx.repo.leases,
        `song-slot:${slot}`,
        owner,
        ctx.clock,
        options.leaseMs,
      );
      if (lease) return { slot, lease };
    }
    return null;
  };

  const renderAndStore = async (slot: number): Promise<void> => {
    const plan = planSong(slot, { seconds: options.seconds ?? undefined });
    worker ??= startWorkerPool<SongJob>(new URL('./song.worker.ts', import.meta.url), 1);
    log(`[songs] rendering slot ${slot}`);
    const job: SongJob = { plan, sampleRate: SONG_AUDIO.sampleRate, kbps: SONG_AUDIO.kbps };
    let result: SongJobResult;
    try {
      result = await worker.run<SongJobResult>(job);
    } catch (error) {
      throw new Error(`song ${slot} failed: ${(error as Error).message}`, { cause: error });
    }
    if (stopped) return;
    const stored = await ctx.repo.music.insertSong({
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
    if (!stored) return;
    generated++;
    log(`[songs] ${generated}/${options.count} slot ${slot} ${plan.title} (${plan.duration} s)`);
  };

  const run = async (): Promise<void> => {
    const started = performance.now();
    let rendered = false;
    for (let missing = await missingSlots(); missing.length > 0; missing = await missingSlots()) {
      if (stopped) return;
      const claimed = await claimSlot(missing);
      if (!claimed) {
        await pause(WAIT_FOR_OTHERS_MS);
        continue;
      }
      try {
        // Another instance may have stored this slot between the count and the claim.
        if ((await ctx.repo.music.filledSlots()).has(claimed.slot)) continue;
        rendered = true;
        await renderAndStore(claimed.slot);
      } finally {
        await claimed.lease.release();
      }
    }
    if (rendered)
      log(`[songs] catalogue ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };

  const done = run()
    .catch((error: unknown) => {
      if (!stopped) log(`[songs] generation stopped: ${String(error)}`);
    })
    .finally(async () => {
      running = false;
      await worker?.close();
    });

  return {
    status: () => ({ ready: !running, generated, total: options.count }),
    done,
    async stop() {
      stopped = true;
      await worker?.close();
      await done;
    },
  };
}
