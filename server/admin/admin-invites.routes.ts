import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AUDIT_KINDS, INVITE_KINDS } from '../../src/shared/api/admin.types.ts';
import { API, ROUTES } from '../../src/shared/api/paths.ts';
import { INVITATION_CODE_PATTERN } from '../../src/shared/constants.ts';
import { bodySchema } from '../accounts/account-schemas.ts';
import { ApiError } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { okResponse } from '../http/response-schema.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { pagingProperties } from '../http/validation.ts';
import { auditPageSchema, invitesSchema } from './admin.responses.ts';
import { ADMIN_MESSAGES, actorOf } from './admin-rules.ts';

const inviteCode = { type: 'string', pattern: INVITATION_CODE_PATTERN.source } as const;
const newInviteBody = bodySchema(
  {
    code: inviteCode,
    kind: { type: 'string', enum: INVITE_KINDS },
    uses: { type: 'integer', minimum: 1, maximum: 100_000 },
    expiresAt: { type: ['integer', 'null'], minimum: 0, maximum: 8.64e15 },
  },
  ['uses'],
);
const codeParams = bodySchema({ code: inviteCode });
const auditQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { kind: { type: 'string', enum: AUDIT_KINDS }, ...pagingProperties },
} as const;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const part = () => Array.from({ length: 3 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
/** A fresh code of the XXX_XXX format, without the look-alikes 0/O and 1/I. */
const newCode = () => `${part()}_${part()}`;

/** The invitation codes' calls and the audit log (docs/api/admin.md). */
export async function adminInvitesRoutes(
  base: FastifyInstance,
  { ctx }: AreaOptions,
): Promise<void> {
  const app = typedRoutes(base);
  const { admin } = ctx.repo;
  const manage = { permission: 'invites.manage' } as const;
  const response = okResponse(invitesSchema);

  app.get(API.adminInvites, { schema: { response }, config: manage }, async () =>
    ok(await admin.listInvites()),
  );

  app.post(
    API.adminInvites,
    { schema: { body: newInviteBody, response }, config: manage },
    async (request) => {
      const { uses, expiresAt = null, kind = 'creator' } = request.body;
      const now = ctx.clock.now();
      if (expiresAt !== null && expiresAt <= now)
        throw new ApiError('BAD_REQUEST', ADMIN_MESSAGES.expiryPast, { field: 'expiresAt' });
      const given = request.body.code?.toUpperCase();
      // A generated code that happens to exist is drawn again (32^6 codes: rarely needed).
      for (let attempt = 0; attempt < 5; attempt++) {
        const code = given ?? newCode();
        if (await admin.createInvite({ code, kind, uses, expiresAt }, actorOf(request, now)))
          return ok(await admin.listInvites());
        if (given) break;
      }
      throw new ApiError('CONFLICT', ADMIN_MESSAGES.inviteExists, { field: 'code' });
    },
  );

  app.delete(
    ROUTES.adminInvite,
    { schema: { params: codeParams, response }, config: manage },
    async (request) => {
      const code = request.params.code.toUpperCase();
      if (!(await admin.revokeInvite(code, actorOf(request, ctx.clock.now()))))
        throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.inviteUnknown);
      return ok(await admin.listInvites());
    },
  );

  app.get(
    API.adminAudit,
    {
      schema: { querystring: auditQuery, response: okResponse(auditPageSchema) },
      config: { permission: 'audit.read' },
    },
    async (request) => {
      const { kind, page, pageSize } = request.query;
      const found = await admin.auditLog({ kind, offset: (page - 1) * pageSize, limit: pageSize });
      return ok({ ...found, page, pageSize });
    },
  );
}
