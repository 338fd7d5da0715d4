import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionCheck, TokenPair, UserInfo } from '../../src/shared/api/account.types.ts';
import { hashPassword } from '../../server/accounts/passwords.ts';
import { API } from '../../src/shared/api/paths.ts';
import { manualClock } from '../../server/clock.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { apiCall, createUser, login, sha256Hex } from '../testing/accounts.ts';

const clock = manualClock(Date.UTC(2026, 0, 1));
let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ size: 'none', clock });
});
afterAll(() => gateway.close());

const loginBody = (email: string, password: string) => ({
  email,
  password: sha256Hex(password),
  loginType: 'EMAIL',
});
const tryLogin = (email: string, password: string, language?: 'zh' | 'en') =>
  apiCall<TokenPair>(gateway, 'POST', API.login, { body: loginBody(email, password), language });

describe('POST login', () => {
  it('signs each demo account in with its role', async () => {
    const expected = {
      'demo@yinku.local': ['ORDINARY'],
      'creator@yinku.local': ['CREATOR', 'ORDINARY'],
      'admin@yinku.local': ['ADMIN', 'CREATOR', 'ORDINARY'],
    };
    for (const [email, roles] of Object.entries(expected)) {
      const pair = await login(gateway, email, 'yinku-demo');
      expect(pair.expiresIn).toBe(7_200_000);
      expect(pair.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const profile = await apiCall<UserInfo>(gateway, 'GET', API.profile, {
        token: pair.accessToken,
      });
      expect(profile.body.data.email).toBe(email);
      expect(profile.body.data.roles.map((r) => r.roleCode)).toEqual(roles);
    }
  });

  it('accepts the e-mail in any case', async () => {
    const reply = await tryLogin('Demo@Yinku.LOCAL', 'yinku-demo');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ code: 200, msg: 'success' });
  });

  it('stores passwords as argon2id of the client hash', async () => {
    const row = await gateway.ctx.repo.accounts.findCredentials('demo@yinku.local');
    expect(String(row?.passwordHash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers unknown accounts exactly like wrong passwords, in both languages', async () => {
    const user = await createUser(gateway);
    for (const language of ['zh', 'en'] as const) {
      const wrong = await tryLogin(user.email, 'not-the-password', language);
      const unknown = await tryLogin('nobody@yinku.local', 'not-the-password', language);
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.errorMessage).toBe(wrong.errorMessage);
      expect(wrong.errorMessage).toBe(
        language === 'zh' ? '邮箱或密码错误' : 'Wrong e-mail or password',
      );
      expect(wrong.body).toMatchObject({ code: 400, data: null, errorCode: 'BAD_REQUEST' });
    }
  });

  it('spends the same argon2 work on unknown accounts as on wrong passwords', async () => {
    const user = await createUser(gateway);
    // CPU time of this process (the gateway runs in it; argon2 runs on its thread pool): unlike
    // wall time it barely moves when other tests load the machine.
    const cpuMs = async (email: string) => {
      const before = process.cpuUsage();
      await tryLogin(email, 'not-the-password');
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    await cpuMs(user.email); // warm-up: the first calls also pay for JIT compilation
    await cpuMs('ghost@yinku.local');
    let wrong = 0;
    let unknown = 0;
    for (let i = 0; i < 6; i++) {
      wrong += await cpuMs(user.email);
      unknown += await cpuMs(`ghost-${i}@yinku.local`);
    }
    // Without the dummy verification an unknown account costs a few percent of an argon2 check.
    expect(unknown / wrong).toBeGreaterThan(0.5);
    expect(unknown / wrong).toBeLessThan(2);
  });

  it('rejects malformed bodies with a 400 naming the field', async () => {
    const good = loginBody('demo@yinku.local', 'yinku-demo');
    const cases: [unknown, string][] = [
      [{ ...good, email: undefined }, 'email'],
      [{ ...good, password: undefined }, 'password'],
      [{ ...good, loginType: undefined }, 'loginType'],
      [{ ...good, loginType: 'PHONE' }, 'loginType'],
      [{ ...good, email: 42 }, 'email'],
      [{ ...good, email: "' OR 1=1; --" }, 'email'],
      [{ ...good, email: `${'a'.repeat(250)}@yinku.local` }, 'email'],
      [{ ...good, password: 'yinku-demo' }, 'password'],
      [{ ...good, password: sha256Hex('yinku-demo').toUpperCase() }, 'password'],
      [{ ...good, password: `${sha256Hex('x')}00` }, 'password'],
      [{ ...good, remember: true }, 'remember'],
      ['demo@yinku.local', 'body'],
    ];
    for (const [body, field] of cases) {
      const reply = await apiCall(gateway, 'POST', API.login, { body, language: 'en' });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.field, JSON.stringify(body)).toBe(field);
      expect(reply.errorMessage).toMatch(new RegExp(`^Invalid ${field}: `));
    }
    const missing = await apiCall(gateway, 'POST', API.login, {
      body: { ...good, email: undefined },
    });
    expect(missing.errorMessage).toBe('参数 email 无效：必填');
    const notJson = await apiCall(gateway, 'POST', API.login, { rawBody: '{"email":' });
    expect(notJson.status).toBe(400);
    expect(notJson.errorMessage).toBe('请求体不是有效的 JSON');
  });
});

describe('login throttling', () => {
  it('makes an account wait after 10 failures, with Retry-After, then lets it in again', async () => {
    const user = await createUser(gateway);
    const other = await createUser(gateway);
    for (let i = 0; i < 10; i++) expect((await tryLogin(user.email, 'wrong')).status).toBe(400);
    const blocked = await tryLogin(user.email, user.password, 'en');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 429, errorCode: 'RATE_LIMITED' });
    expect(blocked.errorMessage).toBe('Too many sign-in attempts, please try again later');
    expect(Number(blocked.headers.get('retry-after'))).toBe(15 * 60);
    // Other accounts from the same address are not affected.
    expect((await tryLogin(other.email, other.password)).status).toBe(200);
    clock.advance(5 * 60 * 1000);
    const still = await tryLogin(user.email, user.password);
    expect(still.status).toBe(429);
    expect(Number(still.headers.get('retry-after'))).toBe(10 * 60);
    clock.advance(10 * 60 * 1000);
    expect((await tryLogin(user.email, user.password)).status).toBe(200);
  });

  it('forgets an account’s failures after a successful sign-in', async () => {
    const user = await createUser(gateway);
    for (let i = 0; i < 9; i++) await tryLogin(user.email, 'wrong');
    expect((await tryLogin(user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 9; i++) await tryLogin(user.email, 'wrong');
    expect((await tryLogin(user.email, user.password)).status).toBe(200);
  });

  it('throttles an address after 50 failures on any accounts', async () => {
    const own = await startTestGateway({ size: 'none', clock: manualClock(0) });
    try {
      const attempt = (email: string, password: string) =>
        apiCall(own, 'POST', API.login, { body: loginBody(email, password) });
      for (let i = 0; i < 50; i++) {
        expect((await attempt(`probe-${i}@yinku.local`, 'guess')).status).toBe(400);
      }
      const blocked = await attempt('demo@yinku.local', 'yinku-demo');
      expect(blocked.status).toBe(429);
      expect(blocked.errorMessage).toBe('登录尝试过多，请稍后再试');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });
});

describe('GET test-connection', () => {
  it('answers publicly with the server time', async () => {
    const reply = await apiCall<ConnectionCheck>(gateway, 'GET', API.testConnection);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      ok: true,
      time: new Date(clock.now()).toISOString(),
      demoLogin: { email: 'demo@yinku.local', password: 'yinku-demo' },
    });
    const bad = await apiCall(gateway, 'GET', `${API.testConnection}?x=1`);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('x');
  });

  it('offers the demo login only while the demo password works', async () => {
    const accounts = gateway.ctx.repo.accounts;
    const demo = (await accounts.findCredentials('demo@yinku.local'))!;
    await accounts.updatePassword(demo.id, await hashPassword(sha256Hex('changed-1')), clock.now());
    try {
      const reply = await apiCall<ConnectionCheck>(gateway, 'GET', API.testConnection);
      expect(reply.body.data?.demoLogin).toBeNull();
    } finally {
      await accounts.updatePassword(demo.id, demo.passwordHash, clock.now());
    }
    const again = await apiCall<ConnectionCheck>(gateway, 'GET', API.testConnection);
    expect(again.body.data?.demoLogin?.email).toBe('demo@yinku.local');
  });
});
