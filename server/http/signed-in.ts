import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { RoleCode } from '../../src/shared/api/account.types.ts';
import type { PermissionId } from '../../src/shared/api/admin.types.ts';
import { ADMIN_PREFIX } from '../../src/shared/api/paths.ts';
import type { AuthUser } from '../accounts/accounts.repository.ts';
import { requirePermission, requireRole, requireUser } from './auth-context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers only signed-in callers (docs/ARCHITECTURE.md#route-areas-are-plugins). */
    signedIn?: boolean;
    /** The route answers only callers holding one of these roles (401 signed out, 403 else). */
    roles?: readonly RoleCode[];
    /** The route answers only callers whose roles grant this permission (401, then 403). */
    permission?: PermissionId;
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

/** The same check for a route with `permission`: the 401 first, then the 403 without it. */
function granted(permission: PermissionId): preValidationAsyncHookHandler {
  return async (request) => {
    requirePermission(request, permission);
  };
}

/**
 * Installs the route options `config: { signedIn: true }`, `config: { roles: [...] }` and
 * `config: { permission }` (every
 * route registered later that sets one gets its check first in its preValidation hooks, after
 * the route's own onRequest hooks: a route may resolve its caller there from another credential)
 * and `request.user`. Every route under ADMIN_PREFIX must set `permission`, or registering it throws.
 */
export function installSignedIn(app: FastifyInstance): void {
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      return requireUser(this);
    },
  });
  app.addHook('onRoute', (route) => {
    const { roles, permission, signedIn: signed } = route.config ?? {};
    // An admin route without a permission is a programming error: it fails the start, so no
    // operator route can ever be left open by forgetting the option (docs/ADMIN.md).
    if (route.url.startsWith(ADMIN_PREFIX) && !permission)
      throw new Error(`${route.method} ${route.url} is an admin route without a permission`);
    const check = permission
      ? granted(permission)
      : roles
        ? holding(roles)
        : signed === true
          ? signedIn
          : null;
    if (!check) return;
    route.preValidation = [check, ...[route.preValidation ?? []].flat()];
  });
}
