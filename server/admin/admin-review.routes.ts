import type { FastifyInstance } from 'fastify';
import { API, ROUTES } from '../../src/shared/api/paths.ts';
import { bodySchema } from '../accounts/account-schemas.ts';
import { PACK_CODE_PATTERN } from '../catalogue/catalogue.schemas.ts';
import { ok } from '../http/envelope.ts';
import { arrayOf, okResponse } from '../http/response-schema.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { idParamsSchema } from '../http/validation.ts';
import { startAnalysisPool, type AnalysisPool } from '../library/analysis-pool.ts';
import { reviewService } from '../library/review/review.service.ts';
import { reviewFindingSchema } from './admin.responses.ts';
import { actorOf } from './admin-rules.ts';

const reviewQuery = bodySchema({ packCode: { type: 'string', pattern: PACK_CODE_PATTERN } });
const statusBody = bodySchema({ status: { type: 'string', enum: ['accepted', 'rejected'] } });

/** The review queue's calls (docs/api/admin.md): list a pack's findings, accept, reject, fix. */
export async function adminReviewRoutes(
  base: FastifyInstance,
  { ctx }: AreaOptions,
): Promise<void> {
  const app = typedRoutes(base);
  const manage = { permission: 'review.manage' } as const;
  const response = okResponse(reviewFindingSchema);

  // An audio fix decodes and analyses the fixed file again: on one worker thread, never on the
  // gateway's event loop (docs/LIBRARY.md), started by the first fix and closed with the app.
  let pool: AnalysisPool | null = null;
  const describe = (bytes: Uint8Array) => (pool ??= startAnalysisPool(1)).describe(bytes);
  base.addHook('onClose', async () => {
    await pool?.close();
  });
  const review = reviewService(ctx, describe);

  app.get(
    API.adminReview,
    {
      schema: { querystring: reviewQuery, response: okResponse(arrayOf(reviewFindingSchema)) },
      config: manage,
    },
    async (request) => ok(await review.listFindings(request.query.packCode)),
  );

  app.post(
    ROUTES.adminReviewStatus,
    { schema: { params: idParamsSchema, body: statusBody, response }, config: manage },
    async (request) => {
      const actor = actorOf(request, ctx.clock.now());
      return ok((await review.setStatus(request.params.id, request.body.status, actor)).finding);
    },
  );

  app.post(
    ROUTES.adminReviewFix,
    { schema: { params: idParamsSchema, response }, config: manage },
    async (request) =>
      ok((await review.applyFix(request.params.id, actorOf(request, ctx.clock.now()))).finding),
  );
}
