import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SHEET_FORMATS,
  SHEET_LIMITS,
  type SheetApplied,
  type SheetPreview,
} from '../../src/shared/api/admin-sheet.types.ts';
import { SAMPLE_EDIT_FIELDS } from '../../src/shared/api/admin.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { PACK_CODE_PATTERN } from '../catalogue/catalogue.schemas.ts';
import { ApiError } from '../http/api-error.ts';
import { languageOf, ok } from '../http/envelope.ts';
import {
  arrayOf,
  integer,
  object,
  oneOf,
  okResponse,
  text,
  textOrNull,
  type Assert,
  type SameShape,
} from '../http/response-schema.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import type { AdminRepository } from './admin.repository.ts';
import { actorOf } from './admin-rules.ts';
import { checkSheet, SHEET_MESSAGES, type SheetCheck } from './admin-sheet-check.ts';
import { sheetStream, SHEET_TYPES } from './admin-sheet-export.ts';
import { readSheet } from './admin-sheet-read.ts';

const exportQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['format'],
  properties: {
    format: { type: 'string', enum: SHEET_FORMATS },
    packCode: { type: 'string', pattern: PACK_CODE_PATTERN },
  },
} as const;
const applyQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } },
} as const;
/** The body is the file's bytes; its schema says so (JSON bodies have their own parser). */
const fileBody = { description: 'a CSV or XLSX file, sent as the body' } as const;

const previewSchema = object({
  format: oneOf(SHEET_FORMATS),
  rows: integer,
  changes: arrayOf(
    object({
      sampleId: integer,
      row: integer,
      field: oneOf(SAMPLE_EDIT_FIELDS),
      before: text,
      after: text,
    }),
  ),
  changeCount: integer,
  sampleCount: integer,
  errors: arrayOf(
    object({
      row: integer,
      column: textOrNull,
      code: oneOf(Object.keys(SHEET_MESSAGES) as (keyof typeof SHEET_MESSAGES)[]),
      message: text,
    }),
  ),
  errorCount: integer,
  token: text,
});
const appliedSchema = object({ sampleCount: integer, changeCount: integer });
export type SheetShapes = [
  Assert<SameShape<typeof previewSchema, SheetPreview>>,
  Assert<SameShape<typeof appliedSchema, SheetApplied>>,
];

/** Samples read per page of an export. */
const PAGE = 1000;

async function* pagesOf(admin: AdminRepository, packCode: string | undefined) {
  for (let afterId = 0; ;) {
    const page = await admin.sheetSamples({ packCode, afterId, limit: PAGE });
    if (page.length > 0) yield page;
    if (page.length < PAGE) return;
    afterId = page.at(-1)!.id;
  }
}

/** The uploaded bytes, or a 400 when the body was not a file (JSON, multipart, nothing). */
function bytesOf(request: FastifyRequest): Buffer {
  if (Buffer.isBuffer(request.body)) return request.body;
  throw new ApiError(
    'BAD_REQUEST',
    {
      zh: '请将 CSV 或 XLSX 文件本身作为请求体发送',
      en: 'Send the CSV or XLSX file itself as the body',
    },
    { field: 'file' },
  );
}

/**
 * The metadata spreadsheet (docs/api/admin.md "Spreadsheet"): export the samples' fields as CSV
 * or XLSX, preview an edited file (changes and errors, nothing stored), apply what was previewed.
 */
export async function adminSheetRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  // Only this plugin reads raw bodies: any type but JSON arrives as bytes, up to the limit.
  base.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: SHEET_LIMITS.bytes },
    (_request, body, done) => done(null, body),
  );
  const app = typedRoutes(base);
  const { admin } = ctx.repo;
  const edit = { permission: 'catalogue.edit' } as const;
  const check = async (
    request: FastifyRequest,
  ): Promise<SheetCheck & { format: SheetPreview['format'] }> => {
    const grid = await readSheet(bytesOf(request));
    return { format: grid.format, ...(await checkSheet(grid, (ids) => admin.samplesByIds(ids))) };
  };

  app.get(
    API.adminSheet,
    { schema: { querystring: exportQuery }, config: edit },
    async (request, reply) => {
      const { format, packCode } = request.query;
      const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
      const name = `yinku-samples-${packCode ?? 'all'}-${day}.${format}`;
      reply
        .type(SHEET_TYPES[format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      return reply.send(sheetStream(format, pagesOf(admin, packCode)));
    },
  );

  app.post(
    API.adminSheetPreview,
    {
      bodyLimit: SHEET_LIMITS.bytes,
      schema: { body: fileBody, response: okResponse(previewSchema) },
      config: edit,
    },
    async (request) => {
      const result = await check(request);
      const language = languageOf(request);
      const preview: SheetPreview = {
        format: result.format,
        rows: result.rows,
        changes: result.changes.slice(0, SHEET_LIMITS.listed),
        changeCount: result.changes.length,
        sampleCount: result.edits.length,
        errors: result.problems.slice(0, SHEET_LIMITS.listed).map((problem) => ({
          ...problem,
          message: SHEET_MESSAGES[problem.code][language],
        })),
        errorCount: result.problems.length,
        token: result.token,
      };
      return ok(preview);
    },
  );

  app.post(
    API.adminSheetApply,
    {
      bodyLimit: SHEET_LIMITS.bytes,
      schema: { querystring: applyQuery, body: fileBody, response: okResponse(appliedSchema) },
      config: edit,
    },
    async (request) => {
      const result = await check(request);
      if (result.problems.length > 0)
        throw new ApiError(
          'BAD_REQUEST',
          {
            zh: `表格有 ${result.problems.length} 处错误，未做任何修改`,
            en: `The sheet has ${result.problems.length} errors; nothing was changed`,
          },
          { field: 'file' },
        );
      const stale = {
        zh: '预览之后采样或文件已有变动，未做任何修改；请重新预览',
        en: 'The samples or the file changed since the preview; nothing was changed, preview again',
      };
      if (result.token !== request.query.token) throw new ApiError('CONFLICT', stale);
      const applied = await admin.applySheet(result.edits, actorOf(request, ctx.clock.now()));
      if (!applied.ok) throw new ApiError('CONFLICT', stale);
      const answer: SheetApplied = {
        sampleCount: result.edits.length,
        changeCount: result.changes.length,
      };
      return ok(answer);
    },
  );
}
