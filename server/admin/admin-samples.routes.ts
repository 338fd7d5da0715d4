import type { FastifyInstance } from 'fastify';
import {
  SAMPLE_EDIT_FIELDS,
  SAMPLE_EDIT_LIMITS,
  type SampleEdit,
} from '../../src/shared/api/admin.types.ts';
import { MUSICAL_KEYS, SAMPLE_KINDS } from '../../src/shared/api/catalogue.types.ts';
import { API, ROUTES } from '../../src/shared/api/paths.ts';
import { bodySchema } from '../accounts/account-schemas.ts';
import { PACK_CODE_PATTERN } from '../catalogue/catalogue.schemas.ts';
import { ApiError } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { arrayOf, okResponse } from '../http/response-schema.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { idParamsSchema, pagingProperties } from '../http/validation.ts';
import { adminSampleSchema, adminSamplesSchema } from './admin.responses.ts';
import { ADMIN_MESSAGES, actorOf, cleanedEdit } from './admin-rules.ts';

const { name, bpm, tags, tag, bulk } = SAMPLE_EDIT_LIMITS;
const nameSchema = { type: 'string', minLength: 1, maxLength: name, pattern: '\\S' } as const;

/** One sample edit: at least one field, each checked (docs/api/admin.md "Samples"). */
const editSchema = {
  ...bodySchema(
    {
      nameZh: nameSchema,
      nameEn: nameSchema,
      bpm: { type: ['integer', 'null'], minimum: bpm.min, maximum: bpm.max },
      audioKey: { type: ['string', 'null'], enum: [...MUSICAL_KEYS, null] },
      kind: { type: 'string', enum: SAMPLE_KINDS },
      tags: {
        type: 'array',
        maxItems: tags,
        uniqueItems: true,
        items: { type: 'string', minLength: 1, maxLength: tag, pattern: '^\\S(.*\\S)?$' },
      },
    } as const,
    [],
  ),
  minProperties: 1,
} as const;
const bulkBody = bodySchema({
  ids: {
    type: 'array',
    minItems: 1,
    maxItems: bulk,
    uniqueItems: true,
    items: { type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 },
  },
  edit: editSchema,
} as const);
const samplesQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    packCode: { type: 'string', pattern: PACK_CODE_PATTERN },
    keyword: { type: 'string', maxLength: 100 },
    ...pagingProperties,
  },
} as const;

const cleaned = (edit: SampleEdit): SampleEdit => cleanedEdit(SAMPLE_EDIT_FIELDS, edit);

/** The samples screen's calls (docs/api/admin.md "Samples"): find, edit one, edit a selection. */
export async function adminSamplesRoutes(
  base: FastifyInstance,
  { ctx }: AreaOptions,
): Promise<void> {
  const app = typedRoutes(base);
  const { admin } = ctx.repo;
  const edit = { permission: 'catalogue.edit' } as const;

  app.get(
    API.adminSamples,
    {
      schema: { querystring: samplesQuery, response: okResponse(adminSamplesSchema) },
      config: edit,
    },
    async (request) => {
      const { packCode, keyword, page, pageSize } = request.query;
      const found = await admin.findSamples({
        packCode,
        keyword,
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return ok({ ...found, page, pageSize });
    },
  );

  app.patch(
    ROUTES.adminSample,
    {
      schema: { params: idParamsSchema, body: editSchema, response: okResponse(adminSampleSchema) },
      config: edit,
    },
    async (request) => {
      const actor = actorOf(request, ctx.clock.now());
      const [sample] =
        (await admin.editSamples([request.params.id], cleaned(request.body), actor)) ?? [];
      if (!sample) throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.unknownSample);
      return ok(sample);
    },
  );

  app.post(
    API.adminSamplesBulk,
    {
      schema: { body: bulkBody, response: okResponse(arrayOf(adminSampleSchema)) },
      config: edit,
    },
    async (request) => {
      const { ids } = request.body;
      const actor = actorOf(request, ctx.clock.now());
      const samples = await admin.editSamples(ids, cleaned(request.body.edit), actor);
      if (!samples)
        throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.unknownSamples, { field: 'ids' });
      return ok(samples);
    },
  );
}
