import type { FastifyRequest } from 'fastify';
import { requireUser } from '../http/auth-context.ts';

/**
 * Route hook that answers 401 before the body is validated, so a caller without a valid token
 * learns that first (and learns nothing about the body's rules).
 */
export async function signedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
