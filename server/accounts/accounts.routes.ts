import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../http/route-area.ts';
import { profileRoutes } from './profile.routes.ts';
import { registrationRoutes } from './registration.routes.ts';
import { sessionRoutes } from './session.routes.ts';

/** The account routes' plugin: sessions, registration and passwords, profile and assessment. */
export async function accountsRoutes(app: FastifyInstance, options: AreaOptions): Promise<void> {
  await app.register(sessionRoutes, options);
  await app.register(registrationRoutes, options);
  await app.register(profileRoutes, options);
}
