import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { EMBEDDING_SIZE } from '../../src/analysis/index.ts';
import { API, ROUTES } from '../../src/shared/api/paths.ts';
import {
  SAMPLE_KINDS,
  SIMILAR_LIMITS,
  type SampleKind,
  type SimilarPage,
} from '../../src/shared/api/catalogue.types.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { idParamsSchema } from '../http/validation.ts';
import { okResponse } from '../http/response-schema.ts';
import { similarPageSchema } from './catalogue.responses.ts';
import { hiddenIds, refuseHiddenSample } from './publication.ts';
import { toSample } from './catalogue-shapes.ts';
import { CATALOGUE_MESSAGES, noQuerySchema as noQuery } from './catalogue.schemas.ts';
import { nearest, normalised, type Neighbour } from './similar-index.ts';
import { viewerOf } from './viewer.ts';

const limitProperty = {
  type: 'integer',
  minimum: 1,
  maximum: SIMILAR_LIMITS.max,
  default: SIMILAR_LIMITS.default,
} as const;

const similarQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: limitProperty },
} as const;

// An embedding is EMBEDDING_SIZE floats of an L2-normalised vector: every value within ±1. The
// bounds also keep out what JSON turns into Infinity (1e999); the length bounds name the field.
const searchBody = {
  type: 'object',
  additionalProperties: false,
  required: ['embedding'],
  properties: {
    embedding: {
      type: 'array',
      minItems: EMBEDDING_SIZE,
      maxItems: EMBEDDING_SIZE,
      items: { type: 'number', minimum: -1.0001, maximum: 1.0001 },
    },
    kind: { type: 'string', enum: SAMPLE_KINDS },
    limit: limitProperty,
  },
} as const;

/** A body of EMBEDDING_SIZE numbers as JSON is ~1.3 KB; 16 KB leaves room for long decimals. */
const SEARCH_BODY_LIMIT = 16 * 1024;

/** The similar-sounds calls: by a sample's id, and by an embedding (search by sound). */
export async function similarRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  const app = typedRoutes(base);
  const repo = ctx.repo.catalogue;

  // The records of `found` with the viewer's flags, in the list shape.
  const page = async (
    request: FastifyRequest,
    found: Neighbour[],
    limit: number,
  ): Promise<SimilarPage> => {
    const language = languageOf(request);
    const viewerId = viewerOf(request)?.id ?? null;
    const ids = found.map((n) => n.id);
    const hidden = await hiddenIds(repo, ids, viewerId);
    const rows = await repo.samplesByIds(
      ids.filter((id) => !hidden.has(id)),
      viewerId,
    );
    const scoreOf = new Map(found.map((n) => [n.id, n.score]));
    return {
      records: rows.map((row) => toSample(row, language)),
      total: rows.length,
      page: 1,
      pageSize: limit,
      scores: rows.map((row) => scoreOf.get(row.id) ?? 0),
    };
  };

  app.get(
    ROUTES.similar,
    {
      schema: {
        params: idParamsSchema,
        querystring: similarQuery,
        response: okResponse(similarPageSchema),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { limit } = request.query;
      const sample = await repo.sampleEmbedding(id);
      if (!sample) throw new ApiError('NOT_FOUND', CATALOGUE_MESSAGES.sampleNotFound);
      await refuseHiddenSample(repo, id, viewerOf(request)?.id ?? null);
      // Not analysed yet (the demo's first minutes): nothing to compare with, an empty list.
      const found = sample.embedding
        ? nearest(await repo.embeddings(), {
            embedding: sample.embedding,
            kind: sample.kind,
            limit,
            excludeId: id,
            ownPackCode: sample.packCode,
          })
        : [];
      // The viewer first: a bad token is one 401, not a rejected `page` left behind by a throw
      // in the array below. The source rides along (one more row of the same read), so a page
      // can pin it for A/B.
      const viewerId = viewerOf(request)?.id ?? null;
      const [answer, [source]] = await Promise.all([
        page(request, found, limit),
        repo.samplesByIds([id], viewerId),
      ]);
      return ok({
        ...answer,
        ...(source ? { source: toSample(source, languageOf(request)) } : {}),
      });
    },
  );

  app.post(
    API.similarSearch,
    {
      schema: { body: searchBody, querystring: noQuery, response: okResponse(similarPageSchema) },
      bodyLimit: SEARCH_BODY_LIMIT,
    },
    async (request) => {
      const { body } = request;
      const limit = body.limit ?? SIMILAR_LIMITS.default;
      const embedding = Float32Array.from(body.embedding);
      if (!normalised(embedding))
        throw badRequest('embedding', '不能全为零', 'must not be all zeros');
      const snapshot = await repo.embeddings();
      const kinds: readonly SampleKind[] = body.kind ? [body.kind] : SAMPLE_KINDS;
      const found = kinds
        .flatMap((kind) => nearest(snapshot, { embedding, kind, limit }))
        .sort((a, b) => b.score - a.score)
        .slice(0, limit);
      return ok(await page(request, found, limit));
    },
  );
}
