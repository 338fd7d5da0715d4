import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { issueAccessToken } from '../../../server/accounts/access-token.ts';
import { createUser } from '../accounts.ts';
import { startTestGateway, type TestGateway } from '../test-gateway.ts';
import { fuzzSeed } from './hostile.ts';
import { runHttpFuzz } from './http-fuzz.ts';
import type { FuzzRoute } from './http-request.ts';

/** A test gateway with every route it registered and the tokens a fuzz case may send. */
interface FuzzGateway {
  gateway: TestGateway;
  routes: FuzzRoute[];
  tokens: string[];
}

/** Signs `claims` (raw JSON text) with `secret`, as access tokens are signed. */
function signRaw(secret: Buffer, claims: string): string {
  const body = Buffer.from(claims).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/**
 * Starts a tiny-library gateway, listing its routes from an onRoute hook (a new route is fuzzed
 * without editing the suite), with a valid, an admin, an expired, a foreign-signed (another
 * secret), a forged-claims and several garbage tokens.
 */
async function startFuzzGateway(): Promise<FuzzGateway> {
  const routes: FuzzRoute[] = [];
  const gateway = await startTestGateway({
    size: 'tiny',
    onRoute: (route) => {
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, schema: route.schema as FuzzRoute['schema'] });
    },
  });
  const { ctx } = gateway;
  const user = await createUser(gateway);
  const admin = await createUser(gateway, { role: 'ADMIN' });
  const now = ctx.clock.now();
  const bearer = (token: string) => `Bearer ${token}`;
  const tokens = [
    bearer(user.accessToken),
    bearer(admin.accessToken),
    bearer(issueAccessToken(ctx.tokenSecret, user.id, now - 3 * 3600_000)),
    bearer(issueAccessToken(randomBytes(32), user.id, now)),
    bearer(signRaw(ctx.tokenSecret, '{"typ":"access","sub":9007199254740992,"iat":0,"exp":1e309}')),
    bearer(signRaw(ctx.tokenSecret, '{"typ":"access","sub":-1,"iat":0,"exp":1e309}')),
    bearer(signRaw(ctx.tokenSecret, '{"typ":"refresh","sub":1,"iat":0,"exp":1e309}')),
    bearer(`${user.accessToken}.x`),
    bearer('garbage'),
    bearer('a.b'),
    'Bearer',
    'Basic dXNlcjpwYXNz',
    `Bearer ${'A'.repeat(8000)}.${'B'.repeat(43)}`,
  ];
  return { gateway, routes, tokens };
}

/**
 * A fuzz gateway for the test file (started before its tests, closed after) and `run`, which
 * fuzzes it with `numRuns` cases under a fresh or FUZZ_SEED seed (printed under `name`).
 */
export function useFuzzGateway() {
  let fuzz: FuzzGateway | undefined;
  beforeAll(async () => {
    fuzz = await startFuzzGateway();
  });
  afterAll(async () => {
    await fuzz?.gateway.close();
  });
  return {
    get: (): FuzzGateway => fuzz!,
    /** `only` narrows the cases to some routes (an area's own run). */
    run(name: string, numRuns: number, only: (route: FuzzRoute) => boolean = () => true) {
      const { gateway, routes, tokens } = fuzz!;
      return runHttpFuzz({
        url: gateway.url,
        routes: routes.filter(only),
        tokens,
        numRuns,
        seed: fuzzSeed(name, numRuns),
      });
    },
  };
}
