import { canEditOrder, editSettlement, editedLineCost, lineCost } from '@despensa/domain';
import { Failure, type EditOrderAnswer, type EditOrderBody } from '@despensa/contracts';
import { productImageUrl } from '../modules/catalog/service';
import { defineFlow } from './flow';
import type { OrderChangeModules } from './cancel-order';
import { cardLeftOf, chargeSavedCard, refundCharge, refundThroughPayment } from './order-payment';

type Line = EditOrderAnswer['order']['items'][number];

/**
 * Editing an order (add, remove, change quantities) until ORDER_EDIT_CUTOFF_MS before its window, in ONE
 * transaction. A line keeps the unit price it was bought at (its promotions pro rata); a new line takes
 * the offer's price in the order's store now. Sold units follow the new quantities. The change of total
 * is settled through the payment the order was paid with, as `editSettlement` states: a lower total
 * refunded in part, a higher one charged to the saved one-click card (the last step but one: if writing
 * it fails, the charge is given back), refused otherwise.
 */
export function editOrderFlow(modules: OrderChangeModules) {
  const { catalog, orders, purchases } = modules;
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
      const items: Line[] = before.map((item) => ({ ...item }));
      const added = body.items.filter((c) => c.quantity > 0 && !items.some((item) => item.id === c.id));
      const offers = await catalog.offersInDatabase(
        added.map((c) => Number(c.id)),
        salesChannel,
        tx,
      );
      const stock: { skuId: number; salesChannel: number; sellerId: string; quantity: number }[] = [];
      for (const change of body.items) {
        const line = items.find((item) => item.id === change.id);
        if (line) {
          stock.push({
            skuId: Number(line.id),
            salesChannel,
            sellerId: line.seller,
            quantity: change.quantity - line.quantity,
          });
          // Fewer or more units of a line cost its paid unit price (promotions kept pro rata), in whole pesos.
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
          sellingPrice: offer.price,
          total: offer.price * change.quantity,
          imageUrl: productImageUrl(entry.sku),
        });
        stock.push({
          skuId: Number(change.id),
          salesChannel,
          sellerId: row.sellerId,
          quantity: change.quantity,
        });
      }
      const kept = items.filter((item) => item.quantity > 0);
      if (kept.length === 0) throw new Failure('orderEmpty', { field: 'items' });
      const sum = (lines: Line[]) => lines.reduce((total, item) => total + lineCost(item), 0);
      const difference = sum(kept) - sum(before);
      const listDifference =
        kept.reduce((total, item) => total + item.price * item.quantity, 0) -
        before.reduce((total, item) => total + item.price * item.quantity, 0);
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
      if (settlement.kind === 'refund') {
        await step('recordRefund', () => purchases.recordRefund(payment.id, settlement.amount, tx));
        await step('refund', () => refundThroughPayment(modules, payment, settlement.amount));
      }
      if (settlement.kind === 'charge') {
        const charge = await step(
          'chargeSavedCard',
          () => chargeSavedCard(modules, payment, settlement.amount),
          (done) => refundCharge(modules, done),
        );
        await step('recordCharge', () => purchases.recordCharge(payment.id, charge, tx));
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
