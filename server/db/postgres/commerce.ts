import type { CommerceRepository } from '../../commerce/commerce.repository.ts';
import { toOrder, toProduct } from '../rows/commerce.ts';
import type { Row } from '../rows/values.ts';
import { withTransaction, type PgPool, type PgQueryable } from './database.ts';

const ORDER_COLUMNS = `SELECT o.id, o.product_id, p.name_en, p.name_zh, o.price_cents, o.status, o.created_at
  FROM orders o JOIN products p ON p.id = o.product_id`;

const first = async (db: PgQueryable, sql: string, params: unknown[]): Promise<Row | undefined> =>
  (await db.query(sql, params)).rows[0] as Row | undefined;

/** PostgreSQL implementation of the commerce repository. */
export function postgresCommerce(pool: PgPool): CommerceRepository {
  return {
    async listProducts() {
      return (await pool.query('SELECT * FROM products ORDER BY position, id')).rows.map(toProduct);
    },

    async saveProduct(p) {
      await pool.query(
        `INSERT INTO products (id, name_en, name_zh, download_quota, price_cents, period, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (id) DO UPDATE SET name_en = excluded.name_en, name_zh = excluded.name_zh,
           download_quota = excluded.download_quota, price_cents = excluded.price_cents,
           period = excluded.period, position = excluded.position`,
        [p.id, p.nameEn, p.nameZh, p.downloadQuota, p.priceCents, p.period, p.position],
      );
    },

    async listOrders(userId) {
      return (
        await pool.query(
          `${ORDER_COLUMNS} WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.position DESC`,
          [userId],
        )
      ).rows.map(toOrder);
    },

    async placeDemoOrder({ orderId, userId, productId, now }) {
      return withTransaction(pool, async (db) => {
        const row = await first(db, 'SELECT * FROM products WHERE id = $1', [productId]);
        if (!row) return { ok: false, reason: 'unknownProduct' };
        const product = toProduct(row);
        // Everyone starts on the free plan; "buying" it would mint downloads for nothing.
        if (product.priceCents === 0) return { ok: false, reason: 'freePlan' };
        // Locked: the quota read here decides the update below, as in a download commit.
        const current = await first(
          db,
          'SELECT download_quota FROM users WHERE id = $1 FOR UPDATE',
          [userId],
        );
        if (!current) return { ok: false, reason: 'unknownProduct' };
        if (current.download_quota === null && product.downloadQuota !== null)
          return { ok: false, reason: 'alreadyUnlimited' };
        await db.query(
          `INSERT INTO orders (id, user_id, product_id, price_cents, status, created_at)
           VALUES ($1, $2, $3, $4, 'PAID', $5)`,
          [orderId, userId, product.id, product.priceCents, new Date(now).toISOString()],
        );
        if (product.downloadQuota === null)
          await db.query('UPDATE users SET download_quota = NULL, plan = $1 WHERE id = $2', [
            product.id,
            userId,
          ]);
        else
          await db.query(
            'UPDATE users SET download_quota = download_quota + $1, plan = $2 WHERE id = $3',
            [product.downloadQuota, product.id, userId],
          );
        return {
          ok: true,
          order: toOrder((await first(db, `${ORDER_COLUMNS} WHERE o.id = $1`, [orderId]))!),
        };
      });
    },
  };
}
