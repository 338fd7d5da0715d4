import type { OrderRecord, ProductRecord } from '../../commerce/commerce.repository.ts';
import type { Row } from './values.ts';

/** A `products` row as the commerce port's ProductRecord. */
export const toProduct = (row: Row): ProductRecord => ({
  id: String(row.id),
  nameEn: String(row.name_en),
  nameZh: String(row.name_zh),
  downloadQuota: row.download_quota === null ? null : Number(row.download_quota),
  priceCents: Number(row.price_cents),
  period: String(row.period) as ProductRecord['period'],
  position: Number(row.position),
});

/** An order row (joined to its product's names) as the commerce port's OrderRecord. */
export const toOrder = (row: Row): OrderRecord => ({
  id: String(row.id),
  productId: String(row.product_id),
  productNameEn: String(row.name_en),
  productNameZh: String(row.name_zh),
  priceCents: Number(row.price_cents),
  status: String(row.status) as OrderRecord['status'],
  createdAt: String(row.created_at),
});
