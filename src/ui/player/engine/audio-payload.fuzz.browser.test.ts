import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audioFailureReport,
  fuzzSeedInBrowser,
  poolLoad,
  runAudioFuzz,
  type AudioSeed,
  type LoadBytes,
} from './testing/audio-fuzz.ts';
import { makeAudioSeeds } from './testing/audio-seeds.ts';
import { AudioWorkerPool } from './worker-pool.ts';
import type { DecodedPcm } from '../../../shared/audio/worker-protocol.ts';

// The audio payload fuzzer (docs/FUZZING.md): mutated files of every decoded format go through
// the real worker pool in Chromium; each job ends typed or with PCM its bytes can hold, in 2 s.
const CASES = Number(import.meta.env.FUZZ_AUDIO_CASES ?? 1000);
const MUTANT_BUDGET = 1000;

// The fuzzer can fail: a test-only variant of the decode boundary sizes a WAV's PCM from the
// `data` chunk's declared size (the bug a capped decoder must not have), and the fuzzer must see
// it within its CI budget.
/** The declared frames of a WAV (data size / block align), or null when it has no such chunks. */
function declaredWavFrames(bytes: Uint8Array): number | null {
  const text = new TextDecoder('latin1').decode(bytes);
  const fmt = text.indexOf('fmt ');
  const data = text.indexOf('data');
  if (!text.startsWith('RIFF') || fmt < 0 || data < 0 || data + 8 > bytes.length) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const blockAlign = fmt + 20 <= bytes.length ? view.getUint16(fmt + 20, true) : 0;
  return blockAlign > 0 ? Math.floor(view.getUint32(data + 4, true) / blockAlign) : null;
}

/** The planted bug: PCM as long as the header says, whatever the file holds. */
function trustingDeclaredSize(load: LoadBytes): LoadBytes {
  return async (bytes) => {
    const pcm = await load(bytes);
    const declared = pcm.format === 'wav' ? declaredWavFrames(bytes) : null;
    if (declared === null || declared <= pcm.frames) return pcm;
    const frames = Math.min(declared, 1 << 26); // what the browser would still allocate
    const channels = pcm.channels.map(() => new Float32Array(frames));
    return { ...pcm, frames, channels } satisfies DecodedPcm;
  };
}

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

  it('finds PCM sized from a declared size within its budget', { timeout: 180_000 }, async () => {
    const seed = fuzzSeedInBrowser('audio-mutant', MUTANT_BUDGET);
    const load = trustingDeclaredSize(poolLoad(pool));
    const details = await runAudioFuzz({ load, seeds, numRuns: MUTANT_BUDGET, seed });
    const report = audioFailureReport(details, seeds);
    console.log(`[fuzz:audio-mutant] ${report}`);
    expect(details.failed, 'the fuzzer missed PCM sized from the header').toBe(true);
    expect(report).toMatch(/frames from \d+ bytes of wav/);
  });
});
