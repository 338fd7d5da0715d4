import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { i18n } from '../i18n/i18n.ts';
import { makeTheme } from '../theme/theme.ts';

/** Shows the current location so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders UI with theme, i18n and a memory router at `path` (plus any extra routes). */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', routes = [] }: { path?: string; routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter(
    [
      ...routes,
      {
        path: '*',
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return { ...renderRouter(router), router };
}

/** Renders a router with the app's theme and i18n, as the app does. */
export function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  return render(
    <ThemeProvider theme={makeTheme('light')}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </ThemeProvider>,
  );
}
