import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair, UserInfo } from '../../src/shared/api/account.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { manualClock } from '../../server/clock.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import {
  apiCall,
  createUser,
  login,
  readLatestCode,
  readOutbox,
  sha256Hex,
  waitForMails,
} from '../testing/accounts.ts';

const MINUTE = 60 * 1000;
const clock = manualClock(Date.UTC(2026, 0, 1));
let gateway: TestGateway;
let serial = 0;
beforeAll(async () => {
  gateway = await startTestGateway({ size: 'none', clock });
});
afterAll(() => gateway.close());

const freshEmail = () => `new-${++serial}@test.yinku.local`;
const sendCode = (body: Record<string, unknown>, language?: 'zh' | 'en') =>
  apiCall<boolean>(gateway, 'POST', API.sendCode, { body, language });
const register = (email: string, password: string, code: string, language?: 'zh' | 'en') =>
  apiCall<TokenPair>(gateway, 'POST', API.register, {
    body: { email, password: sha256Hex(password), code },
    language,
  });
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST sendCode', () => {
  it('mails a 6-digit code in the appKey language to the outbox', async () => {
    const zhEmail = freshEmail();
    const reply = await sendCode({ email: zhEmail, appKey: 'zh' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ code: 200, msg: 'success', data: true });
    const [zhMail] = readOutbox(gateway.dataDir, zhEmail);
    expect(zhMail?.code).toMatch(/^\d{6}$/);
    expect(zhMail?.purpose).toBe('register');
    expect(zhMail?.subject).toBe('音库注册验证码');
    expect(zhMail?.text).toContain(`验证码是：${zhMail?.code}`);
    expect(zhMail?.text).toContain('10 分钟');

    const enEmail = freshEmail();
    await sendCode({ email: enEmail, appKey: 'en' });
    const [enMail] = readOutbox(gateway.dataDir, enEmail);
    expect(enMail?.subject).toBe('Your Yinku sign-up code');
    expect(enMail?.text).toContain(`Your code is: ${enMail?.code}`);
  });

  it('sends at most one code per minute per address, with Retry-After', async () => {
    const email = freshEmail();
    await sendCode({ email, appKey: 'en' });
    clock.advance(20 * 1000);
    const again = await sendCode({ email: email.toUpperCase(), appKey: 'en' }, 'en');
    expect(again.status).toBe(429);
    expect(again.errorMessage).toBe('A code was sent recently, please wait before asking again');
    expect(again.headers.get('retry-after')).toBe('40');
    expect(readOutbox(gateway.dataDir, email)).toHaveLength(1);
    clock.advance(40 * 1000);
    expect((await sendCode({ email, appKey: 'en' })).status).toBe(200);
    expect(readOutbox(gateway.dataDir, email)).toHaveLength(2);
  });

  it('answers 409 for a registered address', async () => {
    const reply = await sendCode({ email: 'demo@yinku.local', appKey: 'zh' });
    expect(reply.status).toBe(409);
    expect(reply.errorMessage).toBe('该邮箱已注册');
    expect(readOutbox(gateway.dataDir, 'demo@yinku.local')).toHaveLength(0);
  });

  it('rejects malformed bodies', async () => {
    const email = freshEmail();
    const cases: [unknown, string][] = [
      [{ appKey: 'zh' }, 'email'],
      [{ email }, 'appKey'],
      [{ email, appKey: 'fr' }, 'appKey'],
      [{ email, appKey: 'zh', purpose: 'login' }, 'purpose'],
      [{ email, appKey: 'zh', phone: '123' }, 'phone'],
      [{ email: 'not-an-address', appKey: 'zh' }, 'email'],
      [{ email: "x@y.z'; DROP TABLE users; --", appKey: 'zh' }, 'email'],
      [{ email: ['a@b.c'], appKey: 'zh' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const reply = await apiCall(gateway, 'POST', API.sendCode, { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.field, JSON.stringify(body)).toBe(field);
    }
    expect(readOutbox(gateway.dataDir, email)).toHaveLength(0);
  });
});

describe('POST register', () => {
  it('creates an ORDINARY user from the outbox code and signs it in', async () => {
    const email = freshEmail();
    await sendCode({ email, appKey: 'zh' });
    const reply = await register(email, 'my secret', readLatestCode(gateway.dataDir, email));
    expect(reply.status).toBe(200);
    const profile = await apiCall<UserInfo>(gateway, 'GET', API.profile, {
      token: reply.body.data.accessToken,
    });
    expect(profile.body.data).toMatchObject({
      email,
      roles: [{ roleCode: 'ORDINARY' }],
      sampleTypes: [],
      downloadQuota: 20,
      plan: 'free',
    });
    expect((await login(gateway, email, 'my secret')).accessToken).toBeTruthy();
  });

  it('spends a code once', async () => {
    const email = freshEmail();
    await sendCode({ email, appKey: 'zh' });
    const code = readLatestCode(gateway.dataDir, email);
    expect((await register(email, 'first', code)).status).toBe(200);
    const again = await register(email, 'second', code);
    expect(again.status).toBe(409);
    expect((await login(gateway, email, 'first')).accessToken).toBeTruthy();
  });

  it('answers 409 when the e-mail exists, whatever the code', async () => {
    const reply = await register('demo@yinku.local', 'x', '123456', 'en');
    expect(reply.status).toBe(409);
    expect(reply.body.errorCode).toBe('CONFLICT');
    expect(reply.errorMessage).toBe('This e-mail address is already registered');
    expect((await login(gateway, 'demo@yinku.local', 'yinku-demo')).accessToken).toBeTruthy();
  });

  it('locks the code after 5 wrong tries', async () => {
    const email = freshEmail();
    await sendCode({ email, appKey: 'zh' });
    const code = readLatestCode(gateway.dataDir, email);
    for (let i = 0; i < 5; i++) {
      const wrong = await register(email, 'pw', wrongCodeFor(code), 'en');
      expect(wrong.status).toBe(400);
      expect(wrong.body.field).toBe('code');
      expect(wrong.errorMessage).toBe('Wrong verification code');
    }
    const locked = await register(email, 'pw', code, 'en');
    expect(locked.status).toBe(400);
    expect(locked.errorMessage).toBe('Too many wrong tries, please request a new code');
    // A new code (after the resend interval) works again.
    clock.advance(MINUTE);
    await sendCode({ email, appKey: 'zh' });
    expect((await register(email, 'pw', readLatestCode(gateway.dataDir, email))).status).toBe(200);
  });

  it('refuses an expired code (10 minutes) and codes never sent', async () => {
    const email = freshEmail();
    const none = await register(email, 'pw', '123456');
    expect(none.status).toBe(400);
    expect(none.errorMessage).toBe('验证码无效，请重新获取');
    await sendCode({ email, appKey: 'zh' });
    const code = readLatestCode(gateway.dataDir, email);
    clock.advance(10 * MINUTE);
    const expired = await register(email, 'pw', code);
    expect(expired.status).toBe(400);
    expect(expired.errorMessage).toBe('验证码已过期，请重新获取');
    expect(
      (
        await apiCall(gateway, 'POST', API.login, {
          body: { email, password: sha256Hex('pw'), loginType: 'EMAIL' },
        })
      ).status,
    ).toBe(400);
  });

  it('only accepts the latest code, and only for its own address', async () => {
    const email = freshEmail();
    const other = freshEmail();
    await sendCode({ email, appKey: 'zh' });
    await sendCode({ email: other, appKey: 'zh' });
    // Codes are bound to their address: another address's code is wrong here (1 in 10^6 equal).
    const foreign = await register(email, 'pw', readLatestCode(gateway.dataDir, other));
    expect(foreign.status).toBe(400);
    clock.advance(MINUTE);
    await sendCode({ email: other, appKey: 'zh' });
    const [older, latest] = readOutbox(gateway.dataDir, other).map((mail) => mail.code);
    expect((await register(other, 'pw', older!)).status).toBe(400);
    expect((await register(other, 'pw', latest!)).status).toBe(200);
  });

  it('rejects malformed bodies', async () => {
    const good = { email: freshEmail(), password: sha256Hex('pw'), code: '123456' };
    const cases: [unknown, string][] = [
      [{ ...good, code: undefined }, 'code'],
      [{ ...good, code: 123456 }, 'code'],
      [{ ...good, code: '12345' }, 'code'],
      [{ ...good, code: '1234567' }, 'code'],
      [{ ...good, password: 'plain text' }, 'password'],
      [{ ...good, roles: ['ADMIN'] }, 'roles'],
    ];
    for (const [body, field] of cases) {
      const reply = await apiCall(gateway, 'POST', API.register, { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.field, JSON.stringify(body)).toBe(field);
    }
  });
});

describe('password reset and update', () => {
  it('resets with a mailed code and ends every session', async () => {
    const user = await createUser(gateway);
    const session = await login(gateway, user.email, user.password);
    expect((await sendCode({ email: user.email, appKey: 'en', purpose: 'reset' })).status).toBe(
      200,
    );
    // Mailed after the answer, which must not tell whether the account exists.
    const mail = (await waitForMails(gateway.dataDir, user.email)).at(-1)!;
    expect(mail.subject).toBe('Your Yinku password reset code');
    const reply = await apiCall<boolean>(gateway, 'POST', API.passwordReset, {
      body: { email: user.email, code: mail.code, password: sha256Hex('brand new') },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toBe(true);
    expect((await login(gateway, user.email, 'brand new')).accessToken).toBeTruthy();
    const oldLogin = await apiCall(gateway, 'POST', API.login, {
      body: { email: user.email, password: sha256Hex(user.password), loginType: 'EMAIL' },
    });
    expect(oldLogin.status).toBe(400);
    const oldRefresh = await apiCall(gateway, 'GET', API.refreshToken, {
      token: session.refreshToken,
    });
    expect(oldRefresh.status).toBe(401);
  });

  it('answers a reset request for an unknown address like a real one, mailing nothing', async () => {
    const email = freshEmail();
    const reply = await sendCode({ email, appKey: 'zh', purpose: 'reset' });
    expect(reply.status).toBe(200);
    expect(readOutbox(gateway.dataDir, email)).toHaveLength(0);
    const reset = await apiCall(gateway, 'POST', API.passwordReset, {
      body: { email, code: '123456', password: sha256Hex('x') },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.field).toBe('code');
  });

  it('does not accept a register code for a reset', async () => {
    const email = freshEmail();
    await sendCode({ email, appKey: 'zh' });
    const code = readLatestCode(gateway.dataDir, email);
    // The address gets an account some other way while its register code is still valid.
    const user = await createUser(gateway, { email });
    const reply = await apiCall(gateway, 'POST', API.passwordReset, {
      body: { email, code, password: sha256Hex('x') },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.field).toBe('code');
    expect((await login(gateway, email, user.password)).accessToken).toBeTruthy();
  });

  it('updates the password when signed in, with a fresh session', async () => {
    const user = await createUser(gateway);
    const other = await login(gateway, user.email, user.password);
    const update = (oldPassword: string, password: string, token?: string) =>
      apiCall<TokenPair>(gateway, 'POST', API.passwordUpdate, {
        token: token ?? user.accessToken,
        body: { oldPassword: sha256Hex(oldPassword), password: sha256Hex(password) },
        language: 'en',
      });
    const wrong = await update('not it', 'next');
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('oldPassword');
    expect(wrong.errorMessage).toBe('The current password is wrong');
    const same = await update(user.password, user.password);
    expect(same.status).toBe(400);
    expect(same.body.field).toBe('password');
    const done = await update(user.password, 'next');
    expect(done.status).toBe(200);
    expect(done.body.data.refreshToken).toBeTruthy();
    expect((await login(gateway, user.email, 'next')).accessToken).toBeTruthy();
    const otherRefresh = await apiCall(gateway, 'GET', API.refreshToken, {
      token: other.refreshToken,
    });
    expect(otherRefresh.status).toBe(401);
    const fresh = await apiCall(gateway, 'GET', API.refreshToken, {
      token: done.body.data.refreshToken,
    });
    expect(fresh.status).toBe(200);
  });

  it('update needs a token before anything else', async () => {
    const reply = await apiCall(gateway, 'POST', API.passwordUpdate, {
      body: { bogus: 1 },
      language: 'en',
    });
    expect(reply.status).toBe(401);
    expect(reply.errorMessage).toBe('Not signed in');
  });
});
