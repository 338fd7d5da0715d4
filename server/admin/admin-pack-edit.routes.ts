import type { FastifyInstance } from 'fastify';
import {
  PACK_EDIT_FIELDS,
  PACK_EDIT_LIMITS,
  type PackEdit,
} from '../../src/shared/api/admin-pack.types.ts';
import { CATEGORIES } from '../../src/shared/api/catalogue.types.ts';
import { ROUTES } from '../../src/shared/api/paths.ts';
import { bodySchema } from '../accounts/account-schemas.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { boolean, okResponse } from '../http/response-schema.ts';
import { adminPackSchema } from './admin.responses.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { actorOf, cleanedEdit } from './admin-rules.ts';
import { packParams } from './admin-packs.routes.ts';
import { coverTypeOf } from './cover-image.ts';

const { name, description, tags, tag, coverBytes } = PACK_EDIT_LIMITS;
const line = { type: 'string', minLength: 1, maxLength: name, pattern: '\\S' } as const;
const prose = { type: 'string', maxLength: description } as const;

/** A pack edit: at least one field, each checked (docs/api/admin.md "Packs"). */
const editSchema = {
  ...bodySchema(
    {
      nameZh: line,
      nameEn: line,
      brand: line,
      category: { type: 'string', enum: CATEGORIES },
      primaryName: line,
      secondaryName: line,
      descriptionZh: prose,
      descriptionEn: prose,
      tags: {
        type: 'array',
        maxItems: tags,
        uniqueItems: true,
        items: { type: 'string', minLength: 1, maxLength: tag, pattern: '^\\S(.*\\S)?$' },
      },
      published: { type: 'boolean' },
    } as const,
    [],
  ),
  minProperties: 1,
} as const;

const MESSAGES = {
  unknownPack: { zh: '音色包不存在', en: 'No such pack' },
  acquired: {
    zh: '已有用户获得此音色包中的采样，不能删除；请改为下架',
    en: 'Users have acquired samples of this pack, so it cannot be deleted: unpublish it instead',
  },
} as const;

const cleaned = (edit: PackEdit): PackEdit => cleanedEdit(PACK_EDIT_FIELDS, edit);

/**
 * The Packs screen's calls on one pack (docs/api/admin.md "Packs"): read, edit its fields and
 * publication, replace its cover, delete it.
 */
export async function adminPackEditRoutes(
  base: FastifyInstance,
  { ctx }: AreaOptions,
): Promise<void> {
  // A cover is the request body itself; its type is read from its bytes, not from the header.
  base.addContentTypeParser(
    /^(image\/[\w.+-]+|application\/octet-stream)$/,
    { parseAs: 'buffer', bodyLimit: coverBytes },
    (_request, body, done) => done(null, body),
  );
  const app = typedRoutes(base);
  const { admin } = ctx.repo;
  const edit = { permission: 'catalogue.edit' } as const;
  const unknown = () => new ApiError('NOT_FOUND', MESSAGES.unknownPack);

  app.get(
    ROUTES.adminPack,
    { schema: { params: packParams, response: okResponse(adminPackSchema) }, config: edit },
    async (request) => {
      const pack = await admin.readPack(request.params.packCode);
      if (!pack) throw unknown();
      return ok(pack);
    },
  );

  app.patch(
    ROUTES.adminPack,
    {
      schema: { params: packParams, body: editSchema, response: okResponse(adminPackSchema) },
      config: edit,
    },
    async (request) => {
      const actor = actorOf(request, ctx.clock.now());
      const pack = await admin.editPack(request.params.packCode, cleaned(request.body), actor);
      if (!pack) throw unknown();
      return ok(pack);
    },
  );

  app.put(
    ROUTES.adminPackCover,
    {
      schema: { params: packParams, response: okResponse(adminPackSchema) },
      config: edit,
      bodyLimit: coverBytes,
    },
    async (request) => {
      const bytes = request.body;
      if (!(bytes instanceof Uint8Array) || bytes.length === 0)
        throw badRequest(
          'cover',
          '请上传 PNG、JPEG 或 WebP 图片',
          'send a PNG, JPEG or WebP image',
        );
      const mediaType = coverTypeOf(bytes);
      if (!mediaType)
        throw badRequest(
          'cover',
          '不是完整的 PNG、JPEG 或 WebP 图片',
          'not a whole PNG, JPEG or WebP image',
        );
      const { packCode } = request.params;
      if (!(await admin.readPack(packCode))) throw unknown();
      const hash = ctx.blobs.put(bytes);
      const actor = actorOf(request, ctx.clock.now());
      if (!(await admin.setPackCover(packCode, { hash, mediaType }, actor))) throw unknown();
      return ok((await admin.readPack(packCode))!);
    },
  );

  app.delete(
    ROUTES.adminPack,
    { schema: { params: packParams, response: okResponse(boolean) }, config: edit },
    async (request) => {
      const actor = actorOf(request, ctx.clock.now());
      const outcome = await admin.deletePack(request.params.packCode, actor);
      if (outcome === 'missing') throw unknown();
      if (outcome === 'acquired') throw new ApiError('CONFLICT', MESSAGES.acquired);
      return ok(true);
    },
  );
}
