import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { PackUploadReport } from '../../src/shared/api/admin.types.ts';
import { CATEGORIES, type Category } from '../../src/shared/api/catalogue.types.ts';
import { ROUTES } from '../../src/shared/api/paths.ts';
import { PACK_CODE_PATTERN } from '../catalogue/catalogue.schemas.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import {
  arrayOf,
  integer,
  object,
  okResponse,
  text,
  texts,
  type Assert,
  type SameShape,
} from '../http/response-schema.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { importFolder } from '../library/import/import-folder.ts';
import { actorOf } from './admin-rules.ts';
import { expandZip, isZipName, stagePart, startStaging } from './pack-upload/upload-staging.ts';

/** The `{packCode}` of a pack route. */
export const packParams = {
  type: 'object',
  additionalProperties: false,
  required: ['packCode'],
  properties: { packCode: { type: 'string', pattern: PACK_CODE_PATTERN } },
} as const;

const uploadReportSchema = object({
  packCode: text,
  imported: arrayOf(object({ fileName: text, sampleId: integer })),
  skipped: arrayOf(object({ fileName: text, reason: text })),
  ignored: texts,
  findings: integer,
});
export type PackUploadShapes = [Assert<SameShape<typeof uploadReportSchema, PackUploadReport>>];

/** Form fields an upload may send before its files, for a pack it makes (docs/api/admin.md). */
const FIELDS = ['name', 'brand', 'category', 'primary', 'secondary'] as const;
type Field = (typeof FIELDS)[number];
const FIELD_MAX = 100;

/**
 * The reader's own failures as the envelope's errors: its limits (too many parts or fields) are
 * 413, a body it cannot parse (no boundary, cut short) 400; ours pass as they are.
 */
function multipartError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const status = (error as Partial<FastifyError>).statusCode;
  if (status === 413)
    return new ApiError(
      'PAYLOAD_TOO_LARGE',
      { zh: '上传的文件或字段过多', en: 'Too many files or fields in one upload' },
      { field: 'files' },
    );
  return new ApiError(
    'BAD_REQUEST',
    {
      zh: '上传内容不是有效的 multipart/form-data',
      en: 'The body is not readable multipart/form-data',
    },
    { field: 'body' },
  );
}

/** The audio extensions the importer reads; other files of a folder are reported as ignored. */
const AUDIO = /\.(wav|wave|aif|aiff|aifc|flac|mp3|ogg|oga)$/i;

/**
 * The pack upload (docs/api/admin.md "Packs"): multipart files or zips, staged on disk under the
 * limits of `config.upload`, then imported by the importer's own path into the named pack.
 */
export async function adminPacksRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  // Only this plugin parses multipart: every other route keeps refusing it.
  await base.register(multipart, { throwFileSizeLimit: true });
  const app = typedRoutes(base);
  const limits = ctx.config.upload;

  app.post(
    ROUTES.adminPackFiles,
    {
      schema: { params: packParams, response: okResponse(uploadReportSchema) },
      config: { permission: 'catalogue.edit' },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new ApiError(
          'BAD_REQUEST',
          { zh: '请以 multipart/form-data 上传文件', en: 'Send the files as multipart/form-data' },
          { field: 'body' },
        );
      const { packCode } = request.params;
      const fields: Partial<Record<Field, string>> = {};
      const staged = await startStaging(ctx.config.dataDir);
      try {
        // Nothing reaches the library until every part has arrived: a dropped connection or a
        // refused part throws here, and `finally` removes what was staged.
        const parts = request.parts({
          limits: { fileSize: limits.fileMaxBytes, fields: FIELDS.length, fieldSize: FIELD_MAX },
        });
        try {
          for await (const part of parts) {
            if (part.type === 'field') {
              if (!(FIELDS as readonly string[]).includes(part.fieldname))
                throw badRequest(part.fieldname, '未知字段', 'unknown field');
              fields[part.fieldname as Field] = String(part.value).trim();
              continue;
            }
            const stored = await stagePart(staged, part.filename, part.file, limits);
            if (isZipName(stored)) await expandZip(staged, stored, limits);
          }
        } catch (error) {
          throw multipartError(error);
        }
        const category = (fields.category ?? 'instruments') as Category;
        if (!CATEGORIES.includes(category))
          throw badRequest('category', `应为 ${CATEGORIES.join('、')}`, `one of ${CATEGORIES}`);
        const existing = await ctx.repo.catalogue.findPack(packCode, null);
        const result = await importFolder(ctx, staged.dir, {
          packCode,
          packName: fields.name || packCode,
          brand: existing?.brand ?? (fields.brand || 'Uploads'),
          category: existing?.category ?? category,
          primaryName: existing?.primaryName ?? (fields.primary || 'Uploads'),
          secondaryName: fields.secondary || 'Misc',
          // A new pack is reviewed before users see it: published from the Packs screen.
          unpublished: true,
        });
        const report: PackUploadReport = {
          packCode,
          imported: result.imported.map(({ file, id }) => ({ fileName: file, sampleId: id })),
          skipped: result.skipped.map(({ file, reason }) => ({ fileName: file, reason })),
          ignored: staged.files.filter((name) => !AUDIO.test(name)),
          findings: result.findings.length,
        };
        await ctx.repo.admin.recordAudit(
          {
            action: 'pack.upload',
            target: `pack:${packCode}`,
            before: null,
            after: { imported: report.imported.length, skipped: report.skipped.length },
          },
          actorOf(request, ctx.clock.now()),
        );
        return ok(report);
      } finally {
        staged.discard();
      }
    },
  );
}
