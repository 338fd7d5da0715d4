import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** Registers the downloads routes. */
export async function registerDownloadsRoutes(
  _app: FastifyInstance,
  _ctx: AppContext,
): Promise<void> {}
