import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX, API, ROUTES } from '../../src/shared/api/paths.ts';
import { PERMISSION_IDS } from '../../src/shared/api/admin.types.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { authHeaders, createUser } from '../testing/accounts.ts';

/** A route as the gateway registered it (HEAD twins of GET routes left out). */
interface Registered {
  method: string;
  url: string;
  signedIn: boolean;
  roles: readonly string[] | undefined;
  permission: string | undefined;
  /** Whether the route declares the schema of its 200 answer. */
  typedAnswer: boolean;
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

/** The calls that answer bytes, not JSON: docs/API.md#typed-routes says why they have no schema. */
const BYTE_ANSWERS: Array<[string, RouteName]> = [
  ['GET', 'packCover'],
  ['GET', 'play'],
  ['GET', 'audition'],
  ['GET', 'download'],
  ['GET', 'songStream'],
  ['GET', 'songCover'],
  ['GET', 'adminSheet'],
];

let gateway: TestGateway;
const registered: Registered[] = [];

beforeAll(async () => {
  gateway = await startTestGateway({
    size: 'none',
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const response = (route.schema as { response?: Record<string, unknown> } | undefined)
          ?.response;
        registered.push({
          method,
          url: route.url,
          signedIn: route.config?.signedIn === true,
          roles: route.config?.roles,
          permission: route.config?.permission,
          typedAnswer: response?.['200'] !== undefined,
        });
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

  it('gives every JSON call a response schema; only the byte calls have none', () => {
    const untyped = registered
      .filter((route) => !route.typedAnswer)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const expected = BYTE_ANSWERS.map(([method, name]) => `${method} ${ROUTES[name]}`).sort();
    expect(untyped).toEqual(expected);
  });

  it('answers a route with roles 401 without a token and 403 to a user of another role', async () => {
    const withRoles = registered.filter((route) => route.roles !== undefined);
    expect(withRoles.map((route) => route.url).sort()).toEqual(
      [ROUTES.songs, ROUTES.song, ROUTES.songStream, ROUTES.songCover].sort(),
    );
    const ordinary = await createUser(gateway);
    for (const route of withRoles) {
      expect(route.roles, route.url).not.toContain('ORDINARY');
      // Invalid input too: the role is checked before the input is.
      const url = `${gateway.url}${concrete(route.url)}?unknown=1`;
      const visitor = await fetch(url, { method: route.method });
      expect(visitor.status, route.url).toBe(401);
      expect(((await visitor.json()) as { errorCode: string }).errorCode).toBe('UNAUTHORIZED');
      const other = await fetch(url, {
        method: route.method,
        headers: authHeaders(ordinary.accessToken),
      });
      expect(other.status, route.url).toBe(403);
      expect(((await other.json()) as { errorCode: string }).errorCode).toBe('FORBIDDEN');
    }
  });

  it('answers every admin route 401 signed out and 403 to ORDINARY and CREATOR, before its input', async () => {
    // Generated from the route table: a new admin route is checked without editing this test.
    const adminRoutes = registered.filter((route) => route.url.startsWith(ADMIN_PREFIX));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(12);
    const ordinary = await createUser(gateway);
    const creator = await createUser(gateway, { role: 'CREATOR' });
    for (const route of adminRoutes) {
      const name = `${route.method} ${route.url}`;
      expect(PERMISSION_IDS, name).toContain(route.permission);
      const url = `${gateway.url}${concrete(route.url)}?unknown=1`;
      const withBody =
        route.method === 'GET' || route.method === 'HEAD' ? {} : { body: '{"not":"valid"}' };
      const call = (headers: Record<string, string>) =>
        fetch(url, {
          method: route.method,
          ...withBody,
          headers: {
            ...headers,
            ...('body' in withBody ? { 'content-type': 'application/json' } : {}),
          },
        });
      const visitor = await call({});
      expect(visitor.status, name).toBe(401);
      for (const caller of [ordinary, creator]) {
        const refused = await call(authHeaders(caller.accessToken));
        expect(refused.status, name).toBe(403);
        expect(((await refused.json()) as { errorCode: string }).errorCode, name).toBe('FORBIDDEN');
      }
    }
  });
});
