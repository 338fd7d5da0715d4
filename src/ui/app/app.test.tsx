import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { ACCESS_TOKEN_KEY, API } from '../../shared/index.ts';
import { page } from '../api/page.ts';
import { loadProfile } from '../api/profile-loader.ts';
import { resetSessionEndingForTests } from '../api/session.ts';
import { i18n } from '../i18n/i18n.ts';
import { useSessionStore } from '../stores/session.store.ts';
import { envelope, installFakeFetch } from '../testing/fake-fetch.ts';
import { userInfo } from '../testing/users.ts';
import { makeTheme } from '../theme/theme.ts';
import { bootstrap } from './bootstrap.ts';
import { CSS_CHUNK_LOAD_FAILED, ChunkLoadError } from './chunk-load.ts';
import { RouteError } from './RouteError.tsx';

beforeEach(async () => {
  localStorage.clear();
  useSessionStore.getState().clear();
  resetSessionEndingForTests();
  await i18n.changeLanguage('zh');
  vi.spyOn(page, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderFailingRoute(error: unknown) {
  const router = createMemoryRouter([
    {
      path: '/',
      loader: () => {
        throw error;
      },
      Component: () => null,
      ErrorBoundary: RouteError,
    },
  ]);
  render(
    <ThemeProvider theme={makeTheme('light')}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </ThemeProvider>,
  );
}

describe('route errors', () => {
  it('offers a reload that recovers from a ChunkLoadError', async () => {
    renderFailingRoute(new ChunkLoadError('timed out', 'CHUNK_LOAD_TIMEOUT'));
    expect((await screen.findByRole('heading')).textContent).toBe('页面加载失败');
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(page.reload).toHaveBeenCalledOnce();
  });

  it('names a stylesheet failure CSS_CHUNK_LOAD_FAILED', async () => {
    renderFailingRoute(new ChunkLoadError('Unable to preload CSS', CSS_CHUNK_LOAD_FAILED));
    expect((await screen.findByRole('alert')).textContent).toContain('CSS_CHUNK_LOAD_FAILED');
  });
});

describe('profile before navigation', () => {
  it('shares one request between concurrent navigations and stores the profile', async () => {
    useSessionStore.getState().setTokens({ accessToken: 'a', refreshToken: 'r' });
    const seen = installFakeFetch(() => envelope(userInfo(['CREATOR'])));
    const results = await Promise.all([loadProfile(), loadProfile(), loadProfile()]);
    expect(seen.filter((r) => r.url.pathname === API.profile)).toHaveLength(1);
    expect(results.every((r) => r?.roles[0]?.roleCode === 'CREATOR')).toBe(true);
    expect(useSessionStore.getState().userInfo?.email).toBe('demo@yinku.local');
  });

  it('fetches nothing for visitors', async () => {
    const seen = installFakeFetch(() => envelope(null));
    expect(await loadProfile()).toBeNull();
    expect(seen).toHaveLength(0);
  });
});

describe('other tabs', () => {
  it('follows a logout in another tab and adopts tokens it refreshed', async () => {
    useSessionStore.getState().setTokens({ accessToken: 'a', refreshToken: 'r' });
    await bootstrap(() => {});
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a2');
    window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY }));
    expect(useSessionStore.getState().accessToken).toBe('a2');
    expect(page.reload).not.toHaveBeenCalled();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(useSessionStore.getState().accessToken).toBeNull();
    expect(page.reload).toHaveBeenCalledOnce();
  });
});
