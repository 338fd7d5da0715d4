import type { FastifyInstance } from 'fastify';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { API, ROUTES } from '../../src/shared/api/paths.ts';
import type { SyncItem } from '../../src/shared/api/download.types.ts';
import { ApiError } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { idParamsSchema } from '../http/validation.ts';
import { confirmed, okResponse } from '../http/response-schema.ts';
import {
  batchAuthorizationSchema,
  saveResultSchema,
  syncItemsSchema,
} from './downloads.responses.ts';
import {
  CATALOGUE_MESSAGES,
  noQuerySchema as noQuery,
  packParamsSchema as packParams,
} from '../catalogue/catalogue.schemas.ts';
import { attachmentHeader } from './content-disposition.ts';
import { hiddenIds, refuseHiddenSample } from '../catalogue/publication.ts';

/** How long an authorised download may take before its grant lapses (ms). */
const GRANT_TTL_MS = 30 * 60 * 1000;

const MESSAGES = {
  quotaExceeded: {
    zh: '下载次数已用完，请升级套餐',
    en: 'Your download quota is used up; upgrade your plan to download more',
  },
  batchShort: (cost: number, available: number) => ({
    zh: `本次需要 ${cost} 次下载，剩余 ${available} 次；未扣除任何次数，请升级套餐`,
    en: `This needs ${cost} downloads and ${available} are left; nothing was spent. Upgrade your plan to download more`,
  }),
  batchMissing: (ids: number[]) => ({
    zh: `采样不存在：${ids.join(', ')}`,
    en: `No such sample: ${ids.join(', ')}`,
  }),
  notAuthorised: {
    zh: '请先获取下载授权',
    en: 'Authorise the download first',
  },
  noPendingGrant: {
    zh: '没有待确认的下载，请重新下载',
    en: 'No pending download for this item; download it again',
  },
} as const;

const reportBody = {
  type: 'object',
  additionalProperties: false,
  required: ['resourceId', 'success'],
  properties: {
    resourceId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    audioType: { type: 'string', maxLength: 200 },
    audioGroup: { type: 'string', maxLength: 200 },
    success: { type: 'boolean' },
    error: { type: ['string', 'null'], maxLength: 2000 },
    userFilePath: { type: ['string', 'null'], minLength: 1, maxLength: 2048 },
  },
} as const;

const batchBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: {
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: { type: 'integer', minimum: 1, maximum: 2147483647 },
    },
    dryRun: { type: 'boolean' },
  },
} as const;

/** Body of POST sync: samples whose files the desktop shell no longer finds in its folder. */
const syncBody = {
  type: 'object',
  additionalProperties: false,
  required: ['missing'],
  properties: {
    missing: {
      type: 'array',
      maxItems: 10000,
      items: { type: 'integer', minimum: 1, maximum: 2147483647 },
    },
  },
} as const;

/** Registers the download routes: authorise, file, saveOrRollback, likes, sync (all signed in). */
export async function downloadsRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  const app = typedRoutes(base);
  const signedIn = { signedIn: true };
  const idRequest = { params: idParamsSchema, querystring: noQuery };
  const confirms = okResponse(confirmed);
  const syncAnswer = okResponse(syncItemsSchema);
  const repo = ctx.repo.downloads;
  const notFound = () => new ApiError('NOT_FOUND', CATALOGUE_MESSAGES.sampleNotFound);
  /** Options of a signed-in call on one sample id that answers true (a fresh object per route). */
  const confirmsOnId = () => ({ schema: { ...idRequest, response: confirms }, config: signedIn });

  app.get(ROUTES.downloadAuthorize, confirmsOnId(), async ({ user, params: { id } }) => {
    const now = ctx.clock.now();
    await refuseHiddenSample(ctx.repo.catalogue, id, user.id);
    const outcome = await repo.authorize(user.id, id, now, now + GRANT_TTL_MS);
    if (outcome === 'missing') throw notFound();
    if (outcome === 'quota') throw new ApiError('QUOTA_EXCEEDED', MESSAGES.quotaExceeded);
    ctx.insight.count('download', String(id));
    return ok(true);
  });

  // All or nothing (docs/api/downloads.md): a pack or a selection never ends half downloaded
  // because the balance ran out midway.
  app.post(
    API.downloadAuthorizeBatch,
    {
      schema: {
        body: batchBody,
        querystring: noQuery,
        response: okResponse(batchAuthorizationSchema),
      },
      config: signedIn,
    },
    async (request) => {
      const { user, body } = request;
      const now = ctx.clock.now();
      const dryRun = body.dryRun === true;
      const hidden = [...(await hiddenIds(ctx.repo.catalogue, body.ids, user.id))];
      if (hidden.length > 0)
        throw new ApiError('NOT_FOUND', MESSAGES.batchMissing(hidden.slice(0, 20)));
      const outcome = await repo.authorizeBatch(user.id, body.ids, now, now + GRANT_TTL_MS, dryRun);
      if (outcome.status === 'missing')
        throw new ApiError('NOT_FOUND', MESSAGES.batchMissing(outcome.missing.slice(0, 20)));
      if (outcome.status === 'quota')
        throw new ApiError(
          'QUOTA_EXCEEDED',
          MESSAGES.batchShort(outcome.charged.length, outcome.available ?? 0),
        );
      // A granted batch is one download per sample (docs/ADMIN.md "Insight"); a dry run is none.
      if (outcome.status === 'granted')
        for (const id of new Set(body.ids)) ctx.insight.count('download', String(id));
      return ok({
        granted: outcome.status === 'granted',
        charged: outcome.charged,
        owned: outcome.owned,
        cost: outcome.downloadQuota === null ? 0 : outcome.charged.length,
        downloadQuota: outcome.downloadQuota,
        available: outcome.available,
      });
    },
  );

  app.get(ROUTES.download, { schema: idRequest, config: signedIn }, async (request, reply) => {
    const { user } = request;
    const { id } = request.params;
    const file = await ctx.repo.catalogue.sampleFile(id);
    if (!file || !ctx.blobs.has(file.blobHash)) throw notFound();
    await refuseHiddenSample(ctx.repo.catalogue, id, user.id);
    if (!(await repo.mayFetch(user.id, id, ctx.clock.now())))
      throw new ApiError('FORBIDDEN', MESSAGES.notAuthorised);
    return reply
      .type(file.mediaType)
      .header('content-disposition', attachmentHeader(file.fileName))
      .header('content-length', ctx.blobs.size(file.blobHash))
      .header('cache-control', 'private, no-store')
      .send(ctx.blobs.stream(file.blobHash));
  });

  app.post(
    API.downloadSaveOrRollback,
    {
      schema: { body: reportBody, querystring: noQuery, response: okResponse(saveResultSchema) },
      config: signedIn,
    },
    async (request) => {
      const { user, body: report } = request;
      const outcome = await repo.report(
        user.id,
        report.resourceId,
        report.success,
        report.success ? (report.userFilePath ?? null) : null,
        ctx.clock.now(),
      );
      if (outcome.status === 'missing') throw notFound();
      if (outcome.status === 'noGrant') throw new ApiError('CONFLICT', MESSAGES.noPendingGrant);
      if (outcome.status === 'rolledBack') {
        if (report.error) request.log.info({ error: report.error }, 'download rolled back');
        return ok({
          status: 'rolledBack',
          charged: false,
          downloadQuota: outcome.downloadQuota,
        });
      }
      return ok(outcome);
    },
  );

  app.get(ROUTES.downloadLike, confirmsOnId(), async ({ user, params: { id } }) => {
    const liked = await repo.toggleSampleLike(user.id, id, ctx.clock.now());
    if (liked === null) throw notFound();
    return ok(true);
  });

  app.get(
    ROUTES.downloadPackLike,
    { schema: { params: packParams, querystring: noQuery, response: confirms }, config: signedIn },
    async ({ user, params: { code } }) => {
      const liked = await repo.togglePackLike(user.id, code, ctx.clock.now());
      if (liked === null) throw new ApiError('NOT_FOUND', CATALOGUE_MESSAGES.packNotFound);
      return ok(true);
    },
  );

  const syncItems = async (userId: number): Promise<SyncItem[]> =>
    (await repo.acquisitions(userId)).map((row) => ({
      resourceId: row.sampleId,
      audioBrand: row.brand,
      audioType: row.primaryName,
      audioGroup: row.secondaryName,
      fileName: row.fileName,
      userFilePath: row.userFilePath,
      acquiredAt: row.acquiredAt,
    }));

  app.get(
    API.downloadSync,
    { schema: { querystring: noQuery, response: syncAnswer }, config: signedIn },
    async (request) => ok(await syncItems(request.user.id)),
  );

  // The desktop shell reports files deleted from its folder: they stay owned, without a path.
  app.post(
    API.downloadSync,
    { schema: { querystring: noQuery, body: syncBody, response: syncAnswer }, config: signedIn },
    async (request) => {
      const { user } = request;
      const { missing } = request.body;
      await repo.forgetFilePaths(user.id, missing);
      return ok(await syncItems(user.id));
    },
  );
}
