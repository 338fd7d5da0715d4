import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/chunk-load.ts';

/** Route objects of the AI-music area (/songai), mounted by the app's router under the main layout. */
export const musicRoutes: RouteObject[] = [
  {
    path: 'songai',
    // Code-split like every page: the 120 s chunk timeout, and the reload page when it fails.
    lazy: lazyPage(() => import('./components/SongAiPage.tsx'), 'SongAiPage'),
  },
];
