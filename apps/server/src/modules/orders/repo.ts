import { and, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { paymentTransaction, shopOrder, type PaymentStatus } from './tables';
import type { OrderStatus } from '@despensa/contracts';

export type OrderRow = typeof shopOrder.$inferSelect;
export type TransactionRow = typeof paymentTransaction.$inferSelect;

export async function insertGroup(
  tx: Tx,
  orders: (typeof shopOrder.$inferInsert)[],
  transaction: typeof paymentTransaction.$inferInsert,
): Promise<void> {
  // One statement (a data-modifying CTE): one round trip for both tables.
  const placeOrders = tx.insert(shopOrder).values(orders).getSQL();
  await tx.execute(
    sql`WITH placed AS (${placeOrders}) ${tx.insert(paymentTransaction).values(transaction).getSQL()}`,
  );
}

/** The cart's payment still pending, if any (at most one: a unique partial index). */
export async function pendingOf(db: Db | Tx, orderFormId: string): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(paymentTransaction)
    .where(and(eq(paymentTransaction.orderFormId, orderFormId), eq(paymentTransaction.status, 'pending')));
  return row ?? null;
}

/** The cart's payment approved last, if any. */
export async function lastApprovedOf(db: Db | Tx, orderFormId: string): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(paymentTransaction)
    .where(and(eq(paymentTransaction.orderFormId, orderFormId), eq(paymentTransaction.status, 'approved')))
    .orderBy(desc(paymentTransaction.authorizedAt))
    .limit(1);
  return row ?? null;
}

/** How many of the cart's payments are closed (approved, canceled, refunded): the cart's attempt number. */
export async function closedCount(db: Db, orderFormId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentTransaction)
    .where(and(eq(paymentTransaction.orderFormId, orderFormId), ne(paymentTransaction.status, 'pending')));
  return row?.n ?? 0;
}

export async function transactionById(db: Db | Tx, id: string, lock = false) {
  const query = db.select().from(paymentTransaction).where(eq(paymentTransaction.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function transactionByToken(db: Db | Tx, token: string) {
  const [row] = await db.select().from(paymentTransaction).where(eq(paymentTransaction.acquirerToken, token));
  return row ?? null;
}

export async function transactionByGroup(db: Db | Tx, orderGroup: string) {
  const [row] = await db
    .select()
    .from(paymentTransaction)
    .where(eq(paymentTransaction.orderGroup, orderGroup));
  return row ?? null;
}

/** Keeps the acquirer's token unless one is kept already; false then. */
export async function setToken(db: Db, id: string, token: string, url: string): Promise<boolean> {
  const set = await db
    .update(paymentTransaction)
    .set({ acquirerToken: token, acquirerUrl: url })
    .where(and(eq(paymentTransaction.id, id), isNull(paymentTransaction.acquirerToken)))
    .returning({ id: paymentTransaction.id });
  return set.length > 0;
}

export async function updateTransaction(
  tx: Tx,
  id: string,
  change: Partial<
    Pick<TransactionRow, 'status' | 'authorization' | 'authorizedAt' | 'canceledAt' | 'refunded'>
  > & {
    status?: PaymentStatus;
  },
): Promise<void> {
  await tx.update(paymentTransaction).set(change).where(eq(paymentTransaction.id, id));
}

export async function setGroupStatus(tx: Tx, orderGroup: string, status: OrderRow['status'], now: Date) {
  await tx.update(shopOrder).set({ status, lastChange: now }).where(eq(shopOrder.orderGroup, orderGroup));
}

export async function setOrderStatus(db: Db | Tx, orderId: string, status: OrderRow['status'], now: Date) {
  await db.update(shopOrder).set({ status, lastChange: now }).where(eq(shopOrder.orderId, orderId));
}

export async function ordersOfGroup(db: Db | Tx, orderGroup: string): Promise<OrderRow[]> {
  return db.select().from(shopOrder).where(eq(shopOrder.orderGroup, orderGroup)).orderBy(shopOrder.orderId);
}

export async function orderById(db: Db, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(shopOrder).where(eq(shopOrder.orderId, orderId));
  return row ?? null;
}

/** Payments pending since before `before`, oldest first: the reconciliation's work. */
export async function pendingBefore(db: Db, before: Date, limit: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(paymentTransaction)
    .where(and(eq(paymentTransaction.status, 'pending'), lte(paymentTransaction.createdAt, before)))
    .orderBy(paymentTransaction.createdAt)
    .limit(limit);
}

/**
 * The skus a customer's placed orders hold (paid, handled or handed over), bought most often first: by how many
 * orders held the sku, then by units.
 */
/** The final totals of the customer's orders in `statuses` (invoiced or later: loyalty points). */
export async function orderValuesIn(db: Db, userId: string, statuses: readonly string[]): Promise<number[]> {
  const rows = await db
    .select({ value: shopOrder.value })
    .from(shopOrder)
    .where(and(eq(shopOrder.userId, userId), inArray(shopOrder.status, [...statuses] as OrderStatus[])));
  return rows.map((row) => row.value);
}

/** The ids of a customer's orders (the chat notification looks for store messages among them). */
export async function orderIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ orderId: shopOrder.orderId })
    .from(shopOrder)
    .where(eq(shopOrder.userId, userId));
  return rows.map((row) => row.orderId);
}

export async function boughtSkus(db: Db, userId: string): Promise<string[]> {
  const result = await db.execute<{ sku: string }>(sql`
    SELECT item->>'id' AS sku
      FROM ${shopOrder}, jsonb_array_elements(${shopOrder.detail}->'items') AS item
     WHERE ${shopOrder.userId} = ${userId} AND ${shopOrder.status} NOT IN ('payment-pending', 'canceled')
     GROUP BY item->>'id'
     ORDER BY count(DISTINCT ${shopOrder.orderId}) DESC, sum((item->>'quantity')::numeric) DESC, item->>'id'`);
  return result.rows.map((row) => row.sku);
}
