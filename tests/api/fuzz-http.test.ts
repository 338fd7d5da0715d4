import { describe, expect, it } from 'vitest';
import { ADMIN_PREFIX, API } from '../../src/shared/api/paths.ts';
import { failureReport, responseMismatch } from '../testing/fuzz/http-fuzz.ts';
import { integer, object, okResponse, text } from '../../server/http/response-schema.ts';
import { useFuzzGateway } from '../testing/fuzz/http-gateway.ts';

// The HTTP contract fuzzer (docs/FUZZING.md): every route the app registers gets generated,
// mostly hostile requests; each must be a success or a localised 4xx envelope within 2 s.
const CASES = Number(process.env.FUZZ_HTTP_CASES ?? 5000);
const ADMIN_CASES = Number(process.env.FUZZ_HTTP_ADMIN_CASES ?? 400);
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

describe('HTTP contract fuzzer on the admin routes', () => {
  it(
    'answers hostile requests to every /api/v2/admin/ route, with the admin token among others',
    { timeout: 120_000 },
    async () => {
      const admin = (route: { url: string }) => route.url.startsWith(ADMIN_PREFIX);
      expect(fuzz.get().routes.filter(admin).length).toBeGreaterThanOrEqual(12);
      // Its own run: among every route's cases the dozen admin routes would get few.
      const details = await fuzz.run('http-admin', ADMIN_CASES, admin);
      if (details.failed) throw new Error(failureReport(details));
      expect(await fuzz.get().gateway.oracle.integrityProblems()).toEqual([]);
    },
  );
});

describe("the fuzzer's response-schema check", () => {
  const schema = okResponse(object({ a: integer, b: text }, ['b']))[200];

  it('accepts an answer of the schema and names what differs in one that is not', () => {
    expect(responseMismatch(schema, '{"code":200,"msg":"ok","data":{"a":1}}')).toBeNull();
    expect(responseMismatch(schema, '{"code":200,"msg":"ok","data":{"a":1,"c":2}}')).toMatch(
      /additional properties/,
    );
    expect(responseMismatch(schema, '{"code":200,"msg":"ok","data":{"b":"x"}}')).toMatch(/a/);
    expect(responseMismatch(schema, 'not json')).toMatch(/not JSON/);
  });
});
