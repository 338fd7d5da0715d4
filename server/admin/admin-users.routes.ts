import type { FastifyInstance } from 'fastify';
import { ROLE_CODE_PATTERN } from '../../src/shared/api/admin.types.ts';
import { API, ROUTES } from '../../src/shared/api/paths.ts';
import { bodySchema } from '../accounts/account-schemas.ts';
import { toOrder } from '../commerce/commerce.routes.ts';
import { ApiError } from '../http/api-error.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { okResponse } from '../http/response-schema.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { idParamsSchema, pagingProperties } from '../http/validation.ts';
import { adminUserDetailSchema, adminUserSchema, adminUsersSchema } from './admin.responses.ts';
import { ADMIN_MESSAGES, actorOf, permissionsOfRoles, requireHeld } from './admin-rules.ts';
import type { UserChangeRefusal } from './admin.repository.ts';

const usersQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { keyword: { type: 'string', maxLength: 254 }, ...pagingProperties },
} as const;

/** A role code as bodies and paths carry it. */
export const roleCodeSchema = { type: 'string', pattern: ROLE_CODE_PATTERN.source } as const;

const rolesBody = bodySchema({
  roles: { type: 'array', items: roleCodeSchema, maxItems: 32, uniqueItems: true },
});
const disabledBody = bodySchema({ disabled: { type: 'boolean' } });

const refusal = (reason: UserChangeRefusal): ApiError =>
  reason === 'unknownUser'
    ? new ApiError('NOT_FOUND', ADMIN_MESSAGES.unknownUser)
    : reason === 'unknownRole'
      ? new ApiError('BAD_REQUEST', ADMIN_MESSAGES.unknownRole, { field: 'roles' })
      : new ApiError('CONFLICT', ADMIN_MESSAGES.lastAdmin);

/** The users screen's calls (docs/api/admin.md): find, one user, roles, disable. */
export async function adminUsersRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  const app = typedRoutes(base);
  const { admin } = ctx.repo;
  const manage = { permission: 'users.manage' } as const;

  const userOrThrow = async (id: number) => {
    const user = await admin.findUser(id);
    if (!user) throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.unknownUser);
    return user;
  };
  // A change to one user (roles, disabled): the path names the user, the answer is it changed.
  const userChange = <const B extends object>(body: B) => ({
    schema: { params: idParamsSchema, body, response: okResponse(adminUserSchema) },
    config: manage,
  });

  app.get(
    API.adminUsers,
    { schema: { querystring: usersQuery, response: okResponse(adminUsersSchema) }, config: manage },
    async (request) => {
      const { keyword, page, pageSize } = request.query;
      const found = await admin.findUsers({
        keyword: keyword?.trim() || undefined,
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return ok({ ...found, page, pageSize });
    },
  );

  app.get(
    ROUTES.adminUser,
    {
      schema: { params: idParamsSchema, response: okResponse(adminUserDetailSchema) },
      config: manage,
    },
    async (request) => {
      const user = await userOrThrow(request.params.id);
      const language = languageOf(request);
      const orders = await ctx.repo.commerce.listOrders(user.id);
      return ok({ user, orders: orders.map((order) => toOrder(order, language)) });
    },
  );

  app.put(ROUTES.adminUserRoles, userChange(rolesBody), async (request) => {
    const { id } = request.params;
    const user = await userOrThrow(id);
    const next = request.body.roles;
    const changed = [
      ...next.filter((role) => !user.roles.includes(role)),
      ...user.roles.filter((role) => !next.includes(role)),
    ];
    requireHeld(request, permissionsOfRoles(changed, await admin.listRoles()));
    const result = await admin.setUserRoles(id, next, actorOf(request, ctx.clock.now()));
    if (!result.ok) throw refusal(result.reason);
    return ok(await userOrThrow(id));
  });

  app.put(ROUTES.adminUserDisabled, userChange(disabledBody), async (request) => {
    const { id } = request.params;
    const user = await userOrThrow(id);
    // Disabling someone is acting on every right they hold.
    requireHeld(request, permissionsOfRoles(user.roles, await admin.listRoles()));
    const now = ctx.clock.now();
    const result = await admin.setUserDisabled(id, request.body.disabled, actorOf(request, now));
    if (!result.ok) throw refusal(result.reason);
    // This instance refuses the account's sessions at once; the others within their poll.
    if (request.body.disabled) await ctx.sessions.sync();
    return ok(await userOrThrow(id));
  });
}
