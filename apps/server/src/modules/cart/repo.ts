import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client';
import { orderForm, orderFormItem } from './tables';

export type OrderFormRow = typeof orderForm.$inferSelect;
export type OrderFormItemRow = Omit<typeof orderFormItem.$inferSelect, 'orderFormId'>;

/** A cart as stored: its metadata and its lines. */
export interface CartState {
  form: OrderFormRow;
  items: OrderFormItemRow[];
}

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

/** Sets the customer's carts priced as a Prime member's (or not), in `tx`; the ids of the carts changed. */
export async function setPrimeOfCarts(tx: Tx, userId: string, prime: boolean, now: Date): Promise<string[]> {
  const changed = await tx
    .update(orderForm)
    .set({ prime, version: sql`${orderForm.version} + 1`, updatedAt: now })
    .where(and(eq(orderForm.userId, userId), ne(orderForm.prime, prime)))
    .returning({ id: orderForm.id });
  return changed.map((row) => row.id);
}

/** How many sellers the cart's lines come from. */
export async function sellerCount(db: Db, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT ${orderFormItem.sellerId})::int` })
    .from(orderFormItem)
    .where(eq(orderFormItem.orderFormId, id));
  return row?.n ?? 0;
}

/**
 * Runs `change` on the cart under a row lock (SELECT … FOR UPDATE), so concurrent changes to one cart,
 * from this instance or another, apply one after the other and none is lost. `change` edits the state
 * in place; what differs from the stored lines is written back in the same transaction.
 */
export async function updateCart<T>(
  db: Db | Tx,
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

/**
 * The cart's version and owner alone: enough to tell whether a rendered copy is still current and who may
 * see it whole.
 */
export async function readCartVersion(
  db: Database,
  id: string,
): Promise<{ version: number; userId: string | null } | null> {
  // A named (prepared) statement on the bare pool: this runs before every cart read.
  const { rows } = await db.pool.query<{ version: number; user_id: string | null }>({
    name: 'cart-version-owner',
    text: 'SELECT version, user_id FROM order_form WHERE id = $1',
    values: [id],
  });
  const row = rows[0];
  return row ? { version: row.version, userId: row.user_id } : null;
}

const FORM_COLUMNS = Object.entries(getTableColumns(orderForm)).filter(
  ([key]) => key !== 'id' && key !== 'version' && key !== 'createdAt' && key !== 'updatedAt',
) as [keyof OrderFormRow, (typeof orderForm)['_']['columns'][keyof OrderFormRow]][];

/**
 * Writes a changed cart in ONE statement (one round trip, no explicit transaction), only if its version
 * is still `before.form.version`: the changed metadata columns, the version bump, the removed lines and
 * an upsert of the changed ones. False when someone else changed the cart meanwhile (nothing written).
 * Every order_form column is covered (read from the table), so a column added later is saved too.
 */
export async function writeCartIfUnchanged(
  db: Database,
  before: CartState,
  after: CartState,
  now: Date,
): Promise<boolean> {
  const values: unknown[] = [after.form.id, before.form.version, now];
  const param = (value: unknown) => `$${values.push(value)}`;
  const sets = ['version = version + 1', 'updated_at = $3'];
  for (const [key, column] of FORM_COLUMNS) {
    if (sameValue(before.form[key], after.form[key])) continue;
    const value = after.form[key];
    sets.push(`${column.name} = ${param(value === null ? null : column.mapToDriverValue(value as never))}`);
  }
  const kept = new Set(after.items.map((item) => item.skuId));
  const removed = before.items.filter((item) => !kept.has(item.skuId)).map((item) => item.skuId);
  const old = new Map(before.items.map((item) => [item.skuId, item]));
  const changed = after.items.filter((item) => !sameItem(old.get(item.skuId), item));
  // synchronous_commit is set inside the statement (a CTE of a one-statement transaction): see updateCart.
  const ctes = [
    `f AS (UPDATE order_form SET ${sets.join(', ')} WHERE id = $1 AND version = $2
      AND set_config('synchronous_commit', 'off', true) IS NOT NULL RETURNING id)`,
  ];
  if (removed.length > 0) {
    ctes.push(`d AS (DELETE FROM order_form_item WHERE order_form_id IN (SELECT id FROM f)
      AND sku_id = ANY(${param(removed)}::int[]))`);
  }
  if (changed.length > 0) {
    ctes.push(`u AS (INSERT INTO order_form_item
        (order_form_id, sku_id, seller_id, quantity, seq, substitute_type, note)
      SELECT f.id, x."skuId", x."sellerId", x.quantity, x.seq, x."substituteType", x.note
      FROM f, jsonb_to_recordset(${param(JSON.stringify(changed))}::jsonb) AS x("skuId" int, "sellerId" text,
        quantity int, seq int, "substituteType" smallint, note text)
      ON CONFLICT (order_form_id, sku_id) DO UPDATE SET seller_id = excluded.seller_id,
        quantity = excluded.quantity, seq = excluded.seq, substitute_type = excluded.substitute_type,
        note = excluded.note)`);
  }
  const text = `WITH ${ctes.join(', ')} SELECT 1 FROM f`;
  // Prepared once per connection and shape (which columns changed, lines removed or upserted): the
  // shapes are few, and PostgreSQL then skips parsing and planning on the same two cores.
  const name = `cart-write-${createHash('sha1').update(text).digest('base64url')}`;
  const { rowCount } = await db.pool.query({ name, text, values });
  return rowCount === 1;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}
