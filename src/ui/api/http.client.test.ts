import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, API, CLIENT_MARKER_HEADER, DEFAULTS } from '../../shared/index.ts';
import { i18n } from '../i18n/i18n.ts';
import { useSessionStore } from '../stores/session.store.ts';
import { useToastStore } from '../stores/toast.store.ts';
import { envelope, installFakeFetch } from '../testing/fake-fetch.ts';
import { http } from './http.client.ts';
import { ApiRequestError } from './http-error.ts';
import { FLASH_KEY, page } from './page.ts';
import { logout, resetSessionEndingForTests } from './session.ts';
import { useSettingsStore } from '../stores/settings.store.ts';

const toasts = () => useToastStore.getState().toasts.map((t) => t.message);

function signIn(accessToken = 'access-1', refreshToken = 'refresh-1') {
  useSessionStore.getState().setTokens({ accessToken, refreshToken });
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  useSessionStore.getState().clear();
  useToastStore.setState({ toasts: [] });
  resetSessionEndingForTests();
  await i18n.changeLanguage('zh');
  vi.spyOn(page, 'reload').mockImplementation(() => {});
  vi.spyOn(page, 'assign').mockImplementation(() => {});
  vi.spyOn(page, 'navigate').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('request headers and query', () => {
  it('sends bearer, Accept-Language and the client marker, and flattens the query', async () => {
    signIn();
    await i18n.changeLanguage('en');
    const seen = installFakeFetch(() => envelope({ ok: true }));
    const data = await http.get<{ ok: boolean }>(API.audios, {
      searchParams: { keyword: '古筝', page: { size: 10 } },
    });
    expect(data).toEqual({ ok: true });
    const [request] = seen;
    expect(request!.headers.get('authorization')).toBe('Bearer access-1');
    expect(request!.headers.get('accept-language')).toBe('en');
    expect(request!.headers.get(CLIENT_MARKER_HEADER)).toBe('yinku-web');
    expect(request!.url.pathname).toBe(API.audios);
    expect(request!.url.search).toBe('?keyword=%E5%8F%A4%E7%AD%9D&page.size=10');
  });

  it('sends no bearer for visitors', async () => {
    const seen = installFakeFetch(() => envelope(1));
    await http.get(API.products);
    expect(seen[0]!.headers.has('authorization')).toBe(false);
  });
});

describe('envelope and errors', () => {
  it('rejects a body code other than 200 with the body text, toasted', async () => {
    installFakeFetch(() => envelope(null, { status: 200, code: 500, msg: '库存不足' }));
    const error = await http.get(API.products).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('库存不足');
    expect(toasts()).toEqual(['库存不足']);
  });

  it('shows the decoded x-error-message header first', async () => {
    installFakeFetch(
      () =>
        new Response(
          JSON.stringify({ code: 400, msg: 'body text', errorCode: 'BAD_REQUEST', field: 'email' }),
          {
            status: 400,
            headers: {
              'x-error-message': encodeURIComponent('邮箱格式不正确'),
              'content-type': 'application/json',
            },
          },
        ),
    );
    const error = (await http
      .post(API.login, {}, { silent: true })
      .catch((e: unknown) => e)) as ApiRequestError;
    expect(error.message).toBe('邮箱格式不正确');
    expect(error.status).toBe(400);
    expect(error.field).toBe('email');
    expect(toasts()).toEqual([]); // silent: the form shows it inline
  });

  it('falls back to the body message, then to 请求出错', async () => {
    installFakeFetch(
      () => new Response(JSON.stringify({ code: 500, msg: '服务器错误' }), { status: 500 }),
    );
    await expect(http.get(API.products)).rejects.toThrow('服务器错误');
    installFakeFetch(() => new Response('', { status: 502 }));
    await expect(http.get(API.products)).rejects.toThrow('请求出错');
  });

  it('returns audio bodies raw', async () => {
    installFakeFetch(
      () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'audio/mpeg' } }),
    );
    const blob = await http.get<Blob>(API.audition('abc'));
    expect(blob.size).toBe(3);
  });
});

describe('401 and token refresh', () => {
  /** A gateway whose access tokens before `validFrom` are expired. */
  function gateway(options: { refresh: 'ok' | 'fail' | 'hang401' }) {
    let refreshes = 0;
    const seen = installFakeFetch(({ url, headers }) => {
      const bearer = headers.get('authorization');
      if (url.pathname === API.refreshToken) {
        refreshes += 1;
        expect(bearer).toBe('Bearer refresh-1'); // the refresh call carries the refresh token
        if (options.refresh === 'ok')
          return envelope({
            accessToken: 'access-2',
            refreshToken: 'refresh-2',
            expiresIn: 7_200_000,
          });
        return envelope(null, { status: 401, msg: 'refresh token invalid' });
      }
      if (bearer === 'Bearer access-2' && options.refresh !== 'hang401')
        return envelope({ path: url.pathname });
      return envelope(null, { status: 401, msg: 'token expired' });
    });
    return { seen, refreshes: () => refreshes };
  }

  it('refreshes exactly once for many concurrent 401s and retries every request', async () => {
    signIn();
    const { seen, refreshes } = gateway({ refresh: 'ok' });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => http.get<{ path: string }>(`/api/v2/songs/${i}`)),
    );
    expect(refreshes()).toBe(1);
    expect(results.map((r) => r.path)).toEqual(
      Array.from({ length: 8 }, (_, i) => `/api/v2/songs/${i}`),
    );
    const retried = seen.filter((r) => r.headers.get('authorization') === 'Bearer access-2');
    expect(retried).toHaveLength(8);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('access-2');
    expect(toasts()).toEqual([]);
    expect(page.assign).not.toHaveBeenCalled();
  });

  it('logs out once with 登录已过期，请重新登录 when the refresh fails (401 during refresh)', async () => {
    signIn();
    localStorage.setItem('yinku.settings', '{"x":1}');
    const { refreshes } = gateway({ refresh: 'fail' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => http.get(`/api/v2/songs/${i}`)),
    );
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(refreshes()).toBe(1);
    expect(page.assign).toHaveBeenCalledTimes(1);
    expect(vi.mocked(page.assign).mock.calls[0]![0]).toMatch(/^\/login/);
    expect(sessionStorage.getItem(FLASH_KEY)).toBe('登录已过期，请重新登录');
    expect(Object.keys(localStorage)).toEqual(['yinku.settings']);
    expect(useSessionStore.getState().accessToken).toBeNull();
    expect(toasts()).toEqual([]); // no pile of "request failed" toasts on the way out
  });

  it('logs out when the retried request is still 401', async () => {
    signIn();
    gateway({ refresh: 'hang401' });
    await expect(http.get('/api/v2/songs/1')).rejects.toBeInstanceOf(ApiRequestError);
    expect(page.assign).toHaveBeenCalledTimes(1);
  });

  it('uses a token another tab already refreshed instead of refreshing again', async () => {
    signIn();
    const { refreshes } = gateway({ refresh: 'ok' });
    // The other tab rotated the tokens and wrote them to the shared storage.
    const first = http.get<{ path: string }>('/api/v2/songs/1');
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access-2');
    await expect(first).resolves.toEqual({ path: '/api/v2/songs/1' });
    expect(refreshes()).toBe(0);
  });

  it('refreshes before sending when the token timestamp is past 2 hours', async () => {
    signIn();
    useSessionStore.setState({ tokenTimestamp: Date.now() - DEFAULTS.tokenLifetimeMs - 1 });
    const { seen, refreshes } = gateway({ refresh: 'ok' });
    await http.get('/api/v2/songs/1');
    expect(refreshes()).toBe(1);
    expect(seen.map((r) => r.url.pathname)).toEqual([API.refreshToken, '/api/v2/songs/1']);
  });

  it('does not refresh on a 401 from login (bad credentials are not an expired session)', async () => {
    const seen = installFakeFetch(() => envelope(null, { status: 401, msg: 'bad' }));
    await expect(http.post(API.login, {}, { silent: true })).rejects.toThrow('bad');
    expect(seen).toHaveLength(1);
  });
});

describe('downloads and logout', () => {
  it('aborts a download call without a token: 未登录 and off to login, nothing sent', async () => {
    const seen = installFakeFetch(() => envelope(true));
    await expect(http.get(API.downloadAuthorize(7))).rejects.toThrow('未登录');
    expect(seen).toHaveLength(0);
    expect(page.navigate).toHaveBeenCalledWith('/login');
    expect(toasts()).toEqual(['未登录']);
  });

  it('logout revokes the refresh token, clears tokens, user info and local storage but the language, then reloads', async () => {
    signIn();
    useSessionStore.getState().setUserInfo({ email: 'a@b.c' } as never);
    useSettingsStore.getState().set('language', 'en');
    useSettingsStore.getState().set('searchText', 'kick');
    localStorage.setItem('yinku.other', 'x');
    const seen = installFakeFetch(() => envelope(true));
    await logout();
    expect(seen[0]!.url.pathname).toBe(API.logout);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer refresh-1');
    expect(Object.keys(localStorage)).toEqual(['yinku.settings']);
    const kept = JSON.parse(localStorage.getItem('yinku.settings')!);
    expect(kept).toMatchObject({ version: 1, state: { language: 'en' } });
    expect(Object.keys(kept.state).sort()).toEqual(['displayMode', 'language']);
    useSettingsStore.getState().reset();
    expect(useSessionStore.getState()).toMatchObject({
      accessToken: null,
      refreshToken: null,
      userInfo: null,
    });
    expect(page.reload).toHaveBeenCalledTimes(1);
  });
});
