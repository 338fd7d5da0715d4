import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { loadChunk } from '../../app/chunk-load.ts';
import { getSetting } from '../../stores/settings.store.ts';
import { UserListPage } from './pages/UserListPage.tsx';

// Pages load on first visit (code-split, with the chunk timeout of docs/PRODUCT.md §8), except the small
// user-list wrapper.
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await loadChunk(load))[name] });

/** Catalogue pages while staying offline: the downloaded files instead (no catalogue request). */
const offlineRedirect = () => (getSetting('stayOffline') ? redirect('/sounds/offline') : null);

/**
 * Route objects of the sounds area (docs/PRODUCT.md §2), mounted by the app's router under the main layout.
 * A pathless parent checks "stay offline" first: its redirect wins even when a page's chunk
 * cannot load because the gateway is gone.
 */
export const soundsRoutes: RouteObject[] = [
  {
    id: 'sounds-online',
    loader: offlineRedirect,
    shouldRevalidate: () => true,
    children: [
      { path: '/sounds', lazy: page(() => import('./pages/BrowsePage.tsx'), 'BrowsePage') },
      {
        path: '/sounds/stockroom/resources',
        element: <UserListPage relation="stockroom" range="samples" />,
      },
      {
        path: '/sounds/stockroom/Packs',
        element: <UserListPage relation="stockroom" range="packs" />,
      },
      { path: '/sounds/other/likes', element: <UserListPage relation="likes" range="samples" /> },
      { path: '/sounds/other/Packs', element: <UserListPage relation="likes" range="packs" /> },
      { path: '/sounds/packs', lazy: page(() => import('./pages/PacksPage.tsx'), 'PacksPage') },
      {
        path: '/sounds/packs/track/:packCode/samples',
        lazy: page(() => import('./pages/PackPage.tsx'), 'PackPage'),
      },
      {
        path: '/sounds/search/track/:term/:secondary/samples',
        lazy: page(() => import('./pages/SearchPage.tsx'), 'SearchPage'),
      },
      {
        path: '/sounds/search/track/:term/samples',
        lazy: page(() => import('./pages/SearchPage.tsx'), 'SearchPage'),
      },
      {
        path: '/sounds/similar/:id',
        lazy: page(() => import('./pages/SimilarPage.tsx'), 'SimilarPage'),
      },
      {
        path: '/sounds/search-by-sound',
        lazy: page(() => import('./pages/SoundSearchPage.tsx'), 'SoundSearchPage'),
      },
      {
        path: '/sounds/:category',
        lazy: page(() => import('./pages/CategoryPage.tsx'), 'CategoryPage'),
      },
      {
        path: '/sounds/:category/asset/:asset',
        lazy: page(() => import('./pages/AssetPage.tsx'), 'AssetPage'),
      },
      {
        path: '/sounds/:category/asset/:asset/:secondary',
        lazy: page(() => import('./pages/AssetPage.tsx'), 'AssetPage'),
      },
    ],
  },
];
