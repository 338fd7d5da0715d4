import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { AppContext } from '../context.ts';

/**
 * What `app.register` hands each route area's plugin (docs/ARCHITECTURE.md#route-areas-are-plugins):
 * the app's context. Paths come whole from `src/shared/api/paths.ts`, so no prefix is given.
 */
export interface AreaOptions {
  ctx: AppContext;
}

/**
 * The app as route areas register on it: request parts and answers typed from the route's
 * `as const` schemas (docs/API.md#typed-routes), so a handler never restates them with a cast.
 */
export function typedRoutes(app: FastifyInstance) {
  return app.withTypeProvider<JsonSchemaToTsProvider>();
}

/** The typed app of `typedRoutes`. */
export type TypedApp = ReturnType<typeof typedRoutes>;
