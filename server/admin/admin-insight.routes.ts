import type { FastifyInstance } from 'fastify';
import { API } from '../../src/shared/api/paths.ts';
import { INSIGHT_DAYS } from '../../src/shared/api/insight.types.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { okResponse } from '../http/response-schema.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { insightReport } from '../insight/insight-report.ts';
import { insightReportSchema } from '../insight/insight.responses.ts';

const insightQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    days: {
      type: 'integer',
      minimum: INSIGHT_DAYS.min,
      maximum: INSIGHT_DAYS.max,
      default: INSIGHT_DAYS.default,
    },
  },
} as const;

/** GET admin/insight: plays, downloads, searches and packs of the last days (docs/api/admin.md). */
export async function adminInsightRoutes(
  base: FastifyInstance,
  { ctx }: AreaOptions,
): Promise<void> {
  const app = typedRoutes(base);
  app.get(
    API.adminInsight,
    {
      schema: { querystring: insightQuery, response: okResponse(insightReportSchema) },
      config: { permission: 'insight.read' },
    },
    async (request) => {
      // This instance's counts are written first, so the answer includes them; other
      // instances' counts arrive within their flush interval.
      await ctx.insight.flush();
      const { days } = request.query;
      const now = ctx.clock.now();
      return ok(
        await insightReport(ctx.repo.insight, { days, now, language: languageOf(request) }),
      );
    },
  );
}
