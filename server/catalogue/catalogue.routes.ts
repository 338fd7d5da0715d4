import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { API, ROUTES } from '../../src/shared/api/paths.ts';
import { CATEGORIES, RANGES, USER_RELATIONS } from '../../src/shared/api/catalogue.types.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { okResponse } from '../http/response-schema.ts';
import { blobBody, sendBytes } from '../http/byte-responder.ts';
import { LIST_QUERY_SCHEMAS } from './list-query.ts';
import { toPack } from './catalogue-shapes.ts';
import { buildCategoryTree } from './category-tree.ts';
import { viewerOf } from './viewer.ts';
import { userItemsRoutes } from './user-items.routes.ts';
import { createCatalogueService } from './catalogue.service.ts';
import { countSearch } from '../insight/insight-events.ts';
import { publishedOnly } from './publication.ts';
import {
  categoryTreeSchema,
  listPageSchema,
  packSchema,
  suggestionsSchema,
} from './catalogue.responses.ts';
import {
  CATALOGUE_MESSAGES,
  noQuerySchema as noQuery,
  packParamsSchema as packParams,
} from './catalogue.schemas.ts';

const category = { type: 'string', enum: CATEGORIES } as const;

const treeQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { category },
} as const;

const userTreeQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['relation'],
  properties: {
    category,
    relation: { type: 'string', enum: USER_RELATIONS },
    range: { type: 'string', enum: RANGES },
    kind: { type: 'string', enum: RANGES },
  },
} as const;

const suggestQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: { type: 'string', maxLength: 100 },
    limit: { type: 'integer', minimum: 1, maximum: 20 },
  },
} as const;

/** Registers the catalogue routes: lists, search, category trees, user lists, packs. */
export async function catalogueRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  const app = typedRoutes(base);
  const repo = ctx.repo.catalogue;
  const catalogue = createCatalogueService(repo);
  await app.register(userItemsRoutes, { ctx });
  const caller = (request: FastifyRequest) => ({
    language: languageOf(request),
    viewerId: viewerOf(request)?.id ?? null,
  });
  const listResponse = okResponse(listPageSchema);
  const treeResponse = okResponse(categoryTreeSchema);

  app.get(
    API.suggest,
    { schema: { querystring: suggestQuery, response: okResponse(suggestionsSchema) } },
    async (request) => {
      const { q = '', limit = 10 } = request.query;
      return ok(await catalogue.suggestions(q, limit, languageOf(request)));
    },
  );

  app.get(
    API.audios,
    { schema: { querystring: LIST_QUERY_SCHEMAS.list, response: listResponse } },
    async (request) => {
      const page = await catalogue.listPage(request.query, 'list', caller(request));
      countSearch(ctx.insight, request.query, page.total);
      return ok(page);
    },
  );

  app.get(
    API.search,
    { schema: { querystring: LIST_QUERY_SCHEMAS.search, response: listResponse } },
    async (request) => {
      const page = await catalogue.listPage(request.query, 'search', caller(request));
      countSearch(ctx.insight, request.query, page.total);
      return ok(page);
    },
  );

  app.get(
    API.userAudios,
    {
      schema: { querystring: LIST_QUERY_SCHEMAS.user, response: listResponse },
      config: { signedIn: true },
    },
    async (request) => {
      const scope = { userId: request.user.id, relation: request.query.relation };
      const page = await catalogue.listPage(request.query, 'user', {
        language: languageOf(request),
        viewerId: scope.userId,
        scope,
      });
      return ok(page);
    },
  );

  app.get(
    API.instrumentsStyle,
    { schema: { querystring: treeQuery, response: treeResponse } },
    async (request) => {
      const { category } = request.query;
      const hides = await publishedOnly(repo);
      const [cells, taxonomy] = await Promise.all([
        repo.treeCells({ category, range: 'samples', publishedOnly: hides }),
        repo.taxonomy(),
      ]);
      return ok(buildCategoryTree(cells, taxonomy));
    },
  );

  app.get(
    API.userInstrumentsStyle,
    {
      schema: { querystring: userTreeQuery, response: treeResponse },
      config: { signedIn: true },
    },
    async (request) => {
      const { user, query } = request;
      if (query.range && query.kind && query.range !== query.kind)
        throw badRequest('kind', '与 range 矛盾', 'contradicts range');
      const scope = { userId: user.id, relation: query.relation };
      const range = query.range ?? query.kind ?? 'samples';
      const hides = await publishedOnly(repo, scope);
      const [cells, taxonomy] = await Promise.all([
        repo.treeCells({ category: query.category, scope, range, publishedOnly: hides }),
        repo.taxonomy(),
      ]);
      return ok(buildCategoryTree(cells, taxonomy));
    },
  );

  app.get(
    ROUTES.pack,
    { schema: { params: packParams, querystring: noQuery, response: okResponse(packSchema) } },
    async (request) => {
      const viewerId = viewerOf(request)?.id ?? null;
      const pack = await repo.findPack(request.params.code, viewerId);
      if (!pack || (await repo.packHidden(pack.code, viewerId)))
        throw new ApiError('NOT_FOUND', CATALOGUE_MESSAGES.packNotFound);
      return ok(toPack(pack, languageOf(request)));
    },
  );

  app.get(
    ROUTES.packCover,
    { schema: { params: packParams, querystring: noQuery } },
    async (request, reply) => {
      const cover = await repo.packCover(request.params.code);
      if (!cover || !ctx.blobs.has(cover.hash))
        throw new ApiError('NOT_FOUND', CATALOGUE_MESSAGES.packNotFound);
      // The console can replace a cover (docs/ADMIN.md "Packs"): browsers keep it an hour, then
      // revalidate by hash.
      const body = blobBody(ctx.blobs, cover.hash, {
        mediaType: cover.mediaType,
        cacheControl: 'public, max-age=3600',
      });
      return sendBytes(request, reply, body);
    },
  );
}
