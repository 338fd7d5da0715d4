import type { FastifyInstance } from 'fastify';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { API } from '../../src/shared/api/paths.ts';
import { CATEGORIES, USER_RELATIONS } from '../../src/shared/api/catalogue.types.ts';
import { ok } from '../http/envelope.ts';
import { okResponse } from '../http/response-schema.ts';
import { tagCountsSchema } from './catalogue.responses.ts';
import { publishedOnly } from './publication.ts';
import { requireUser } from '../http/auth-context.ts';
import { PACK_CODE_PATTERN } from './catalogue.schemas.ts';
import { parseListQuery } from './list-query.ts';
import { tagNames } from './tag-names.ts';

const name = { type: 'string', minLength: 1, maxLength: 100 } as const;

const tagQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    category: { type: 'string', enum: CATEGORIES },
    primaryName: name,
    secondaryName: name,
    packCode: { type: 'string', pattern: PACK_CODE_PATTERN },
    keyword: { type: 'string', minLength: 1, maxLength: 200 },
    styles: { type: 'string', minLength: 1, maxLength: 500 },
    relation: { type: 'string', enum: USER_RELATIONS },
  },
} as const;

/**
 * Registers the tag vocabulary call: the tags of a scope's samples with their names and counts,
 * most used first, for the filter bar's tag chips (docs/api/catalogue.md).
 */
export async function tagRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  const app = typedRoutes(base);
  const schema = { querystring: tagQuerySchema, response: okResponse(tagCountsSchema) };
  app.get(API.tags, { schema }, async (request) => {
    const { relation, ...place } = request.query;
    // The list query's own checks (a keyword of only symbols, empty styles) apply here too.
    const { filter } = parseListQuery({ ...place, page: 1, pageSize: 1 }, 'list').request;
    const scope = relation ? { userId: requireUser(request).id, relation } : undefined;
    const repo = ctx.repo.catalogue;
    const hides = await publishedOnly(repo, scope);
    const rows = await repo.tagCounts(hides ? { ...filter, publishedOnly: true } : filter, scope);
    return ok(rows.map((row) => ({ ...row, names: tagNames(row.tag) })));
  });
}
