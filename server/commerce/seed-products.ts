import type { AppContext } from '../context.ts';
import type { ProductRecord } from './commerce.repository.ts';

/** The plans of the pricing page (prices in CNY cents; a null quota is unlimited). */
const PRODUCTS: readonly ProductRecord[] = [
  {
    id: 'free',
    nameEn: 'Free',
    nameZh: '免费版',
    downloadQuota: 20,
    priceCents: 0,
    period: 'once',
    position: 0,
  },
  {
    id: 'basic',
    nameEn: 'Basic',
    nameZh: '基础版',
    downloadQuota: 200,
    priceCents: 3000,
    period: 'month',
    position: 1,
  },
  {
    id: 'pro',
    nameEn: 'Pro',
    nameZh: '专业版',
    downloadQuota: null,
    priceCents: 29800,
    period: 'year',
    position: 2,
  },
];

/** Seeds the plans shown on the pricing page. */
export async function seedProducts(ctx: AppContext): Promise<void> {
  for (const product of PRODUCTS) await ctx.repo.commerce.saveProduct(product);
}
