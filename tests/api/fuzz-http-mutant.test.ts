import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fuzzSeed } from '../helpers/fuzz/hostile.ts';
import { failureReport, runHttpFuzz } from '../helpers/fuzz/http-fuzz.ts';
import { startFuzzGateway, type FuzzGateway } from '../helpers/fuzz/http-gateway.ts';

// The fuzzer can fail: with the keyword boundary reverted to passing the raw keyword through
// (only trimmed, as before the NUL fix), it must find the 500 within the CI budget of 5,000 cases.
vi.mock('../../server/catalogue/keyword.ts', () => ({
  cleanKeyword: (raw: string | undefined) => raw?.trim() || null,
}));

const BUDGET = 5000;
let fuzz: FuzzGateway;

beforeAll(async () => {
  fuzz = await startFuzzGateway();
});
afterAll(async () => {
  await fuzz?.gateway.close();
});

describe('HTTP contract fuzzer against a known bug', () => {
  it('finds the NUL keyword 500 within its budget', { timeout: 180_000 }, async () => {
    const seed = fuzzSeed('http-mutant', BUDGET);
    const started = performance.now();
    const { routes, tokens } = fuzz;
    const details = await runHttpFuzz({
      url: fuzz.gateway.url,
      routes,
      tokens,
      numRuns: BUDGET,
      seed,
    });
    const report = failureReport(details);
    console.log(
      `[fuzz:http-mutant] caught in ${Math.round(performance.now() - started)} ms:\n${report}`,
    );
    expect(details.failed, 'the fuzzer missed the raw-keyword bug').toBe(true);
    expect(report).toContain('a 5xx');
    expect(report).toMatch(/keyword=/);
    expect(performance.now() - started).toBeLessThan(120_000);
  });
});
