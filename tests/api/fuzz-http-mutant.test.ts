import { describe, expect, it, vi } from 'vitest';
import type * as CjkText from '../../server/catalogue/cjk-text.ts';
import { failureReport } from '../testing/fuzz/http-fuzz.ts';
import { useFuzzGateway } from '../testing/fuzz/http-gateway.ts';

// The fuzzer can fail: with both defences against control characters reverted — the keyword
// boundary passing the raw keyword through (only trimmed), and the search's word splitter keeping
// control characters inside words, as before the NUL fix — it must find the 500 within the CI
// budget of 5,000 cases.
vi.mock('../../server/catalogue/keyword.ts', () => ({
  cleanKeyword: (raw: string | undefined) => raw?.trim() || null,
}));
vi.mock('../../server/catalogue/cjk-text.ts', async (importOriginal) => {
  const real = await importOriginal<typeof CjkText>();
  const keywordWords = (input: string): string[] =>
    input
      .normalize('NFKC')
      .toLowerCase()
      .split(/[\s,，、;；]+/u)
      .map((word) => word.replace(/["'`*^():{}[\]\\+\-!?.<>=|&~@#$%]/gu, ' ').trim())
      .flatMap((word) => word.split(/\s+/u))
      .filter(Boolean)
      .slice(0, 12);
  const keywordSearch = (input: string) => {
    const words = keywordWords(input);
    return words.length === 0 ? null : { words, mode: 'all' as const };
  };
  return { ...real, keywordWords, keywordSearch };
});

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
