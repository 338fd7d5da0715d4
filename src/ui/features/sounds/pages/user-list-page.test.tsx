import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListPage, Sample } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { makeTheme } from '../../../theme/index.ts';
import { signedInPerTest } from '../../../testing/users.ts';
import { fakeLayout, sample } from '../testing/render.tsx';
import { UserListPage } from './UserListPage.tsx';

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = fakeLayout();
});
signedInPerTest();
afterEach(() => {
  restoreLayout();
  vi.restoreAllMocks();
});

describe('UserListPage', () => {
  it(
    'going from the warehouse to the liked list loads the liked list',
    { timeout: 20_000 },
    async () => {
      const asked = vi.spyOn(catalogueApi, 'userSamples').mockImplementation(async (query) => {
        const record = sample(query.relation === 'likes' ? 2 : 1, {
          audioName: `${query.relation} row`,
        });
        return { records: [record], total: 1 } as ListPage<Sample>;
      });
      render(
        <ThemeProvider theme={makeTheme('light')}>
          <MemoryRouter initialEntries={['/sounds/stockroom/resources']}>
            <Link to="/sounds/other/likes">liked</Link>
            <Routes>
              <Route
                path="/sounds/stockroom/resources"
                element={<UserListPage relation="stockroom" range="samples" />}
              />
              <Route
                path="/sounds/other/likes"
                element={<UserListPage relation="likes" range="samples" />}
              />
            </Routes>
          </MemoryRouter>
        </ThemeProvider>,
      );
      expect(await screen.findByText('stockroom row')).toBeTruthy();
      await userEvent.click(screen.getByRole('link', { name: 'liked' }));
      expect(await screen.findByText('likes row')).toBeTruthy();
      expect(screen.queryByText('stockroom row')).toBeNull();
      expect(asked.mock.calls.map(([query]) => query.relation)).toEqual(['stockroom', 'likes']);
    },
  );
});
