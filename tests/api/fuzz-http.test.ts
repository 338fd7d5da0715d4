import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import { fuzzSeed } from '../helpers/fuzz/hostile.ts';
import { failureReport, runHttpFuzz } from '../helpers/fuzz/http-fuzz.ts';
import { startFuzzGateway, type FuzzGateway } from '../helpers/fuzz/http-gateway.ts';

// The HTTP contract fuzzer (docs/FUZZING.md): every route the app registers gets generated,
// mostly hostile requests; each must be a success or a localised 4xx envelope within 2 s.
const CASES = Number(process.env.FUZZ_HTTP_CASES ?? 5000);
let fuzz: FuzzGateway;

beforeAll(async () => {
  fuzz = await startFuzzGateway();
});
afterAll(async () => {
  await fuzz?.gateway.close();
});

describe('HTTP contract fuzzer', () => {
  it(
    `answers ${CASES} hostile requests with a success or a localised 4xx, each within 2 s`,
    { timeout: 180_000 },
    async () => {
      expect(fuzz.routes.length).toBeGreaterThan(20);
      const seed = fuzzSeed('http', CASES);
      const { routes, tokens } = fuzz;
      const details = await runHttpFuzz({
        url: fuzz.gateway.url,
        routes,
        tokens,
        numRuns: CASES,
        seed,
      });
      if (details.failed) throw new Error(failureReport(details));
      expect(details.numRuns).toBe(CASES);
      // Afterwards the gateway still answers and the database is whole.
      const alive = await fetch(`${fuzz.gateway.url}${API.testConnection}`);
      expect(alive.status).toBe(200);
      const check = fuzz.gateway.ctx.db.prepare('PRAGMA integrity_check').all();
      expect(check).toEqual([{ integrity_check: 'ok' }]);
    },
  );
});
