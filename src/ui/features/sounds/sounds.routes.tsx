import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/chunk-load.ts';
import { getSetting } from '../../stores/settings.store.ts';
import { UserListPage } from './pages/UserListPage.tsx';

// Pages load on first visit (code-split, with the chunk timeout of docs/PRODUCT.md §8), except the small
// user-list wrapper.

/** A code-split page at `path`: export `name` of the module `load` imports. */
const route = <K extends string>(
  path: string,
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): RouteObject => ({ path, lazy: lazyPage(load, name) });

/** Pages several routes share, or whose route is too long for one line with its import. */
const assetPage = () => import('./pages/AssetPage.tsx');
const packPage = () => import('./pages/PackPage.tsx');
const searchPage = () => import('./pages/SearchPage.tsx');
const soundSearchPage = () => import('./pages/SoundSearchPage.tsx');

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
      route('/sounds', () => import('./pages/BrowsePage.tsx'), 'BrowsePage'),
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
      route('/sounds/packs', () => import('./pages/PacksPage.tsx'), 'PacksPage'),
      route('/sounds/packs/track/:packCode/samples', packPage, 'PackPage'),
      route('/sounds/search/track/:term/:secondary/samples', searchPage, 'SearchPage'),
      route('/sounds/search/track/:term/samples', searchPage, 'SearchPage'),
      route('/sounds/similar/:id', () => import('./pages/SimilarPage.tsx'), 'SimilarPage'),
      route('/sounds/search-by-sound', soundSearchPage, 'SoundSearchPage'),
      route('/sounds/:category', () => import('./pages/CategoryPage.tsx'), 'CategoryPage'),
      route('/sounds/:category/asset/:asset', assetPage, 'AssetPage'),
      route('/sounds/:category/asset/:asset/:secondary', assetPage, 'AssetPage'),
    ],
  },
];
