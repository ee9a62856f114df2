import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  Failure,
  type Fulfilment,
  type FulfilmentLineView,
  type Order,
  type OrderStatus,
} from '@despensa/contracts';
import {
  deliveryMethodById,
  finalLineTotal,
  finalOrderTotal,
  isWeighed,
  lineAmount,
  measureOf,
  unansweredDefault,
  DEFAULT_REPLACEMENT_CRITERIA,
  DELIVERY_METHODS,
  type FulfilmentLine,
} from '@despensa/domain';
import type { Db, Tx } from '../../db/client';
import { orderFulfilment, paymentTransaction, shopOrder, type PickedLine } from './tables';

type OrderRow = typeof shopOrder.$inferSelect;
type FulfilmentRow = typeof orderFulfilment.$inferSelect;

/** An order with its picking, locked or read together. */
export interface OrderInHand {
  order: OrderRow;
  fulfilment: FulfilmentRow | null;
}

/** What the store does to an order after payment: the §7 workflow's handling, invoice and hand-over. */
const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus[]>> = {
  'ready-for-handling': ['handling'],
  handling: ['invoiced'],
  invoiced: ['delivered', 'collected'],
};

/** Home delivery and express end 'delivered'; store pickup and Click al Auto end 'collected'. */
function handOverStatus(selectedSla: string | null): 'delivered' | 'collected' {
  const kind = selectedSla ? deliveryMethodById(selectedSla)?.kind : undefined;
  return kind === 'storePickup' || kind === 'carPickup' ? 'collected' : 'delivered';
}

function deliveryMethodName(selectedSla: string | null): string {
  return (
    (selectedSla ? deliveryMethodById(selectedSla)?.name : undefined) ?? DELIVERY_METHODS.homeDelivery.name
  );
}

/**
 * Picking, weighing, replacements, the receipt and hand-over of orders. Every write takes the caller's
 * transaction (the pick-order flow audits and pushes in the same one) and works on a locked order.
 */
export class OrderFulfilment {
  constructor(private readonly db: Db) {}

  /** The orders of a store's channel in the given statuses, by delivery window. */
  async storeOrders(salesChannel: number, statuses: OrderStatus[]): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(shopOrder)
      .where(and(eq(shopOrder.salesChannel, salesChannel), inArray(shopOrder.status, statuses)))
      .orderBy(shopOrder.createdAt);
  }

  /** Reads (with `tx` and `lock`, locks) an order and its picking; orderNotFound when absent. */
  async get(orderId: string, tx?: Tx, lock = true): Promise<OrderInHand> {
    const query = (tx ?? this.db).select().from(shopOrder).where(eq(shopOrder.orderId, orderId));
    const [order] = tx && lock ? await query.for('update') : await query;
    if (!order) throw new Failure('orderNotFound');
    const [fulfilment] = await (tx ?? this.db)
      .select()
      .from(orderFulfilment)
      .where(eq(orderFulfilment.orderId, orderId));
    return { order, fulfilment: fulfilment ?? null };
  }

  /** ready-for-handling → handling: every line waits to be picked. */
  async startHandling(tx: Tx, held: OrderInHand, now: Date): Promise<void> {
    await this.move(tx, held.order, 'handling', now);
    const lines: PickedLine[] = held.order.detail.items.map(() => ({
      state: 'pending',
      realGrams: null,
      replacement: null,
    }));
    // A Click al Auto shopper may have arrived (and made the row) before picking started.
    const [row] = await tx
      .insert(orderFulfilment)
      .values({ orderId: held.order.orderId, lines, updatedAt: now })
      .onConflictDoUpdate({ target: orderFulfilment.orderId, set: { lines, updatedAt: now } })
      .returning();
    held.fulfilment = row!;
  }

  /** Changes one line while the order is in handling; answers the line before and after. */
  async changeLine(
    tx: Tx,
    held: OrderInHand,
    index: number,
    change: (line: PickedLine, item: Order['items'][number], substituteType: number) => PickedLine,
    now: Date,
    statuses: OrderStatus[] = ['handling'],
  ): Promise<{ before: PickedLine; after: PickedLine }> {
    if (!statuses.includes(held.order.status) || !held.fulfilment) throw new Failure('orderWrongStatus');
    const item = held.order.detail.items[index];
    const before = held.fulfilment.lines[index];
    if (!item || !before) throw new Failure('lineNotFound');
    const after = change(before, item, substituteTypeOf(held.order, item.id));
    const lines = held.fulfilment.lines.map((line, at) => (at === index ? after : line));
    await tx
      .update(orderFulfilment)
      .set({ lines, updatedAt: now })
      .where(eq(orderFulfilment.orderId, held.order.orderId));
    held.fulfilment = { ...held.fulfilment, lines, updatedAt: now };
    return { before, after };
  }

  /**
   * handling → invoiced: unanswered proposals take their default, the final total is worked out (the cap
   * rule of finalOrderTotal) and kept as the order's value, and the receipt is issued for exactly that.
   */
  async invoice(tx: Tx, held: OrderInHand, now: Date): Promise<{ total: number; refunded: number }> {
    if (held.order.status !== 'handling' || !held.fulfilment) throw new Failure('orderWrongStatus');
    if (held.fulfilment.lines.some((line) => line.state === 'pending'))
      throw new Failure('pickingUnfinished');
    const lines = held.fulfilment.lines.map((line, index) =>
      line.replacement?.answer === 'pending'
        ? {
            ...line,
            replacement: {
              ...line.replacement,
              answer: unansweredDefault(substituteTypeOf(held.order, held.order.detail.items[index]!.id)),
            },
          }
        : line,
    );
    const { total, refunded } = finalOrderTotal(held.order.value, this.ruleLines(held.order, lines));
    const receipt = {
      number: `B-${held.order.orderId}`,
      issuedAt: now.toISOString(),
      total,
      refunded,
    };
    await tx
      .update(orderFulfilment)
      .set({ lines, receipt, updatedAt: now })
      .where(eq(orderFulfilment.orderId, held.order.orderId));
    await tx
      .update(shopOrder)
      .set({ value: total, detail: { ...held.order.detail, value: total } })
      .where(eq(shopOrder.orderId, held.order.orderId));
    await this.move(tx, held.order, 'invoiced', now);
    held.fulfilment = { ...held.fulfilment, lines, receipt, updatedAt: now };
    held.order.value = total;
    return { total, refunded };
  }

  /** invoiced → delivered or collected, as the delivery mode says. */
  async handOver(tx: Tx, held: OrderInHand, now: Date): Promise<OrderStatus> {
    const to = handOverStatus(held.order.detail.shippingData.selectedSla);
    await this.move(tx, held.order, to, now);
    return to;
  }

  /** Part of the payment went back to the shopper (the receipt's refund, at the acquirer). */
  async recordRefund(transactionId: string, amount: number): Promise<void> {
    await this.db
      .update(paymentTransaction)
      .set({ refunded: sql`${paymentTransaction.refunded} + ${amount}` })
      .where(eq(paymentTransaction.id, transactionId));
  }

  /** Click al Auto: the shopper is at the store ('llegué'). */
  async arrived(tx: Tx, held: OrderInHand, now: Date): Promise<void> {
    if (deliveryMethodById(held.order.detail.shippingData.selectedSla ?? '')?.kind !== 'carPickup')
      throw new Failure('orderWrongStatus');
    if (!['ready-for-handling', 'handling', 'invoiced'].includes(held.order.status))
      throw new Failure('orderWrongStatus');
    const [row] = await tx
      .insert(orderFulfilment)
      .values({ orderId: held.order.orderId, lines: [], arrivedAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: orderFulfilment.orderId, set: { arrivedAt: now, updatedAt: now } })
      .returning();
    held.fulfilment = row!;
  }

  /** The order as picked, for the console and the shopper; `aisleOf` names each item's aisle. */
  view(held: OrderInHand, aisleOf: (productId: string) => string, statusDescription: string): Fulfilment {
    const { order } = held;
    const picked = held.fulfilment?.lines ?? [];
    const ruleLines = this.ruleLines(
      order,
      order.detail.items.map(
        (_, index) => picked[index] ?? { state: 'pending', realGrams: null, replacement: null },
      ),
    );
    const lines: FulfilmentLineView[] = order.detail.items.map((item, index) => {
      const line = picked[index];
      const rule = ruleLines[index]!;
      const weighed = isWeighed(item.measurementUnit);
      const skuData = order.detail.orderInfo.skuData[item.id];
      return {
        index,
        id: item.id,
        name: item.name,
        imageUrl: item.imageUrl,
        aisle: aisleOf(item.productId),
        quantity: item.quantity,
        measurementUnit: item.measurementUnit,
        unitMultiplier: item.unitMultiplier,
        sellingPrice: item.sellingPrice,
        substituteType: rule.substituteType === 2 ? 2 : 6,
        note: skuData?.note ?? null,
        state: line?.state ?? 'pending',
        weighed,
        estimatedGrams: weighed ? Math.round(measureOf(item) * 1000) : null,
        realGrams: line?.realGrams ?? null,
        estimatedTotal: lineAmount(rule),
        total: finalLineTotal(rule),
        replacement: line?.replacement ?? null,
      };
    });
    const settled = held.fulfilment?.receipt;
    const worked = finalOrderTotal(order.value, ruleLines);
    // After the receipt the order's value is the final total already: the authorised amount is the payment's.
    const authorised = settled ? settled.total + settled.refunded : order.value;
    return {
      orderId: order.orderId,
      status: order.status,
      statusDescription,
      deliveryMethod: deliveryMethodName(order.detail.shippingData.selectedSla),
      deliveryWindow: order.detail.shippingData.deliveryWindow,
      clientName: [order.detail.clientProfileData.firstName, order.detail.clientProfileData.lastName]
        .filter(Boolean)
        .join(' '),
      authorised,
      total: settled ? settled.total : worked.total,
      capped: settled ? finalOrderTotal(authorised, ruleLines).capped : worked.capped,
      refunded: settled ? settled.refunded : worked.refunded,
      lines,
      receipt: settled ?? null,
      arrivedAt: held.fulfilment?.arrivedAt?.toISOString() ?? null,
    };
  }

  private ruleLines(order: OrderRow, lines: PickedLine[]): FulfilmentLine[] {
    return order.detail.items.map((item, index) => ({
      quantity: item.quantity,
      sellingPrice: item.sellingPrice,
      total: item.total,
      measurementUnit: item.measurementUnit,
      unitMultiplier: item.unitMultiplier,
      substituteType: substituteTypeOf(order, item.id),
      state: lines[index]?.state ?? 'pending',
      realGrams: lines[index]?.realGrams ?? null,
      replacement: lines[index]?.replacement ?? null,
    }));
  }

  private async move(tx: Tx, order: OrderRow, to: OrderStatus, now: Date): Promise<void> {
    if (!NEXT_STATUS[order.status]?.includes(to)) throw new Failure('orderWrongStatus');
    await tx
      .update(shopOrder)
      .set({ status: to, lastChange: now })
      .where(eq(shopOrder.orderId, order.orderId));
    order.status = to;
    order.lastChange = now;
  }
}

/** The line's preference (§4): its own, else the order's, else the store criterion. */
function substituteTypeOf(order: OrderRow, sku: string): number {
  return (
    order.detail.orderInfo.skuData[sku]?.substituteType ??
    order.detail.orderInfo.substituteType ??
    DEFAULT_REPLACEMENT_CRITERIA
  );
}
