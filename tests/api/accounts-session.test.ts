import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import { startTestGateway, type TestGateway } from '../helpers/test-gateway.ts';
import { authHeaders, createUser, login, sha256Hex } from '../helpers/accounts.ts';

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ size: 'none' });
});
afterAll(() => gateway.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('login', () => {
  it('signs a demo account in', async () => {
    const pair = await login(gateway, 'demo@yinku.local', 'yinku-demo');
    expect(pair.expiresIn).toBe(7_200_000);
    const profile = await fetch(`${gateway.url}${API.profile}`, {
      headers: authHeaders(pair.accessToken, 'en'),
    });
    const body = await profile.json();
    expect(body.data.email).toBe('demo@yinku.local');
    expect(body.data.roles).toEqual([{ roleCode: 'ORDINARY' }]);
  });

  it('answers wrong passwords and unknown accounts alike', async () => {
    const user = await createUser(gateway);
    const wrong = await post(API.login, {
      email: user.email,
      password: sha256Hex('nope'),
      loginType: 'EMAIL',
    });
    const unknown = await post(API.login, {
      email: 'nobody@yinku.local',
      password: sha256Hex('nope'),
      loginType: 'EMAIL',
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(await wrong.json()).toEqual(await unknown.json());
  });
});
