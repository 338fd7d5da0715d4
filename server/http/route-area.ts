import type { AppContext } from '../context.ts';

/**
 * What `app.register` hands each route area's plugin (docs/ARCHITECTURE.md#route-areas-are-plugins):
 * the app's context. Paths come whole from `src/shared/api/paths.ts`, so no prefix is given.
 */
export interface AreaOptions {
  ctx: AppContext;
}
