import fc from 'fast-check';
import { AudioError } from '../../../../shared/audio/audio-errors.ts';
import type { AudioJob, DecodedPcm } from '../../../../shared/audio/worker-protocol.ts';
import type { AudioWorkerPool } from '../worker-pool.ts';
import { mutate, mutationArb, type Mutation } from './audio-mutations.ts';

/** How long one decode job may take. */
const JOB_BUDGET_MS = 2000;

/** The most frames a compressed seed (a fraction of a second) may decode to after mutation. */
const MAX_COMPRESSED_FRAMES = 1 << 20;

/** A valid file the mutations start from. */
export interface AudioSeed {
  name: string;
  bytes: Uint8Array;
}

/** Decodes bytes through the real pool (a test may wrap it to plant a known bug). */
export type LoadBytes = (bytes: Uint8Array) => Promise<DecodedPcm>;

/** Throws unless the job ended with a typed error, or PCM no longer than its bytes can hold. */
function checkOutcome(
  bytes: Uint8Array,
  outcome: { pcm?: DecodedPcm; error?: unknown },
  ms: number,
): void {
  if (ms > JOB_BUDGET_MS) throw new Error(`a job took ${Math.round(ms)} ms`);
  if (outcome.error !== undefined) {
    if (!(outcome.error instanceof AudioError))
      throw new Error(`an untyped failure: ${String(outcome.error)}`);
    return;
  }
  const pcm = outcome.pcm!;
  if (pcm.channels.length === 0 || !(pcm.sampleRate > 0))
    throw new Error('PCM without channels or rate');
  if (pcm.channels.some((plane) => plane.length !== pcm.frames))
    throw new Error(
      `planes of ${pcm.channels.map((p) => p.length).join('/')} for ${pcm.frames} frames`,
    );
  // PCM formats hold at least one byte per sample: more frames than that were read from a
  // declared size, not from the file.
  const cap =
    pcm.format === 'wav' || pcm.format === 'aiff'
      ? bytes.length / pcm.channels.length
      : MAX_COMPRESSED_FRAMES;
  if (pcm.frames > cap)
    throw new Error(`${pcm.frames} frames from ${bytes.length} bytes of ${pcm.format}`);
}

/** Runs one job with a hard stop, so a hung decoder fails the case instead of the suite. */
async function settle(load: LoadBytes, bytes: Uint8Array) {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('a job hung for 10 s')), 10_000);
  });
  try {
    const pcm = await Promise.race([load(bytes), hung]);
    return { outcome: { pcm }, ms: performance.now() - started };
  } catch (error) {
    if (error instanceof Error && error.message === 'a job hung for 10 s') throw error;
    return { outcome: { error }, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `numRuns` mutated files through `load`; every 100 cases a valid seed must still decode. */
export function runAudioFuzz(options: {
  load: LoadBytes;
  seeds: readonly AudioSeed[];
  numRuns: number;
  seed: number;
}) {
  const { load, seeds } = options;
  const donors = seeds.map((s) => s.bytes);
  let cases = 0;
  const property = fc.asyncProperty(
    fc.nat(seeds.length - 1),
    fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
    async (index, mutations: Mutation[]) => {
      const bytes = mutate(seeds[index]!.bytes, mutations, donors);
      const { outcome, ms } = await settle(load, bytes);
      checkOutcome(bytes, outcome, ms);
      if (++cases % 100 === 0) await load(seeds[cases % seeds.length]!.bytes);
    },
  );
  return fc.check(property, { numRuns: options.numRuns, seed: options.seed });
}

/** The report of a failed run: seed, replay path, seed file, mutations and the error. */
export function audioFailureReport(
  details: fc.RunDetails<[number, Mutation[]]>,
  seeds: readonly AudioSeed[],
): string {
  if (!details.failed || !details.counterexample) return 'no failure';
  const [index, mutations] = details.counterexample;
  const error =
    details.errorInstance instanceof Error
      ? details.errorInstance.message
      : String(details.errorInstance);
  return [
    `audio fuzz case failed after ${details.numRuns} cases, ${details.numShrinks} shrinks`,
    `seed ${details.seed}, path ${details.counterexamplePath} (replay: FUZZ_SEED=${details.seed})`,
    `file ${seeds[index]!.name}, mutations ${JSON.stringify(mutations)}`,
    `error: ${error}`,
  ].join('\n');
}

let jobs = 0;

/** Loads bytes through the pool from an object URL, as the app loads a fetched file. */
export function poolLoad(pool: AudioWorkerPool): LoadBytes {
  return async (bytes) => {
    const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
    const job: AudioJob<CryptoKey> = { jobId: `fuzz${++jobs}`, url, mode: 'plain' };
    try {
      return await pool.load(job);
    } finally {
      URL.revokeObjectURL(url);
    }
  };
}

/** The run's seed: FUZZ_SEED when set (to replay), else a fresh one; printed either way. */
export function fuzzSeedInBrowser(name: string, cases: number): number {
  const fromEnv = import.meta.env.FUZZ_SEED as string | undefined;
  const seed = fromEnv ? Number(fromEnv) : Math.floor(Math.random() * 2 ** 31);
  console.log(`[fuzz:${name}] ${cases} cases, seed ${seed} (replay: FUZZ_SEED=${seed})`);
  return seed;
}
