import { API, type Order, type Product } from '../../shared/index.ts';
import { http } from './http.client.ts';

/** Pricing plans and orders (demo payment). */
export const commerceApi = {
  /** The plans on sale. */
  products(signal?: AbortSignal): Promise<Product[]> {
    return http.get<Product[]>(API.products, { signal });
  },
  /** The signed-in user's orders, newest first. */
  orders(signal?: AbortSignal): Promise<Order[]> {
    return http.get<Order[]>(API.orders, { signal });
  },
  /** Buys a plan; the gateway pays it in demo mode and raises the download quota. */
  buy(productId: string): Promise<Order> {
    return http.post<Order>(API.orders, { productId });
  },
};
