import { and, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import { zonedInstant } from '@despensa/domain';
import { Failure, type SupportOrderSummary } from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import type { OrderRow } from './repo';
import { orderView } from './order-view';
import { orderLineRefund, shopOrder } from './tables';

/** A search answers at most this many orders, newest first. */
const FOUND_LIMIT = 50;

export type LineRefundRow = typeof orderLineRefund.$inferSelect;
/** An order as its module keeps it (the support desk's timeline reads its detail). */
export type SupportOrderRow = OrderRow;

/**
 * The orders as the back office's support desk reads them (issue 30 §4): any customer's, found by order id
 * or group, by customer or by day; and the lines support refunded. Who may read them is the caller's
 * check (the support role); a shopper's own routes never come here.
 */
export class SupportOrders {
  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Orders whose id or group is `id`, of these customers, or placed on `day` (AAAA-MM-DD, Santiago). */
  async find(by: { id?: string; userIds?: string[]; day?: string }): Promise<SupportOrderSummary[]> {
    const who: SQL[] = [
      ...(by.id ? [eq(shopOrder.orderId, by.id), eq(shopOrder.orderGroup, by.id)] : []),
      ...(by.userIds?.length ? [inArray(shopOrder.userId, by.userIds)] : []),
    ];
    const where: SQL[] = [];
    if (who.length > 0) where.push(or(...who)!);
    if (by.day) {
      const [y, m, d] = by.day.split('-').map(Number) as [number, number, number];
      where.push(gte(shopOrder.createdAt, zonedInstant(y, m, d, 0, 0)));
      where.push(lt(shopOrder.createdAt, zonedInstant(y, m, d + 1, 0, 0)));
    }
    if (where.length === 0) return [];
    const rows = await this.database.db
      .select()
      .from(shopOrder)
      .where(and(...where))
      .orderBy(desc(shopOrder.createdAt), shopOrder.orderId)
      .limit(FOUND_LIMIT);
    return rows.map((row) => this.summary(row));
  }

  summary(row: OrderRow): SupportOrderSummary {
    const view = orderView(row, this.clock());
    return {
      orderId: row.orderId,
      orderGroup: row.orderGroup,
      creationDate: row.createdAt.toISOString(),
      status: row.status,
      statusDescription: view.statusDescription,
      value: row.value,
      email: row.detail.clientProfileData.email ?? null,
    };
  }

  /** The order (under its row lock in `tx`); orderNotFound when there is none. */
  async order(orderId: string, tx?: Tx): Promise<OrderRow> {
    const query = (tx ?? this.database.db).select().from(shopOrder).where(eq(shopOrder.orderId, orderId));
    const [row] = tx ? await query.for('update') : await query;
    if (!row) throw new Failure('orderNotFound');
    return row;
  }

  lineRefunds(orderId: string, tx?: Tx): Promise<LineRefundRow[]> {
    return (tx ?? this.database.db)
      .select()
      .from(orderLineRefund)
      .where(eq(orderLineRefund.orderId, orderId))
      .orderBy(orderLineRefund.line);
  }

  /** Writes a line's refund in `tx` (the caller holds the order's lock and checked it was not refunded). */
  async recordLineRefund(
    tx: Tx,
    entry: { orderId: string; line: number; amount: number; staffId: string },
  ): Promise<LineRefundRow> {
    const [row] = await tx
      .insert(orderLineRefund)
      .values({ ...entry, refundedAt: this.clock() })
      .returning();
    return row!;
  }
}
