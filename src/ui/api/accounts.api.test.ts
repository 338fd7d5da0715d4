import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../shared/index.ts';
import { getAccessToken, getRefreshToken, useSessionStore } from '../stores/session.store.ts';
import { envelope, installFakeFetch } from '../testing/fake-fetch.ts';
import { accountsApi } from './accounts.api.ts';

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().clear();
  useSessionStore.getState().setTokens({ accessToken: 'old-access', refreshToken: 'old-refresh' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('accountsApi.updatePassword', () => {
  it('sends both passwords hashed and keeps the new token pair the gateway answers', async () => {
    const seen = installFakeFetch(() =>
      envelope({ accessToken: 'new-access', refreshToken: 'new-refresh', expiresIn: 7_200_000 }),
    );
    await accountsApi.updatePassword('old secret', 'new secret');
    const [request] = seen;
    expect(request!.url.pathname).toBe(API.passwordUpdate);
    const body = JSON.parse(request!.body ?? '{}') as Record<string, string>;
    expect(body.oldPassword).toMatch(/^[0-9a-f]{64}$/);
    expect(body.password).toMatch(/^[0-9a-f]{64}$/);
    expect(body.password).not.toBe(body.oldPassword);
    // The old refresh token is revoked server-side: keeping it would sign the user out later.
    expect(getAccessToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
  });
});
