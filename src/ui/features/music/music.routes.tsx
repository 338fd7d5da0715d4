import type { RouteObject } from 'react-router';

/** Route objects of the AI-music area (/songai), mounted by the app's router under the main layout. */
export const musicRoutes: RouteObject[] = [
  {
    path: 'songai',
    // Code-split: the page loads on the first visit.
    lazy: async () => ({ Component: (await import('./components/SongAiPage.tsx')).SongAiPage }),
  },
];
