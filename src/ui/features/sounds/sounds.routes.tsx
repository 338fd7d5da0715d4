import type { RouteObject } from 'react-router';

/** Route objects of the sounds area (SPEC §2), mounted by the app's router under the main layout. */
export const soundsRoutes: RouteObject[] = [];
