import { describe, expect, it } from 'vitest';
import { desktopFailureReport, desktopFuzzSeed, runDesktopFuzz } from './testing/bridge-fuzz.ts';

// The desktop bridge fuzzer (docs/FUZZING.md): hostile names, folder lists, chunk sequences and
// roots go to saveFile (begin/chunk/commit/abort), setDownloadRoot and openFolder on real folders.
const CASES = Number(process.env.FUZZ_DESKTOP_CASES ?? 200);

describe('desktop bridge fuzzer', () => {
  it(
    `keeps ${CASES} hostile call sequences inside the root, with no temp file left`,
    { timeout: 120_000 },
    async () => {
      const details = await runDesktopFuzz(CASES, desktopFuzzSeed(CASES));
      if (details.failed) throw new Error(desktopFailureReport(details));
      expect(details.numRuns).toBe(CASES);
    },
  );
});
