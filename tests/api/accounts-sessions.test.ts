// A session ends with every token of it (docs/api/accounts.md#sessions), and the forgot-password
// calls answer alike for addresses with and without an account.
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair, UserInfo } from '../../src/shared/api/account.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { issueAccessToken } from '../../server/accounts/access-token.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import {
  apiCall,
  createUser,
  login,
  sha256Hex,
  waitForMails,
  type TestUser,
} from '../testing/accounts.ts';

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ size: 'none' });
});
afterAll(() => gateway.close());

const profile = (token: string) =>
  apiCall<UserInfo>(gateway, 'GET', API.profile, { token, language: 'en' });
const refresh = (token: string) => apiCall<TokenPair>(gateway, 'GET', API.refreshToken, { token });
const signIn = (user: TestUser) => login(gateway, user.email, user.password);

/** The session an access token names. */
const sessionOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { sid: string }).sid;

/** Expects a 401 that says the session ended. */
async function expectEnded(token: string): Promise<void> {
  const reply = await profile(token);
  expect(reply.status).toBe(401);
  expect(reply.body).toMatchObject({ code: 401, errorCode: 'UNAUTHORIZED' });
  expect(reply.errorMessage).toBe('This session has ended; please sign in again');
}

describe('a session ends with its access tokens', () => {
  it('after logout, the session’s access token gets 401 on the profile; other sessions live on', async () => {
    const user = await createUser(gateway);
    const [mine, other] = [await signIn(user), await signIn(user)];
    expect((await profile(mine.accessToken)).status).toBe(200);
    const out = await apiCall(gateway, 'POST', API.logout, { token: mine.refreshToken });
    expect(out.status).toBe(200);
    await expectEnded(mine.accessToken);
    expect((await profile(other.accessToken)).status).toBe(200);
  });

  it('after a password update, another session’s access token gets 401', async () => {
    const user = await createUser(gateway);
    const [here, elsewhere] = [await signIn(user), await signIn(user)];
    const update = await apiCall<TokenPair>(gateway, 'POST', API.passwordUpdate, {
      token: here.accessToken,
      body: { oldPassword: sha256Hex(user.password), password: sha256Hex('leaked no more') },
    });
    expect(update.status).toBe(200);
    await expectEnded(elsewhere.accessToken);
    // Every session ended, the caller's too; it goes on with the fresh pair it was given.
    await expectEnded(here.accessToken);
    expect((await profile(update.body.data.accessToken)).status).toBe(200);
  });

  it('after a password reset by mailed code, every session’s access token gets 401', async () => {
    const user = await createUser(gateway);
    const sessions = [await signIn(user), await signIn(user)];
    const send = await apiCall(gateway, 'POST', API.sendCode, {
      body: { email: user.email, appKey: 'en', purpose: 'reset' },
    });
    expect(send.status).toBe(200);
    const [mail] = await waitForMails(gateway.dataDir, user.email);
    const reset = await apiCall(gateway, 'POST', API.passwordReset, {
      body: { email: user.email, code: mail!.code, password: sha256Hex('reset by mail') },
    });
    expect(reset.status).toBe(200);
    for (const pair of sessions) await expectEnded(pair.accessToken);
  });

  it('a refresh token used twice (theft) ends the session: old and new access tokens get 401', async () => {
    const user = await createUser(gateway);
    const first = await signIn(user);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.status).toBe(200);
    expect((await profile(rotated.body.data.accessToken)).status).toBe(200);
    expect((await refresh(first.refreshToken)).status).toBe(401);
    await expectEnded(first.accessToken);
    await expectEnded(rotated.body.data.accessToken);
  });

  it('an account an operator disables cannot sign in, and its sessions stay ended after it is enabled', async () => {
    const user = await createUser(gateway);
    const pair = await signIn(user);
    // Through the admin API (docs/api/admin.md). The account check refuses at once; the ended
    // sessions reach this instance by its poll of the session version.
    const admin = await createUser(gateway, { role: 'ADMIN' });
    const setDisabled = (id: number, disabled: boolean) =>
      apiCall(gateway, 'PUT', API.adminUserDisabled(id), {
        token: admin.accessToken,
        body: { disabled },
      });
    expect((await setDisabled(user.id, true)).status).toBe(200);
    expect((await profile(pair.accessToken)).status).toBe(401);
    expect((await refresh(pair.refreshToken)).status).toBe(401);
    const body = { email: user.email, password: sha256Hex(user.password), loginType: 'EMAIL' };
    const refused = await apiCall(gateway, 'POST', API.login, { body, language: 'en' });
    expect([refused.status, refused.errorMessage]).toEqual([403, 'This account has been disabled']);
    // A wrong password learns nothing about the account.
    const wrong = await apiCall(gateway, 'POST', API.login, {
      body: { ...body, password: sha256Hex('guess') },
    });
    expect(wrong.status).toBe(400);
    const started = performance.now();
    while (!gateway.ctx.sessions.isEnded(sessionOf(pair.accessToken))) {
      expect(performance.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Enabled again: it signs in anew, but what was ended stays ended.
    expect((await setDisabled(user.id, false)).status).toBe(200);
    await expectEnded(pair.accessToken);
    expect((await refresh(pair.refreshToken)).status).toBe(401);
    expect((await profile((await signIn(user)).accessToken)).status).toBe(200);
    expect((await setDisabled(2_000_000_000, true)).status).toBe(404);
  });

  it('refuses a token from before tokens named their session; a refresh gives one that works', async () => {
    const user = await createUser(gateway);
    const pair = await signIn(user);
    const old = issueAccessToken(gateway.ctx.tokenSecret, user.id, gateway.ctx.clock.now());
    await expectEnded(old);
    const next = await refresh(pair.refreshToken);
    expect((await profile(next.body.data.accessToken)).status).toBe(200);
  });
});

describe('forgot-password answers tell nobody who has an account', () => {
  let silent: ReturnType<typeof createServer>;
  let smtp: TestGateway;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // A mail server that accepts connections and never says a word: a gateway that waited for
    // the mail would answer a known address late (or with a 502), an unknown one at once.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    smtp = await startTestGateway({
      size: 'none',
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) },
    });
  });
  afterAll(async () => {
    await smtp?.close();
    for (const socket of sockets) socket.destroy();
    silent?.close();
  });

  /** Status, headers but Date (a clock) and the body, byte for byte. */
  async function rawAnswer(path: string, body: unknown) {
    const response = await fetch(`${smtp.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(body),
    });
    const headers = [...response.headers].filter(([name]) => name !== 'date');
    return { status: response.status, headers, body: await response.text() };
  }

  it('answers sendCode reset and password/reset byte for byte alike for known and unknown addresses', async () => {
    const known = await createUser(smtp);
    const unknown = `nobody-${known.id}@test.yinku.local`;
    const reset = (email: string, code: string) =>
      rawAnswer(API.passwordReset, { email, code, password: sha256Hex('new') });

    // No code asked for yet: both "no valid code".
    const [knownNone, unknownNone] = [
      await reset(known.email, '123456'),
      await reset(unknown, '123456'),
    ];
    expect(knownNone.status).toBe(400);
    expect(unknownNone).toEqual(knownNone);

    const send = (email: string) =>
      rawAnswer(API.sendCode, { email, appKey: 'en', purpose: 'reset' });
    const [knownSend, unknownSend] = [await send(known.email), await send(unknown)];
    expect(knownSend.status).toBe(200);
    expect(knownSend.body).toBe('{"code":200,"msg":"success","data":true}');
    expect(unknownSend).toEqual(knownSend);
    // The known address's mail is under way (the server holds it), the unknown one's is not.
    expect(sockets.length).toBe(1);

    // A wrong code: the same "wrong code" answer, and the same count of tries.
    const [knownWrong, unknownWrong] = [
      await reset(known.email, '000000'),
      await reset(unknown, '000000'),
    ];
    expect(knownWrong.status).toBe(400);
    expect(JSON.parse(knownWrong.body)).toMatchObject({ msg: 'Wrong verification code' });
    expect(unknownWrong).toEqual(knownWrong);
    for (let i = 0; i < 4; i++)
      await Promise.all([reset(known.email, '000000'), reset(unknown, '000000')]);
    const [knownLocked, unknownLocked] = [
      await reset(known.email, '000000'),
      await reset(unknown, '000000'),
    ];
    expect(JSON.parse(knownLocked.body)).toMatchObject({
      msg: 'Too many wrong tries, please request a new code',
    });
    expect(unknownLocked).toEqual(knownLocked);
  });
});
