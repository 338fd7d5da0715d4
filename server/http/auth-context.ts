import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RoleCode } from '../../src/shared/api/account.types.ts';
import type { PermissionId } from '../../src/shared/api/admin.types.ts';
import type { AppContext } from '../context.ts';
import type { AuthUser } from '../accounts/accounts.repository.ts';
import { verifyAccessToken } from '../accounts/access-token.ts';
import { ApiError, MESSAGES } from './api-error.ts';

/** How the bearer token of a request turned out. */
interface AuthState {
  user: AuthUser | null;
  /** `ended`: the token's session was ended (sign-out, password change, …) or it names none. */
  problem: 'missing' | 'invalid' | 'expired' | 'ended' | null;
  /** The session the token names (media tokens issued to this caller name it too). */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState;
  }
}

/** The bearer token of a request, or null. */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves the access token of every request into `request.auth` (never throws). A token whose
 * session ended is refused from the session guard's memory, with no storage read; the guard is
 * loaded before the app serves and polls until it closes (docs/api/accounts.md#sessions).
 */
export function installAuthContext(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null as unknown as AuthState);
  app.addHook('onReady', async () => {
    await ctx.sessions.start((error) =>
      app.log.warn({ err: error }, 'reading ended sessions failed; the last ones read still hold'),
    );
  });
  app.addHook('onClose', async () => ctx.sessions.stop());
  app.addHook('onRequest', async (request) => {
    const token = bearerOf(request);
    if (!token) {
      request.auth = { user: null, problem: 'missing' };
      return;
    }
    const check = verifyAccessToken(ctx.tokenSecret, token, ctx.clock.now());
    if (!check.ok) {
      request.auth = { user: null, problem: check.reason };
      return;
    }
    // A token from before tokens named their session cannot be ended: refused, so the client
    // refreshes once and gets one that can.
    const { sid } = check.claims;
    if (sid === null || ctx.sessions.isEnded(sid)) {
      request.auth = { user: null, problem: 'ended' };
      return;
    }
    const user = await ctx.repo.accounts.findAuthUser(check.claims.sub);
    request.auth = user
      ? { user, problem: null, sessionId: sid }
      : { user: null, problem: 'invalid' };
  });
}

/** The signed-in caller; a 401 (expired or not signed in) otherwise. */
export function requireUser(request: FastifyRequest): AuthUser {
  const { user, problem } = request.auth;
  if (user) return user;
  if (problem === 'expired') throw new ApiError('TOKEN_EXPIRED', MESSAGES.tokenExpired);
  if (problem === 'invalid') throw new ApiError('UNAUTHORIZED', MESSAGES.tokenInvalid);
  if (problem === 'ended') throw new ApiError('UNAUTHORIZED', MESSAGES.sessionEnded);
  throw new ApiError('UNAUTHORIZED', MESSAGES.unauthorized);
}

/** The caller, who must hold one of `roles` (403 otherwise). */
export function requireRole(request: FastifyRequest, roles: readonly RoleCode[]): AuthUser {
  const user = requireUser(request);
  if (!user.roles.some((role) => roles.includes(role)))
    throw new ApiError('FORBIDDEN', MESSAGES.forbidden);
  return user;
}

/** The caller, whose roles must grant `permission` (403 otherwise). */
export function requirePermission(request: FastifyRequest, permission: PermissionId): AuthUser {
  const user = requireUser(request);
  if (!user.permissions.includes(permission)) throw new ApiError('FORBIDDEN', MESSAGES.forbidden);
  return user;
}
