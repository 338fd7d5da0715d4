import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audioFailureReport,
  fuzzSeedInBrowser,
  poolLoad,
  runAudioFuzz,
  type AudioSeed,
} from './testing/audio-fuzz.ts';
import { makeAudioSeeds } from './testing/audio-seeds.ts';
import { AudioWorkerPool } from './worker-pool.ts';

// The audio payload fuzzer (docs/FUZZING.md): mutated files of every decoded format go through
// the real worker pool in Chromium; each job ends typed or with PCM its bytes can hold, in 2 s.
const CASES = Number(import.meta.env.FUZZ_AUDIO_CASES ?? 1000);

let pool: AudioWorkerPool;
let seeds: AudioSeed[];

beforeAll(async () => {
  seeds = await makeAudioSeeds();
  pool = new AudioWorkerPool({ size: 2 });
}, 60_000);
afterAll(() => pool?.terminate());

describe('audio payload fuzzer', () => {
  it(
    `decodes ${CASES} mutated files to a typed error or bounded PCM, each within 2 s`,
    { timeout: 180_000 },
    async () => {
      const seed = fuzzSeedInBrowser('audio', CASES);
      const load = poolLoad(pool);
      for (const seed of seeds)
        expect((await load(seed.bytes)).frames, seed.name).toBeGreaterThan(0);
      const details = await runAudioFuzz({ load, seeds, numRuns: CASES, seed });
      if (details.failed) throw new Error(audioFailureReport(details, seeds));
      expect((await load(seeds[0]!.bytes)).frames).toBeGreaterThan(0);
    },
  );
});
