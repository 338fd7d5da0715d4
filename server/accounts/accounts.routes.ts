import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerProfileRoutes } from './profile.routes.ts';
import { registerRegistrationRoutes } from './registration.routes.ts';
import { registerSessionRoutes } from './session.routes.ts';

/** Registers the account routes: sessions, registration and passwords, profile and assessment. */
export async function registerAccountsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerSessionRoutes(app, ctx);
  await registerRegistrationRoutes(app, ctx);
  await registerProfileRoutes(app, ctx);
}
