import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../accounts/accounts.repository.ts';
import { requireUser } from './auth-context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers only signed-in callers (docs/ARCHITECTURE.md#route-areas-are-plugins). */
    signedIn?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in caller; reading it without one throws the 401 of `requireUser`. */
    readonly user: AuthUser;
  }
}

/**
 * The hook a signed-in route runs before its body is validated, so a caller without a valid
 * token learns that first (and learns nothing about the body's rules).
 */
async function signedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

/**
 * Installs the route option `config: { signedIn: true }` (every route registered later that sets
 * it gets the 401 check first in its preValidation hooks) and `request.user`.
 */
export function installSignedIn(app: FastifyInstance): void {
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      return requireUser(this);
    },
  });
  app.addHook('onRoute', (route) => {
    if (route.config?.signedIn !== true) return;
    route.preValidation = [signedIn, ...[route.preValidation ?? []].flat()];
  });
}
