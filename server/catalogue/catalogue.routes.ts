import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** Registers the catalogue routes. */
export async function registerCatalogueRoutes(
  _app: FastifyInstance,
  _ctx: AppContext,
): Promise<void> {}
