import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Promotion } from '@despensa/domain';
import type { Db } from '../../db/client';
import { coupon, orderForm, orderFormItem } from './tables';

export type OrderFormRow = typeof orderForm.$inferSelect;
export type OrderFormItemRow = Omit<typeof orderFormItem.$inferSelect, 'orderFormId'>;

/** A cart as stored: its metadata and its lines. */
export interface CartState {
  form: OrderFormRow;
  items: OrderFormItemRow[];
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function insertCart(db: Db, row: typeof orderForm.$inferInsert): Promise<void> {
  await db.insert(orderForm).values(row);
}

/** The cart and its lines in one round trip; `lock` takes the cart's row lock for an update. */
export async function readCart(db: Db | Tx, id: string, lock = false): Promise<CartState | null> {
  const query = db
    .select({
      form: orderForm,
      items: sql<OrderFormItemRow[]>`coalesce((
        SELECT json_agg(json_build_object(
          'skuId', i.sku_id, 'sellerId', i.seller_id, 'quantity', i.quantity, 'seq', i.seq,
          'substituteType', i.substitute_type, 'note', i.note))
        FROM ${orderFormItem} i WHERE i.order_form_id = ${orderForm.id}), '[]'::json)`,
    })
    .from(orderForm)
    .where(eq(orderForm.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Runs `change` on the cart under a row lock (SELECT … FOR UPDATE), so concurrent changes to one cart,
 * from this instance or another, apply one after the other and none is lost. `change` edits the state
 * in place; what differs from the stored lines is written back in the same transaction.
 */
export async function updateCart<T>(
  db: Db,
  id: string,
  now: Date,
  change: (state: CartState, tx: Tx) => Promise<T> | T,
): Promise<{ state: CartState; result: T } | null> {
  return db.transaction(async (tx) => {
    // A cart change need not wait for the WAL flush: a crash can lose the last instant of cart edits, never
    // corrupt them, and the wait (a disk fsync per change) is most of a change's latency.
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    const state = await readCart(tx, id, true);
    if (!state) return null;
    const before = new Map(state.items.map((item) => [item.skuId, { ...item }]));
    const result = await change(state, tx);
    const after = new Set(state.items.map((item) => item.skuId));
    const removed = [...before.keys()].filter((skuId) => !after.has(skuId));
    if (removed.length > 0) {
      await tx
        .delete(orderFormItem)
        .where(and(eq(orderFormItem.orderFormId, id), inArray(orderFormItem.skuId, removed)));
    }
    const changed = state.items.filter((item) => !sameItem(before.get(item.skuId), item));
    if (changed.length > 0) {
      await tx
        .insert(orderFormItem)
        .values(changed.map((item) => ({ ...item, orderFormId: id })))
        .onConflictDoUpdate({
          target: [orderFormItem.orderFormId, orderFormItem.skuId],
          set: {
            sellerId: sql`excluded.seller_id`,
            quantity: sql`excluded.quantity`,
            seq: sql`excluded.seq`,
            substituteType: sql`excluded.substitute_type`,
            note: sql`excluded.note`,
          },
        });
    }
    state.form.updatedAt = now;
    state.form.version += 1;
    const { id: _id, createdAt: _createdAt, ...form } = state.form;
    await tx.update(orderForm).set(form).where(eq(orderForm.id, id));
    return { state, result };
  });
}

function sameItem(a: OrderFormItemRow | undefined, b: OrderFormItemRow): boolean {
  return (
    a !== undefined &&
    a.sellerId === b.sellerId &&
    a.quantity === b.quantity &&
    a.seq === b.seq &&
    a.substituteType === b.substituteType &&
    a.note === b.note
  );
}

/** The cart's version alone: enough to tell whether a rendered copy is still current. */
export async function readCartVersion(db: Db, id: string): Promise<number | null> {
  const [row] = await db.select({ version: orderForm.version }).from(orderForm).where(eq(orderForm.id, id));
  return row?.version ?? null;
}

export async function findCoupon(db: Db | Tx, code: string): Promise<Promotion | null> {
  const [row] = await db.select().from(coupon).where(eq(coupon.code, code));
  return row?.promotion ?? null;
}
