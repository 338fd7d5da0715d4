import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../http/route-area.ts';
import { adminPacksRoutes } from './admin-packs.routes.ts';
import { adminPackEditRoutes } from './admin-pack-edit.routes.ts';
import { adminInvitesRoutes } from './admin-invites.routes.ts';
import { adminReviewRoutes } from './admin-review.routes.ts';
import { adminSamplesRoutes } from './admin-samples.routes.ts';
import { adminSheetRoutes } from './admin-sheet.routes.ts';
import { adminRolesRoutes } from './admin-roles.routes.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { adminInsightRoutes } from './admin-insight.routes.ts';

/** The operator's routes (docs/ADMIN.md): users, roles, invitation codes, the review queue, the audit log. */
export async function adminRoutes(app: FastifyInstance, options: AreaOptions): Promise<void> {
  await app.register(adminUsersRoutes, options);
  await app.register(adminRolesRoutes, options);
  await app.register(adminInvitesRoutes, options);
  await app.register(adminReviewRoutes, options);
  await app.register(adminPacksRoutes, options);
  await app.register(adminSamplesRoutes, options);
  await app.register(adminInsightRoutes, options);
  await app.register(adminSheetRoutes, options);
  await app.register(adminPackEditRoutes, options);
}
