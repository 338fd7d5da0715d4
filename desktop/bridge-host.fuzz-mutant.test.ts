import { describe, expect, it, vi } from 'vitest';
import type * as SafeName from '../src/shared/safe-name.ts';
import { desktopFailureReport, desktopFuzzSeed, runDesktopFuzz } from './testing/bridge-fuzz.ts';

// The fuzzer can fail: with the shell's file-name sanitiser reverted to taking the page's name
// as it is, a name like ../../../escape.wav leaves the download root; the fuzzer must see it
// within its CI budget.
vi.mock('../src/shared/safe-name.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SafeName>()),
  safeFileName: (fileName: string) => fileName,
}));

const BUDGET = 200;

describe('desktop bridge fuzzer against a known bug', () => {
  it('finds a file written outside the root within its budget', { timeout: 120_000 }, async () => {
    const started = performance.now();
    const details = await runDesktopFuzz(BUDGET, desktopFuzzSeed(BUDGET));
    const report = desktopFailureReport(details);
    console.log(
      `[fuzz:desktop-mutant] caught in ${Math.round(performance.now() - started)} ms:\n${report}`,
    );
    expect(details.failed, 'the fuzzer missed the raw file name').toBe(true);
    expect(report).toMatch(/outside the (download )?root|ENOENT|EISDIR|ENOTDIR|EINVAL/);
  });
});
