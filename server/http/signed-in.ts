import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { RoleCode } from '../../src/shared/api/account.types.ts';
import type { AuthUser } from '../accounts/accounts.repository.ts';
import { requireRole, requireUser } from './auth-context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers only signed-in callers (docs/ARCHITECTURE.md#route-areas-are-plugins). */
    signedIn?: boolean;
    /** The route answers only callers holding one of these roles (401 signed out, 403 else). */
    roles?: readonly RoleCode[];
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

/** The same check for a route with `roles`: the 401 first, then the 403 of a role it lacks. */
function holding(roles: readonly RoleCode[]): preValidationAsyncHookHandler {
  return async (request) => {
    requireRole(request, roles);
  };
}

/**
 * Installs the route options `config: { signedIn: true }` and `config: { roles: [...] }` (every
 * route registered later that sets one gets its check first in its preValidation hooks, after
 * the route's own onRequest hooks: a route may resolve its caller there from another credential)
 * and `request.user`.
 */
export function installSignedIn(app: FastifyInstance): void {
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      return requireUser(this);
    },
  });
  app.addHook('onRoute', (route) => {
    const roles = route.config?.roles;
    const check = roles ? holding(roles) : route.config?.signedIn === true ? signedIn : null;
    if (!check) return;
    route.preValidation = [check, ...[route.preValidation ?? []].flat()];
  });
}
