import type { RouteObject } from 'react-router';
import { SongAiPage } from './components/SongAiPage.tsx';

/** Route objects of the AI-music area (/songai), mounted by the app's router under the main layout. */
export const musicRoutes: RouteObject[] = [{ path: '/songai', element: <SongAiPage /> }];
