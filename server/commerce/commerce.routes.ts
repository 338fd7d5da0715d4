import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Order, Product } from '../../src/shared/api/commerce.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import type { Language } from '../../src/shared/languages.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { ApiError, type Message } from '../http/api-error.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { emptyQuery } from '../accounts/account-schemas.ts';
import { arrayOf, okResponse } from '../http/response-schema.ts';
import { orderSchema, productSchema } from './commerce.responses.ts';
import type { OrderRecord, OrderRefusal, ProductRecord } from './commerce.repository.ts';

const orderBody = {
  type: 'object',
  additionalProperties: false,
  required: ['productId'],
  properties: { productId: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

const REFUSALS: Record<OrderRefusal, { code: 'BAD_REQUEST' | 'CONFLICT'; message: Message }> = {
  unknownProduct: {
    code: 'BAD_REQUEST',
    message: { zh: '参数 productId 无效：套餐不存在', en: 'Invalid productId: no such plan' },
  },
  freePlan: {
    code: 'CONFLICT',
    message: { zh: '免费版无需购买', en: 'The free plan is included and cannot be bought' },
  },
  alreadyUnlimited: {
    code: 'CONFLICT',
    message: {
      zh: '您已拥有无限下载套餐',
      en: 'You already have unlimited downloads',
    },
  },
};

const toProduct = (p: ProductRecord, language: Language): Product => ({
  id: p.id,
  names: { zh: p.nameZh, en: p.nameEn },
  name: language === 'zh' ? p.nameZh : p.nameEn,
  downloadQuota: p.downloadQuota,
  priceCents: p.priceCents,
  currency: 'CNY',
  period: p.period,
});

/** An order record as the API answers it, its product named in `language`. */
export const toOrder = (o: OrderRecord, language: Language): Order => ({
  id: o.id,
  productId: o.productId,
  productName: language === 'zh' ? o.productNameZh : o.productNameEn,
  priceCents: o.priceCents,
  currency: 'CNY',
  status: o.status,
  // No payment provider is reachable: every order is paid in a clearly labelled demo mode.
  demo: true,
  createdAt: o.createdAt,
});

/** Registers the commerce routes: plans (public) and the caller's demo-paid orders. */
export async function commerceRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  const app = typedRoutes(base);
  const products = { querystring: emptyQuery, response: okResponse(arrayOf(productSchema)) };
  app.get(API.products, { schema: products }, async (request) => {
    const language = languageOf(request);
    return ok((await ctx.repo.commerce.listProducts()).map((p) => toProduct(p, language)));
  });

  app.get(
    API.orders,
    {
      schema: { querystring: emptyQuery, response: okResponse(arrayOf(orderSchema)) },
      config: { signedIn: true },
    },
    async (request) => {
      const { user } = request;
      const language = languageOf(request);
      return ok((await ctx.repo.commerce.listOrders(user.id)).map((o) => toOrder(o, language)));
    },
  );

  app.post(
    API.orders,
    { schema: { body: orderBody, response: okResponse(orderSchema) }, config: { signedIn: true } },
    async (request) => {
      const { user } = request;
      const result = await ctx.repo.commerce.placeDemoOrder({
        orderId: randomUUID(),
        userId: user.id,
        productId: request.body.productId,
        now: ctx.clock.now(),
      });
      if (!result.ok) {
        const refusal = REFUSALS[result.reason];
        throw new ApiError(refusal.code, refusal.message, { field: 'productId' });
      }
      return ok(toOrder(result.order, languageOf(request)));
    },
  );
}
