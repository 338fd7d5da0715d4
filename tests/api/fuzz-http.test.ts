import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import { failureReport } from '../testing/fuzz/http-fuzz.ts';
import { useFuzzGateway } from '../testing/fuzz/http-gateway.ts';

// The HTTP contract fuzzer (docs/FUZZING.md): every route the app registers gets generated,
// mostly hostile requests; each must be a success or a localised 4xx envelope within 2 s.
const CASES = Number(process.env.FUZZ_HTTP_CASES ?? 5000);
const fuzz = useFuzzGateway();

describe('HTTP contract fuzzer', () => {
  it(
    `answers ${CASES} hostile requests with a success or a localised 4xx, each within 2 s`,
    { timeout: 180_000 },
    async () => {
      expect(fuzz.get().routes.length).toBeGreaterThan(20);
      const details = await fuzz.run('http', CASES);
      if (details.failed) throw new Error(failureReport(details));
      expect(details.numRuns).toBe(CASES);
      // Afterwards the gateway still answers and the database is whole.
      const { gateway } = fuzz.get();
      const alive = await fetch(`${gateway.url}${API.testConnection}`);
      expect(alive.status).toBe(200);
      expect(await gateway.oracle.integrityProblems()).toEqual([]);
    },
  );
});
