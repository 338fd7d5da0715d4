import type { Order, Product } from '../../src/shared/api/commerce.types.ts';
import { integer, integerOrNull, object, oneOf, text } from '../http/response-schema.ts';
import type { Assert, SameShape } from '../http/response-schema.ts';

// The commerce answers as response schemas (docs/API.md#typed-routes), proved the same shape as
// src/shared/api/commerce.types.ts by the Assert lines.

/** A plan. */
export const productSchema = object({
  id: text,
  names: object({ zh: text, en: text }),
  name: text,
  downloadQuota: integerOrNull,
  priceCents: integer,
  currency: { type: 'string', const: 'CNY' },
  period: oneOf(['month', 'year', 'once'] as const),
});

/** An order. */
export const orderSchema = object({
  id: text,
  productId: text,
  productName: text,
  priceCents: integer,
  currency: { type: 'string', const: 'CNY' },
  status: oneOf(['PAID', 'PENDING', 'FAILED'] as const),
  demo: { type: 'boolean', const: true },
  createdAt: text,
});

/** Compile-time proofs that each schema is its shared type. */
export type CommerceShapes = [
  Assert<SameShape<typeof productSchema, Product>>,
  Assert<SameShape<typeof orderSchema, Order>>,
];
