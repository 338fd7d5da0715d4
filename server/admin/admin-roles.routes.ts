import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PERMISSION_IDS,
  PERMISSION_TEXTS,
  type RolesOverview,
} from '../../src/shared/api/admin.types.ts';
import { API, ROUTES } from '../../src/shared/api/paths.ts';
import type { Language } from '../../src/shared/languages.ts';
import { bodySchema } from '../accounts/account-schemas.ts';
import { ApiError } from '../http/api-error.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { okResponse } from '../http/response-schema.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { rolesOverviewSchema } from './admin.responses.ts';
import { roleCodeSchema } from './admin-users.routes.ts';
import { ADMIN_MESSAGES, actorOf, requireHeld } from './admin-rules.ts';
import type { AdminRepository } from './admin.repository.ts';

const permissionsSchema = {
  type: 'array',
  items: { type: 'string', enum: PERMISSION_IDS },
  maxItems: PERMISSION_IDS.length,
  uniqueItems: true,
} as const;
const nameSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '\\S' } as const;
const codeParams = bodySchema({ code: roleCodeSchema });
const roleBody = bodySchema({ name: nameSchema, permissions: permissionsSchema });
const newRoleBody = bodySchema({
  code: roleCodeSchema,
  name: nameSchema,
  permissions: permissionsSchema,
});
const staffRoleBody = bodySchema({ role: roleCodeSchema });

/** The roles screen's answer: every role, the permissions in `language`, the staff default. */
async function overview(admin: AdminRepository, language: Language): Promise<RolesOverview> {
  return {
    roles: await admin.listRoles(),
    permissions: PERMISSION_IDS.map((identifier) => ({
      identifier,
      name: PERMISSION_TEXTS[identifier].name[language],
      description: PERMISSION_TEXTS[identifier].description[language],
    })),
    staffDefaultRole: await admin.staffDefaultRole(),
  };
}

/** The roles screen's calls (docs/api/admin.md): list, new, change, delete, staff default. */
export async function adminRolesRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  const app = typedRoutes(base);
  const { admin } = ctx.repo;
  const manage = { permission: 'roles.manage' } as const;
  const response = okResponse(rolesOverviewSchema);
  const roleOrThrow = async (code: string) => {
    const role = (await admin.listRoles()).find((r) => r.code === code);
    if (!role) throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.noSuchRole);
    return role;
  };
  // A change the repository made answers the roles screen anew; one whose role it no longer
  // found (removed meanwhile) is a 404.
  const changed = async (request: FastifyRequest, found: boolean) => {
    if (!found) throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.noSuchRole);
    return ok(await overview(admin, languageOf(request)));
  };

  app.get(API.adminRoles, { schema: { response }, config: manage }, async (request) =>
    ok(await overview(admin, languageOf(request))),
  );

  app.post(
    API.adminRoles,
    { schema: { body: newRoleBody, response }, config: manage },
    async (request) => {
      const { code, name, permissions } = request.body;
      requireHeld(request, permissions);
      const actor = actorOf(request, ctx.clock.now());
      if (!(await admin.createRole({ code, name: name.trim(), permissions }, actor)))
        throw new ApiError('CONFLICT', ADMIN_MESSAGES.roleExists, { field: 'code' });
      return ok(await overview(admin, languageOf(request)));
    },
  );

  app.put(
    ROUTES.adminRole,
    { schema: { params: codeParams, body: roleBody, response }, config: manage },
    async (request) => {
      const { code } = request.params;
      if (code === 'ADMIN') throw new ApiError('CONFLICT', ADMIN_MESSAGES.adminFixed);
      const before = await roleOrThrow(code);
      const { name, permissions } = request.body;
      requireHeld(request, [...before.permissions, ...permissions]);
      const actor = actorOf(request, ctx.clock.now());
      return changed(
        request,
        await admin.updateRole(code, { name: name.trim(), permissions }, actor),
      );
    },
  );

  app.delete(
    ROUTES.adminRole,
    { schema: { params: codeParams, response }, config: manage },
    async (request) => {
      const role = await roleOrThrow(request.params.code);
      if (role.builtIn) throw new ApiError('CONFLICT', ADMIN_MESSAGES.builtIn);
      requireHeld(request, role.permissions);
      return changed(request, await admin.deleteRole(role.code, actorOf(request, ctx.clock.now())));
    },
  );

  app.put(
    API.adminStaffRole,
    { schema: { body: staffRoleBody, response }, config: manage },
    async (request) => {
      const { role } = request.body;
      requireHeld(request, (await roleOrThrow(role)).permissions);
      const actor = actorOf(request, ctx.clock.now());
      return changed(request, await admin.setStaffDefaultRole(role, actor));
    },
  );
}
