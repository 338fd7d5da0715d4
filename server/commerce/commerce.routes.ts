import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** Registers the commerce routes. */
export async function registerCommerceRoutes(
  _app: FastifyInstance,
  _ctx: AppContext,
): Promise<void> {}
