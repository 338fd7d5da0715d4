/** A plan the user can buy on the pricing page. */
export interface Product {
  id: string;
  names: { zh: string; en: string };
  name: string;
  /** Downloads the plan adds; null means unlimited. */
  downloadQuota: number | null;
  /** Price in cents. */
  priceCents: number;
  currency: 'CNY';
  period: 'month' | 'year' | 'once';
}

/** An order of a plan. Payment runs in demo mode. */
export interface Order {
  id: string;
  productId: string;
  productName: string;
  priceCents: number;
  currency: 'CNY';
  status: 'PAID' | 'PENDING' | 'FAILED';
  demo: true;
  createdAt: string;
}
