import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** Registers the account routes. */
export async function registerAccountsRoutes(
  _app: FastifyInstance,
  _ctx: AppContext,
): Promise<void> {}
