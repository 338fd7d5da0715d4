import type { Order, Product } from '../../src/shared/api/commerce.types.ts';

/** A plan as stored: both names, the quota it adds (null = unlimited), price and period. */
export interface ProductRecord {
  id: string;
  nameEn: string;
  nameZh: string;
  downloadQuota: number | null;
  priceCents: number;
  period: Product['period'];
  position: number;
}

/** An order as stored, with its product's names. */
export interface OrderRecord {
  id: string;
  productId: string;
  productNameEn: string;
  productNameZh: string;
  priceCents: number;
  status: Order['status'];
  createdAt: string;
}

/** Why a demo order was refused. */
export type OrderRefusal = 'unknownProduct' | 'freePlan' | 'alreadyUnlimited';

/** Storage behind the pricing and order calls. */
export interface CommerceRepository {
  /** Every plan, in display order. */
  listProducts(): Promise<ProductRecord[]>;
  /** Creates or updates a plan (seeding). */
  saveProduct(product: ProductRecord): Promise<void>;
  /** A user's orders, newest first. */
  listOrders(userId: number): Promise<OrderRecord[]>;
  /**
   * In one transaction: records a PAID demo order and raises the user's download quota by the
   * plan's quota (or makes it unlimited) and sets the user's plan.
   */
  placeDemoOrder(order: {
    orderId: string;
    userId: number;
    productId: string;
    now: number;
  }): Promise<{ ok: true; order: OrderRecord } | { ok: false; reason: OrderRefusal }>;
}
