import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../accounts/accounts.repository.ts';
import { requireUser } from '../http/auth-context.ts';

/**
 * The caller of a public call that personalises its answer (download/likes flags): null without
 * a token; a token that is present but expired or invalid is a 401, so the client refreshes
 * instead of silently seeing everything as not owned and not liked.
 */
export function viewerOf(request: FastifyRequest): AuthUser | null {
  if (request.auth.problem === 'missing') return null;
  return requireUser(request);
}
