import { and, desc, eq, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_IDS, currentOrdersSince, zonedInstant } from '@despensa/domain';
import {
  Failure,
  type LastOrderItems,
  type Order,
  type OrderList,
  type OrderListQuery,
  type OmsOrderListQuery,
} from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import type { OrderRow } from './repo';
import { orderView } from './order-view';
import { paymentTransaction, shopOrder } from './tables';

type Detail = OrderRow['detail'];

/**
 * An order the shopper placed: not a payment attempt that never succeeded (a declined card, a mistyped
 * gift card, an abandoned Webpay page), whose group was canceled before any approval. Those stay in the
 * tables for the operators and the audit, out of the shopper's purchases (issue 28).
 */
const placedByShopper = sql`(${shopOrder.status} <> 'canceled' OR EXISTS (SELECT 1 FROM ${paymentTransaction}
  WHERE ${paymentTransaction.orderGroup} = ${shopOrder.orderGroup} AND ${paymentTransaction.authorizedAt} IS NOT NULL))`;

/**
 * The shopper's purchases after checkout (§7 Orders): the list (current and old, paged from 1, filtered
 * by status and date), the last order, and the writes the reschedule, cancel and edit flows make, each
 * in the flow's transaction. Only the customer who placed an order reaches it: anyone else gets a 404.
 */
export class PurchasesService {
  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(userId: string, query: OrderListQuery): Promise<OrderList> {
    const now = this.clock();
    const split = currentOrdersSince(now);
    const where: SQL[] = [
      eq(shopOrder.userId, userId),
      placedByShopper,
      query.scope === 'current' ? gte(shopOrder.createdAt, split) : lt(shopOrder.createdAt, split),
    ];
    if (query.f_status?.length) where.push(inArray(shopOrder.status, query.f_status));
    if (query.from) where.push(gte(shopOrder.createdAt, dayStart(query.from)));
    if (query.to) where.push(lt(shopOrder.createdAt, dayStart(query.to, 1)));
    return this.page(where, query.page, query.per_page, now);
  }

  /**
   * The chain's ERP reading every customer's orders (VTEX OMS, an app key with `orders-read`): those placed,
   * not the payment attempts that never succeeded, newest first.
   */
  chainList(query: OmsOrderListQuery): Promise<OrderList> {
    const where: SQL[] = [placedByShopper];
    if (query.f_status?.length) where.push(inArray(shopOrder.status, query.f_status));
    if (query.f_creationDate) {
      where.push(gte(shopOrder.createdAt, query.f_creationDate.from));
      where.push(lte(shopOrder.createdAt, query.f_creationDate.to));
    }
    return this.page(where, query.page, query.per_page, this.clock());
  }

  /** Any customer's order, for the chain's ERP (orderNotFound). */
  async chainOrder(orderId: string): Promise<Order> {
    const [row] = await this.database.db.select().from(shopOrder).where(eq(shopOrder.orderId, orderId));
    if (!row) throw new Failure('orderNotFound');
    return orderView(row, this.clock());
  }

  private async page(where: SQL[], page: number, perPage: number, now: Date): Promise<OrderList> {
    const db = this.database.db;
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopOrder)
      .where(and(...where));
    const total = counted?.n ?? 0;
    const rows = await db
      .select()
      .from(shopOrder)
      .where(and(...where))
      .orderBy(desc(shopOrder.createdAt), desc(shopOrder.orderId))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return {
      list: rows.map((row) => {
        const window = row.detail.shippingData.deliveryWindow;
        const view = orderView(row, now);
        return {
          orderId: row.orderId,
          orderGroup: row.orderGroup,
          creationDate: row.createdAt.toISOString(),
          totalValue: row.value,
          totalItems: row.detail.items.length,
          status: row.status,
          statusDescription: view.statusDescription,
          selectedSla: row.detail.shippingData.selectedSla,
          ShippingEstimatedDate: window?.startDateUtc ?? null,
          ShippingEstimatedDateMax: window?.endDateUtc ?? null,
        };
      }),
      paging: { total, pages: Math.ceil(total / perPage), currentPage: page, perPage },
    };
  }

  /** GET /api/orders/lastone: the customer's last order that was paid (or is being paid). */
  async lastOne(userId: string): Promise<Order> {
    const row = await this.lastRow(userId);
    return orderView(row, this.clock());
  }

  /** GET /api/orders/last: the lines of the customer's last order group, for §4 repeat last order. */
  async lastItems(userId: string): Promise<LastOrderItems> {
    const row = await this.lastRow(userId);
    const group = await this.database.db
      .select()
      .from(shopOrder)
      .where(eq(shopOrder.orderGroup, row.orderGroup))
      .orderBy(shopOrder.orderId);
    return {
      orderId: row.orderId,
      items: group.flatMap((order) =>
        order.detail.items.map(({ id, quantity, seller, name }) => ({ id, quantity, seller, name })),
      ),
    };
  }

  private async lastRow(userId: string): Promise<OrderRow> {
    const [row] = await this.database.db
      .select()
      .from(shopOrder)
      .where(and(eq(shopOrder.userId, userId), ne(shopOrder.status, 'payment-pending'), placedByShopper))
      .orderBy(desc(shopOrder.createdAt), shopOrder.orderId)
      .limit(1);
    if (!row) throw new Failure('orderNotFound', { message: 'Aún no tienes compras' });
    return row;
  }

  // ---- writes, in a flow's transaction ----

  /** The customer's order under its row lock; anyone else's (or none) is orderNotFound. */
  async lockOwn(userId: string, orderId: string, tx: Tx): Promise<OrderRow> {
    const [row] = await tx.select().from(shopOrder).where(eq(shopOrder.orderId, orderId)).for('update');
    if (!row || row.userId !== userId) throw new Failure('orderNotFound');
    return row;
  }

  viewOf(row: OrderRow): Order {
    return orderView(row, this.clock());
  }

  /** The statuses of the group's other orders (a window is the group's until every order is canceled). */
  async othersOfGroup(row: OrderRow, tx: Tx): Promise<OrderRow['status'][]> {
    const rows = await tx
      .select({ status: shopOrder.status })
      .from(shopOrder)
      .where(and(eq(shopOrder.orderGroup, row.orderGroup), ne(shopOrder.orderId, row.orderId)));
    return rows.map((each) => each.status);
  }

  async markCanceled(row: OrderRow, data: NonNullable<Detail['cancellationData']>, tx: Tx): Promise<Order> {
    return this.write(row, { ...row.detail, cancellationData: data }, tx, 'canceled');
  }

  /** The group's orders now deliver in `window`. */
  async setWindow(orderGroup: string, window: { startDateUtc: string; endDateUtc: string }, tx: Tx) {
    await tx
      .update(shopOrder)
      .set({
        detail: sql`jsonb_set(${shopOrder.detail}, '{shippingData,deliveryWindow}', ${JSON.stringify(window)}::jsonb)`,
        lastChange: this.clock(),
      })
      .where(eq(shopOrder.orderGroup, orderGroup));
  }

  /**
   * The order's new lines after an edit: its value moves by `difference`; its Items total by what the
   * lines' prices add up to (`listDifference`) and its Discounts by the rest, so the totals still add up.
   */
  async replaceItems(
    row: OrderRow,
    items: Detail['items'],
    change: { difference: number; listDifference: number },
    tx: Tx,
  ): Promise<Order> {
    const { difference, listDifference } = change;
    const discounts = difference - listDifference;
    const totals = row.detail.totals.map((total) => {
      if (total.id === 'Items') return { ...total, value: total.value + listDifference };
      if (total.id === 'Discounts') return { ...total, value: total.value + discounts };
      return total;
    });
    if (discounts !== 0 && !totals.some((total) => total.id === 'Discounts')) {
      totals.push({ id: 'Discounts', name: 'Descuentos', value: discounts });
    }
    const value = row.value + difference;
    // The difference is the card's (charged or refunded there); a gift card's part never moves.
    const payments = row.detail.paymentData.transactions.map((transaction) => {
      const moved = transaction.payments.findLastIndex(
        (payment) => Number(payment.paymentSystem) !== PAYMENT_IDS.giftCard,
      );
      return {
        ...transaction,
        payments: transaction.payments.map((payment, index) =>
          index === moved ? { ...payment, value: payment.value + difference } : payment,
        ),
      };
    });
    return this.write(
      row,
      { ...row.detail, items, totals, value, paymentData: { transactions: payments } },
      tx,
      row.status,
      value,
    );
  }

  /**
   * A refund of `amount` through the order's payment: counted on the transaction, which reads refunded
   * once nothing is left charged.
   */
  async recordRefund(transactionId: string, amount: number, tx: Tx): Promise<void> {
    await tx
      .update(paymentTransaction)
      .set({
        refunded: sql`${paymentTransaction.refunded} + ${amount}`,
        status: sql`CASE WHEN ${paymentTransaction.refunded} + ${amount} >= ${paymentTransaction.value} THEN 'refunded' ELSE ${paymentTransaction.status} END`,
        canceledAt: sql`CASE WHEN ${paymentTransaction.refunded} + ${amount} >= ${paymentTransaction.value} THEN ${this.clock()} ELSE ${paymentTransaction.canceledAt} END`,
      })
      .where(eq(paymentTransaction.id, transactionId));
  }

  /**
   * An edit's higher total charged to the card that paid: the payment's value grows by it and the charge
   * is kept (its buy order, for refunds later), in `tx`.
   */
  async recordCharge(
    transactionId: string,
    charge: { buyOrder: string; storeBuyOrder: string; amount: number },
    tx: Tx,
  ): Promise<void> {
    await tx
      .update(paymentTransaction)
      .set({
        value: sql`${paymentTransaction.value} + ${charge.amount}`,
        authorization: sql`jsonb_set(coalesce(${paymentTransaction.authorization}, '{}'::jsonb), '{editCharges}',
          coalesce(${paymentTransaction.authorization} -> 'editCharges', '[]'::jsonb) || ${JSON.stringify([charge])}::jsonb)`,
      })
      .where(eq(paymentTransaction.id, transactionId));
  }

  private async write(
    row: OrderRow,
    detail: Detail,
    tx: Tx,
    status: OrderRow['status'],
    value = row.value,
  ): Promise<Order> {
    const [written] = await tx
      .update(shopOrder)
      .set({ detail, status, value, lastChange: this.clock() })
      .where(eq(shopOrder.orderId, row.orderId))
      .returning();
    return orderView(written!, this.clock());
  }
}

/** Midnight in Santiago of an AAAA-MM-DD day (plus `days`). */
function dayStart(day: string, days = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return zonedInstant(y, m, d + days, 0, 0);
}
