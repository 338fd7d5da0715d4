import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../shared/index.ts';
import { i18n } from '../i18n/i18n.ts';
import { envelope, installFakeFetch } from '../testing/fake-fetch.ts';
import { renderRouter } from '../testing/render.tsx';
import { signedInPerTest, userInfo } from '../testing/users.ts';
import { routes } from './routes.tsx';

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('zh');
});
signedInPerTest();
afterEach(() => vi.unstubAllGlobals());

describe('first load', () => {
  it(
    'shows the shell with skeleton rows at once, before the profile answers',
    { timeout: 30_000 },
    async () => {
      let answerProfile = () => {};
      const answered = new Promise<void>((resolve) => (answerProfile = resolve));
      installFakeFetch(({ url }) =>
        url.pathname === API.profile
          ? answered.then(() => envelope(userInfo(['ORDINARY'])))
          : envelope(null),
      );
      const router = createMemoryRouter(routes, { initialEntries: ['/profile/terms'] });
      renderRouter(router);
      const shell = screen.getByRole('status', { name: '加载中…' });
      expect(shell.textContent).toContain('音库');
      expect(shell.querySelectorAll('[data-skeleton]').length).toBeGreaterThanOrEqual(8);
      answerProfile();
      // The page's code loads on first visit (slow under jsdom's transform): wait for the real bar.
      expect(await screen.findByRole('banner', {}, { timeout: 15_000 })).toBeTruthy();
      expect(screen.queryByRole('status', { name: '加载中…' })).toBeNull();
    },
  );
});
