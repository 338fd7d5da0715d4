import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ROUTES } from '../../src/shared/api/paths.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';

/** A route as the gateway registered it (HEAD twins of GET routes left out). */
interface Registered {
  method: string;
  url: string;
  signedIn: boolean;
}

type RouteName = keyof typeof ROUTES;

/** The calls that need a signed-in caller (docs/PRODUCT.md §7); the rest answer visitors too. */
const SIGNED_IN: Array<[string, RouteName]> = [
  ['GET', 'profile'],
  ['POST', 'clientKey'],
  ['POST', 'assessmentStart'],
  ['POST', 'assessmentFinish'],
  ['POST', 'passwordUpdate'],
  ['GET', 'userAudios'],
  ['GET', 'userInstrumentsStyle'],
  ['POST', 'userItemRemove'],
  ['POST', 'userItemRestore'],
  ['GET', 'play'],
  ['GET', 'downloadAuthorize'],
  ['POST', 'downloadAuthorizeBatch'],
  ['GET', 'download'],
  ['POST', 'downloadSaveOrRollback'],
  ['GET', 'downloadLike'],
  ['GET', 'downloadPackLike'],
  ['GET', 'downloadSync'],
  ['POST', 'downloadSync'],
  ['GET', 'orders'],
  ['POST', 'orders'],
];

let gateway: TestGateway;
const registered: Registered[] = [];

beforeAll(async () => {
  gateway = await startTestGateway({
    size: 'none',
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        registered.push({ method, url: route.url, signedIn: route.config?.signedIn === true });
      }
    },
  });
});

afterAll(async () => {
  await gateway.close();
});

/** A concrete path for a pattern: every `:param` filled with a plausible value. */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '1');

describe('the path table (src/shared/api/paths.ts)', () => {
  it('lists every route the gateway registers, and the gateway registers every route it lists', () => {
    const served = new Set(registered.map((route) => route.url));
    const listed = new Set<string>(Object.values(ROUTES));
    expect(
      [...served].filter((url) => !listed.has(url)),
      'registered, not in ROUTES',
    ).toEqual([]);
    expect(
      [...listed].filter((url) => !served.has(url)),
      'in ROUTES, not registered',
    ).toEqual([]);
  });

  it('gives each pattern with parameters a builder that fills it, and the rest as they are', () => {
    for (const [name, pattern] of Object.entries(ROUTES)) {
      const entry = API[name as RouteName];
      if (!pattern.includes(':')) {
        expect(entry, name).toBe(pattern);
        continue;
      }
      expect(typeof entry, name).toBe('function');
      const shape = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/:]+')}$`);
      expect((entry as (value: string) => string)('a b/c'), name).toMatch(shape);
    }
  });

  it('marks exactly the signed-in calls as signed in', () => {
    const marked = registered
      .filter((route) => route.signedIn)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const expected = SIGNED_IN.map(([method, name]) => `${method} ${ROUTES[name]}`).sort();
    expect(marked).toEqual(expected);
  });

  it('answers 401 on every signed-in call without a token, before looking at its input', async () => {
    for (const [method, name] of SIGNED_IN) {
      const response = await fetch(`${gateway.url}${concrete(ROUTES[name])}?unknown=1`, {
        method,
        ...(method === 'POST'
          ? { body: '{"not":"valid"}', headers: { 'content-type': 'application/json' } }
          : {}),
      });
      expect(response.status, `${method} ${name}`).toBe(401);
      const body = (await response.json()) as { errorCode: string };
      expect(body.errorCode, `${method} ${name}`).toBe('UNAUTHORIZED');
    }
  });
});
