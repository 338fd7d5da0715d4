import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadProfile } from '../api/profile-loader.ts';
import { AuthLayout } from '../features/layout/AuthLayout.tsx';
import { MainLayout } from '../features/layout/MainLayout.tsx';
import { musicRoutes } from '../features/music/music.routes.tsx';
import { soundsRoutes } from '../features/sounds/sounds.routes.tsx';
import { getAccessToken } from '../stores/session.store.ts';
import { AppFrame } from './AppFrame.tsx';
import { lazyPage, loadChunk } from './chunk-load.ts';
import { RouteError } from './RouteError.tsx';
import { ShellSkeleton } from './ShellSkeleton.tsx';

/** A code-split page whose component is made from its module (lazyPage takes an export as it is). */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await loadChunk(load)) });
}

/** Pages that need a session send visitors to login, then back. */
function requireSession({ request }: LoaderFunctionArgs) {
  if (getAccessToken()) return null;
  const url = new URL(request.url);
  throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Every route of docs/PRODUCT.md §2; sounds and music routes come from their features. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppFrame,
    ErrorBoundary: RouteError,
    // The first load waits for the profile and the page's code: show the shell's shape meanwhile.
    HydrateFallback: ShellSkeleton,
    // The current profile before every navigation (docs/PRODUCT.md §2); concurrent ones share one request.
    loader: async () => {
      await loadProfile();
      return null;
    },
    shouldRevalidate: () => true,
    children: [
      {
        Component: AuthLayout,
        ErrorBoundary: RouteError,
        children: [
          {
            path: 'login',
            lazy: lazyPage(() => import('../features/auth/LoginPage.tsx'), 'LoginPage'),
          },
          {
            path: 'register',
            lazy: lazyPage(() => import('../features/auth/RegisterPage.tsx'), 'RegisterPage'),
          },
          {
            path: 'forgot-password',
            lazy: lazyPage(
              () => import('../features/auth/ForgotPasswordPage.tsx'),
              'ForgotPasswordPage',
            ),
          },
          {
            path: 'update-password',
            loader: requireSession,
            lazy: lazyPage(
              () => import('../features/auth/UpdatePasswordPage.tsx'),
              'UpdatePasswordPage',
            ),
          },
        ],
      },
      {
        Component: MainLayout,
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            lazy: lazyPage(() => import('../features/home/HomePage.tsx'), 'HomePage'),
          },
          ...soundsRoutes,
          {
            path: 'sounds/offline',
            lazy: lazyPage(() => import('../features/downloads/OfflinePage.tsx'), 'OfflinePage'),
          },
          ...musicRoutes,
          {
            path: 'preferences',
            lazy: lazyPage(
              () => import('../features/preferences/PreferencesPage.tsx'),
              'PreferencesPage',
            ),
          },
          { path: 'profile', loader: () => redirect('/profile/ac') },
          {
            path: 'profile/ac',
            loader: requireSession,
            lazy: lazyPage(() => import('../features/profile/AccountPage.tsx'), 'AccountPage'),
          },
          {
            path: 'profile/fieldset',
            lazy: lazyPage(() => import('../features/profile/PricingPage.tsx'), 'PricingPage'),
          },
          {
            path: 'profile/orders',
            loader: requireSession,
            lazy: lazyPage(() => import('../features/profile/OrdersPage.tsx'), 'OrdersPage'),
          },
          {
            path: 'admin',
            loader: requireSession,
            lazy: page(
              () => import('../features/admin/AdminPage.tsx'),
              (m) => m.AdminPage,
            ),
          },
          ...(['privacy-policy', 'terms-service', 'terms'] as const).map((path) => ({
            path: `profile/${path}`,
            lazy: page(
              () => import('../features/profile/LegalPage.tsx'),
              (m) =>
                function Legal() {
                  return <m.LegalPage kind={path === 'privacy-policy' ? 'privacy' : 'terms'} />;
                },
            ),
          })),
          {
            path: '404',
            // Not a place: kept in the history, never given a tab.
            handle: { tab: false },
            lazy: lazyPage(() => import('./NotFoundPage.tsx'), 'NotFoundPage'),
          },
          {
            path: '*',
            // Not a place: kept in the history, never given a tab.
            handle: { tab: false },
            lazy: lazyPage(() => import('./NotFoundPage.tsx'), 'NotFoundPage'),
          },
        ],
      },
    ],
  },
];
