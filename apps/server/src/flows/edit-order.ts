import {
  amountAt,
  canEditOrder,
  editSettlement,
  editedLineCost,
  lineAmount,
  measureOf,
} from '@despensa/domain';
import { Failure, type EditOrderAnswer, type EditOrderBody } from '@despensa/contracts';
import type { Tx } from '../db/client';
import type { PurchasesService } from '../modules/orders/purchases';
import { productImageUrl, type CatalogService } from '../modules/catalog/service';
import { cardLeftOf } from '../providers/payments/provider';
import { defineFlow } from './flow';
import type { OrderChangeModules } from './cancel-order';
import { refundThroughPayment } from './order-payment';

type Line = EditOrderAnswer['order']['items'][number];
type OrderRow = Awaited<ReturnType<PurchasesService['lockOwn']>>;
type StockChange = { skuId: number; salesChannel: number; sellerId: string; quantity: number };

/**
 * Editing an order (add, remove, change quantities) until ORDER_EDIT_CUTOFF_MS before its window, in ONE
 * transaction. A line keeps the unit price it was bought at (its promotions pro rata); a new line takes
 * the price the shelf and the cart give it in the order's store now (its promotions applied). Sold units
 * follow the new quantities. The change of total is settled through the payment the order was paid with,
 * as `editSettlement` states: a lower total refunded in part, a higher one charged to the saved one-click
 * card (the last step but one: if writing it fails, the charge is given back), refused otherwise.
 */
export function editOrderFlow(modules: OrderChangeModules) {
  const { catalog, orders, purchases, payments, audit } = modules;
  return defineFlow<{ userId: string; orderId: string; body: EditOrderBody; now: string }, EditOrderAnswer>(
    'edit-order',
    async ({ userId, orderId, body, now }, { tx, step }) => {
      const row = await step('lockOrder', () => purchases.lockOwn(userId, orderId, tx));
      const window = row.detail.shippingData.deliveryWindow;
      const windowStart = window ? new Date(window.startDateUtc) : null;
      if (!canEditOrder(row.status, windowStart, new Date(now))) throw new Failure('orderNotEditable');
      const salesChannel = await catalog.channelOfSold(row.orderGroup, tx);
      if (salesChannel === null) throw new Failure('orderNotEditable');
      const before = row.detail.items;
      const { items, stock } = await editedLines(catalog, { row, salesChannel, body, now }, tx);
      const kept = items.filter((item) => item.quantity > 0);
      if (kept.length === 0) throw new Failure('orderEmpty', { field: 'items' });
      const sum = (lines: Line[]) => lines.reduce((total, item) => total + lineAmount(item), 0);
      const difference = sum(kept) - sum(before);
      const offerSum = (lines: Line[]) =>
        lines.reduce((total, item) => total + amountAt(item.price, measureOf(item)), 0);
      const listDifference = offerSum(kept) - offerSum(before);
      const payment = await orders.payment(row.detail.paymentData.transactions[0]!.transactionId, tx, true);
      if (!payment) throw new Failure('paymentNotFound');
      const settlement = editSettlement(
        { channel: payment.channel, cardLeft: cardLeftOf(payment) },
        difference,
      );
      if (settlement.kind === 'refused') throw new Failure(settlement.failure, { field: 'items' });
      await step('changeStock', () => catalog.changeSoldStock(row.orderGroup, stock, tx));
      const order = await step('writeItems', () =>
        purchases.replaceItems(row, kept, { difference, listDifference }, tx),
      );
      const lines = (list: Line[]) => list.map(({ name, quantity }) => ({ name, quantity }));
      await step('audit', () =>
        audit.record(tx, {
          actor: { kind: 'customer', id: userId },
          action: 'order.edit',
          subject: `order:${orderId}`,
          before: { value: row.value, items: lines(before) },
          after: { value: order.value, items: lines(kept), difference },
        }),
      );
      if (settlement.kind === 'refund') {
        await step('recordRefund', () => purchases.recordRefund(payment.id, settlement.amount, tx));
        await step('refund', () => refundThroughPayment(payments, payment, settlement.amount));
      }
      if (settlement.kind === 'charge') {
        const captured = await step(
          'chargeSavedCard',
          () => payments.of(payment.channel).capture(payment, settlement.amount),
          (done) => done.undo(),
        );
        await step('recordCharge', () => purchases.recordCharge(payment.id, captured.charge, tx));
      }
      return {
        order,
        difference,
        charged: settlement.kind === 'charge' ? settlement.amount : 0,
        refunded: settlement.kind === 'refund' ? settlement.amount : 0,
      };
    },
  );
}

/**
 * The order's lines after the edit's changes, and the sold units each change moves. A line bought keeps
 * its paid unit price (promotions pro rata, in whole pesos); a new line is priced as the shelf prices it
 * now in the order's store and seller.
 */
async function editedLines(
  catalog: CatalogService,
  { row, salesChannel, body, now }: { row: OrderRow; salesChannel: number; body: EditOrderBody; now: string },
  tx: Tx,
): Promise<{ items: Line[]; stock: StockChange[] }> {
  const items: Line[] = row.detail.items.map((item) => ({ ...item }));
  const added = body.items.filter((c) => c.quantity > 0 && !items.some((item) => item.id === c.id));
  const offers = await catalog.offersInDatabase(
    added.map((c) => Number(c.id)),
    salesChannel,
    tx,
  );
  const stock: StockChange[] = [];
  for (const change of body.items) {
    const line = items.find((item) => item.id === change.id);
    if (line) {
      stock.push({
        skuId: Number(line.id),
        salesChannel,
        sellerId: line.seller,
        quantity: change.quantity - line.quantity,
      });
      line.total = editedLineCost(line, change.quantity);
      line.quantity = change.quantity;
      continue;
    }
    if (change.quantity === 0) continue;
    const offer = offers.find(
      (each) => each.skuId === Number(change.id) && each.sellerId === row.sellerId && each.listPrice > 0,
    );
    const entry = catalog.index.skusById.get(Number(change.id));
    if (!offer || !entry) throw new Failure('productNotSold', { field: 'items' });
    const priced = catalog.index.offerLinePrice(entry, offer, change.quantity, salesChannel, new Date(now));
    items.push({
      id: change.id,
      productId: String(entry.product.id),
      name: entry.sku.name,
      quantity: change.quantity,
      seller: row.sellerId,
      measurementUnit: entry.sku.measurementUnit,
      unitMultiplier: entry.sku.unitMultiplier,
      price: offer.price,
      listPrice: offer.listPrice,
      sellingPrice: priced.sellingPrice,
      total: priced.total,
      imageUrl: productImageUrl(entry.sku),
    });
    stock.push({ skuId: Number(change.id), salesChannel, sellerId: row.sellerId, quantity: change.quantity });
  }
  return { items, stock };
}
