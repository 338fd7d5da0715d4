import { describe, expect, it, vi } from 'vitest';
import { failureReport } from '../helpers/fuzz/http-fuzz.ts';
import { useFuzzGateway } from '../helpers/fuzz/http-gateway.ts';

// The fuzzer can fail: with the keyword boundary reverted to passing the raw keyword through
// (only trimmed, as before the NUL fix), it must find the 500 within the CI budget of 5,000 cases.
vi.mock('../../server/catalogue/keyword.ts', () => ({
  cleanKeyword: (raw: string | undefined) => raw?.trim() || null,
}));

const BUDGET = 5000;
const fuzz = useFuzzGateway();

describe('HTTP contract fuzzer against a known bug', () => {
  it('finds the NUL keyword 500 within its budget', { timeout: 180_000 }, async () => {
    const started = performance.now();
    const details = await fuzz.run('http-mutant', BUDGET);
    const report = failureReport(details);
    const ms = Math.round(performance.now() - started);
    console.log(`[fuzz:http-mutant] caught in ${ms} ms:\n${report}`);
    expect(details.failed, 'the fuzzer missed the raw-keyword bug').toBe(true);
    expect(report).toContain('a 5xx');
    expect(report).toMatch(/keyword=/);
    expect(ms).toBeLessThan(120_000);
  });
});
