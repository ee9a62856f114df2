import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { abandonedCartReminder } from './tables';

export interface AbandonedCart {
  orderFormId: string;
  userId: string;
  /** Units in the cart (the lines' quantities). */
  products: number;
}

/**
 * Claims the customers' carts with products last changed between `from` and `before` that were never
 * reminded, marking them reminded at `now` in the same statement: two instances never claim one cart.
 */
export async function claimAbandonedCarts(
  db: Db,
  window: { from: Date; before: Date },
  now: Date,
): Promise<AbandonedCart[]> {
  const result = await db.execute<{ order_form_id: string; user_id: string; products: number }>(sql`
    WITH claimed AS (
      INSERT INTO abandoned_cart_reminder (order_form_id, reminded_at)
      SELECT f.id, ${now.toISOString()}::timestamptz FROM order_form f
       WHERE f.user_id IS NOT NULL
         AND f.updated_at > ${window.from.toISOString()}::timestamptz
         AND f.updated_at <= ${window.before.toISOString()}::timestamptz
         AND EXISTS (SELECT 1 FROM order_form_item i WHERE i.order_form_id = f.id)
      ON CONFLICT (order_form_id) DO NOTHING
      RETURNING order_form_id)
    SELECT f.id AS order_form_id, f.user_id,
           (SELECT sum(i.quantity)::int FROM order_form_item i WHERE i.order_form_id = f.id) AS products
      FROM claimed c JOIN order_form f ON f.id = c.order_form_id`);
  return result.rows.map((row) => ({
    orderFormId: row.order_form_id,
    userId: row.user_id,
    products: row.products,
  }));
}

/** The cart became an order: its next abandonment is a new one. */
export async function forgetReminder(tx: Tx, orderFormId: string): Promise<void> {
  await tx.delete(abandonedCartReminder).where(eq(abandonedCartReminder.orderFormId, orderFormId));
}
