import type { RouteObject } from 'react-router';

/** Route objects of the AI-music area (/songai), mounted by the app's router under the main layout. */
export const musicRoutes: RouteObject[] = [];
