import type { RouteObject } from 'react-router';
import { loadChunk } from '../../app/chunk-load.ts';

/** Route objects of the AI-music area (/songai), mounted by the app's router under the main layout. */
export const musicRoutes: RouteObject[] = [
  {
    path: 'songai',
    // Code-split like every page: the 120 s chunk timeout, and the reload page when it fails.
    lazy: async () => ({
      Component: (await loadChunk(() => import('./components/SongAiPage.tsx'))).SongAiPage,
    }),
  },
];
