import { transaction, type Database } from './database.ts';
import type { CommerceRepository } from '../../commerce/commerce.repository.ts';
import { toOrder, toProduct } from '../rows/commerce.ts';

/** SQLite implementation of the commerce repository. */
export function sqliteCommerce(db: Database): CommerceRepository {
  const products = db.prepare('SELECT * FROM products ORDER BY position, id');
  const productById = db.prepare('SELECT * FROM products WHERE id = ?');
  const upsertProduct = db.prepare(
    `INSERT INTO products (id, name_en, name_zh, download_quota, price_cents, period, position)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name_en = excluded.name_en, name_zh = excluded.name_zh,
       download_quota = excluded.download_quota, price_cents = excluded.price_cents,
       period = excluded.period, position = excluded.position`,
  );
  const ordersOf = db.prepare(
    `SELECT o.id, o.product_id, p.name_en, p.name_zh, o.price_cents, o.status, o.created_at
     FROM orders o JOIN products p ON p.id = o.product_id
     WHERE o.user_id = ? ORDER BY o.created_at DESC, o.rowid DESC`,
  );
  const orderById = db.prepare(
    `SELECT o.id, o.product_id, p.name_en, p.name_zh, o.price_cents, o.status, o.created_at
     FROM orders o JOIN products p ON p.id = o.product_id WHERE o.id = ?`,
  );
  const quotaOf = db.prepare('SELECT download_quota FROM users WHERE id = ?');
  const insertOrder = db.prepare(
    `INSERT INTO orders (id, user_id, product_id, price_cents, status, created_at)
     VALUES (?, ?, ?, ?, 'PAID', ?)`,
  );
  const raiseQuota = db.prepare(
    'UPDATE users SET download_quota = download_quota + ?, plan = ? WHERE id = ?',
  );
  const makeUnlimited = db.prepare('UPDATE users SET download_quota = NULL, plan = ? WHERE id = ?');

  return {
    async listProducts() {
      return products.all().map(toProduct);
    },

    async saveProduct(p) {
      upsertProduct.run(
        p.id,
        p.nameEn,
        p.nameZh,
        p.downloadQuota,
        p.priceCents,
        p.period,
        p.position,
      );
    },

    async listOrders(userId) {
      return ordersOf.all(userId).map(toOrder);
    },

    async placeDemoOrder({ orderId, userId, productId, now }) {
      return transaction(db, () => {
        const row = productById.get(productId);
        if (!row) return { ok: false, reason: 'unknownProduct' };
        const product = toProduct(row);
        // Everyone starts on the free plan; "buying" it would mint downloads for nothing.
        if (product.priceCents === 0) return { ok: false, reason: 'freePlan' };
        const current = quotaOf.get(userId);
        if (!current) return { ok: false, reason: 'unknownProduct' };
        if (current.download_quota === null && product.downloadQuota !== null)
          return { ok: false, reason: 'alreadyUnlimited' };
        insertOrder.run(
          orderId,
          userId,
          product.id,
          product.priceCents,
          new Date(now).toISOString(),
        );
        if (product.downloadQuota === null) makeUnlimited.run(product.id, userId);
        else raiseQuota.run(product.downloadQuota, product.id, userId);
        return { ok: true, order: toOrder(orderById.get(orderId)!) };
      });
    },
  };
}
