import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair, UserInfo } from '../../src/shared/api/account.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { manualClock } from '../../server/clock.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { apiCall, createUser, login } from '../testing/accounts.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const clock = manualClock(Date.UTC(2026, 0, 1));
let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ size: 'none', clock });
});
afterAll(() => gateway.close());

const refresh = (token?: string, language?: 'zh' | 'en') =>
  apiCall<TokenPair>(gateway, 'GET', API.refreshToken, { token, language });
const profile = (token: string) => apiCall<UserInfo>(gateway, 'GET', API.profile, { token });
const signIn = async () => {
  const user = await createUser(gateway);
  return { user, pair: await login(gateway, user.email, user.password) };
};

describe('access tokens', () => {
  it('last exactly 2 hours', async () => {
    const { pair } = await signIn();
    clock.advance(2 * HOUR - 1);
    expect((await profile(pair.accessToken)).status).toBe(200);
    clock.advance(1);
    const expired = await profile(pair.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 401, errorCode: 'TOKEN_EXPIRED', data: null });
    expect(expired.errorMessage).toBe('登录已过期，请重新登录');
  });

  it('are refused when missing, garbage, tampered or a refresh token', async () => {
    const { pair } = await signIn();
    const [body, signature] = pair.accessToken.split('.');
    const tampered = `${body!.slice(0, -2)}AA.${signature}`;
    const cases: [string | undefined, string][] = [
      [undefined, 'Not signed in'],
      ['garbage', 'Invalid credentials token'],
      [tampered, 'Invalid credentials token'],
      [pair.refreshToken, 'Invalid credentials token'],
    ];
    for (const [token, message] of cases) {
      const reply = await apiCall(gateway, 'GET', API.profile, { token, language: 'en' });
      expect(reply.status).toBe(401);
      expect(reply.errorMessage).toBe(message);
    }
  });
});

describe('GET refresh-token', () => {
  it('rotates the refresh token on every use and issues a working access token', async () => {
    const { pair } = await signIn();
    clock.advance(3 * HOUR);
    expect((await profile(pair.accessToken)).status).toBe(401);
    const first = await refresh(pair.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.data.refreshToken).not.toBe(pair.refreshToken);
    expect(first.body.data.expiresIn).toBe(2 * HOUR);
    expect((await profile(first.body.data.accessToken)).status).toBe(200);
    const second = await refresh(first.body.data.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.data.refreshToken).not.toBe(first.body.data.refreshToken);
  });

  it('treats a reused refresh token as theft: the whole family is revoked', async () => {
    const { pair } = await signIn();
    const rotated = (await refresh(pair.refreshToken)).body.data;
    const reuse = await refresh(pair.refreshToken, 'en');
    expect(reuse.status).toBe(401);
    expect(reuse.errorMessage).toBe('This refresh token was already used; please sign in again');
    // The legitimate newer token dies with its family.
    const legit = await refresh(rotated.refreshToken, 'en');
    expect(legit.status).toBe(401);
    expect(legit.errorMessage).toBe('Your session has expired, please sign in again');
    // Other sessions (families) of the same user live on.
    const { user } = await signIn();
    const a = await login(gateway, user.email, user.password);
    const b = await login(gateway, user.email, user.password);
    await refresh(a.refreshToken);
    await refresh(a.refreshToken);
    expect((await refresh(b.refreshToken)).status).toBe(200);
  });

  it('lets only one of two simultaneous uses of a refresh token succeed', async () => {
    const { pair } = await signIn();
    const replies = await Promise.all([refresh(pair.refreshToken), refresh(pair.refreshToken)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 401]);
    // The loser counts as a reuse, so the session ends: the winner's successor is revoked with
    // the family, and its access token is refused too (docs/api/accounts.md#sessions).
    const winner = replies.find((r) => r.status === 200)!.body.data;
    expect((await refresh(winner.refreshToken)).status).toBe(401);
    expect((await profile(winner.accessToken)).status).toBe(401);
  });

  it('refuses an expired refresh token after 30 days, with a new one living 30 days more', async () => {
    const { pair } = await signIn();
    clock.advance(29 * DAY);
    const renewed = (await refresh(pair.refreshToken)).body.data;
    clock.advance(29 * DAY);
    expect((await refresh(renewed.refreshToken)).status).toBe(200);
    const { pair: idle } = await signIn();
    clock.advance(30 * DAY);
    const expired = await refresh(idle.refreshToken);
    expect(expired.status).toBe(401);
    expect(expired.errorMessage).toBe('登录已过期，请重新登录');
  });

  it('answers 401 for missing, garbage and access tokens', async () => {
    const { pair } = await signIn();
    const missing = await refresh(undefined, 'en');
    expect(missing.status).toBe(401);
    expect(missing.errorMessage).toBe('Not signed in');
    for (const token of ['garbage', pair.accessToken, `${pair.refreshToken}x`]) {
      const reply = await refresh(token);
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ code: 401, errorCode: 'UNAUTHORIZED', data: null });
    }
    // A failed attempt with a wrong token does not disturb the real one.
    expect((await refresh(pair.refreshToken)).status).toBe(200);
  });

  it('rejects query parameters', async () => {
    const { pair } = await signIn();
    const reply = await apiCall(gateway, 'GET', `${API.refreshToken}?token=x`, {
      token: pair.refreshToken,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.field).toBe('token');
  });

  it('stores only hashes of refresh tokens', async () => {
    const { pair } = await signIn();
    expect(await gateway.oracle.refreshTokensStoredAs(pair.refreshToken)).toBe(0);
  });
});

describe('POST logout', () => {
  it('revokes the family of the refresh token it carries', async () => {
    const { pair } = await signIn();
    const rotated = (await refresh(pair.refreshToken)).body.data;
    const out = await apiCall<boolean>(gateway, 'POST', API.logout, {
      token: rotated.refreshToken,
    });
    expect(out.status).toBe(200);
    expect(out.body.data).toBe(true);
    expect((await refresh(rotated.refreshToken)).status).toBe(401);
  });

  it('answers 401 without a known refresh token', async () => {
    expect((await apiCall(gateway, 'POST', API.logout)).status).toBe(401);
    expect((await apiCall(gateway, 'POST', API.logout, { token: 'garbage' })).status).toBe(401);
  });

  it('takes no body', async () => {
    const { pair } = await signIn();
    const reply = await apiCall(gateway, 'POST', API.logout, {
      token: pair.refreshToken,
      body: { everywhere: true },
      language: 'en',
    });
    expect(reply.status).toBe(400);
    expect(reply.errorMessage).toBe('Invalid body: this call takes no body');
    expect((await refresh(pair.refreshToken)).status).toBe(200);
  });
});
