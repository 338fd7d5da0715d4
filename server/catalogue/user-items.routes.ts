import type { FastifyInstance } from 'fastify';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { API } from '../../src/shared/api/paths.ts';
import { RANGES, USER_RELATIONS } from '../../src/shared/api/catalogue.types.ts';
import type { UserItemRemovePayload } from '../../src/shared/api/download.types.ts';
import { badRequest } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { okResponse } from '../http/response-schema.ts';
import { removeResultSchema, restoreResultSchema } from '../downloads/downloads.responses.ts';
import { PACK_CODE_PATTERN, noQuerySchema as noQuery } from './catalogue.schemas.ts';

const itemsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['relation', 'range', 'ids'],
  properties: {
    relation: { type: 'string', enum: USER_RELATIONS },
    range: { type: 'string', enum: RANGES },
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: { type: ['integer', 'string'] },
    },
  },
} as const;

/** The body with its ids checked against its range: sample ids or pack codes, never mixed. */
function checkedItems(body: UserItemRemovePayload): UserItemRemovePayload {
  const pattern = new RegExp(PACK_CODE_PATTERN);
  const valid =
    body.range === 'samples'
      ? body.ids.every((id) => typeof id === 'number' && id >= 1 && id <= 2147483647)
      : body.ids.every((id) => typeof id === 'string' && pattern.test(id));
  if (!valid) {
    throw body.range === 'samples'
      ? badRequest('ids', '样本 id 须为正整数', 'sample ids must be positive integers')
      : badRequest('ids', '音色包编号格式不正确', 'pack codes are malformed');
  }
  return body;
}

/**
 * Removing items from the caller's warehouse or likes, and undoing that (docs/api/catalogue.md).
 * A removed warehouse item stays owned: downloading it again is free.
 */
export async function userItemsRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  const app = typedRoutes(base);
  const repo = ctx.repo.catalogue;
  const schema = { body: itemsBody, querystring: noQuery };
  const config = { signedIn: true } as const;

  // Both calls hand the repository the same arguments: the caller's list, the checked items, now.
  const itemsOf = (request: { user: { id: number }; body: UserItemRemovePayload }) => {
    const body = checkedItems(request.body);
    const scope = { userId: request.user.id, relation: body.relation };
    return [scope, body.range, body.ids, ctx.clock.now()] as const;
  };

  const removeSchema = { ...schema, response: okResponse(removeResultSchema) };
  app.post(API.userItemRemove, { schema: removeSchema, config }, async (request) =>
    ok({ removed: await repo.removeUserItems(...itemsOf(request)) }),
  );

  const restoreSchema = { ...schema, response: okResponse(restoreResultSchema) };
  app.post(API.userItemRestore, { schema: restoreSchema, config }, async (request) =>
    ok({ restored: await repo.restoreUserItems(...itemsOf(request)) }),
  );
}
