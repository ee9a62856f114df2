import type { AuditService } from '../modules/audit/service';
import { CANCEL_REASONS, canCancel } from '@despensa/domain';
import { Failure, type CancelBody, type Order } from '@despensa/contracts';
import type { CatalogService } from '../modules/catalog/service';
import type { DeliveryService } from '../modules/shipping/service';
import type { OrdersService } from '../modules/orders/service';
import type { PurchasesService } from '../modules/orders/purchases';
import { defineFlow } from './flow';
import type { PaymentProviders } from '../providers/payments/registry';
import { refundThroughPayment } from './order-payment';

export interface OrderChangeModules {
  payments: PaymentProviders;
  /** A customer's own change of an order is audited too: support reads it on the order's timeline. */
  audit: AuditService;
  catalog: CatalogService;
  delivery: DeliveryService;
  orders: OrdersService;
  purchases: PurchasesService;
}

/**
 * §7 POST /api/order/cancel/{id}, in ONE transaction: only while the order has not started to be picked
 * (never once invoiced); its units go back to the stock, the window's place back to the window once no
 * order of its group is left, and its value is refunded through the payment it was paid with. The
 * acquirer's refund is the last step: if it is refused, nothing else happened.
 */
export function cancelOrderFlow(modules: OrderChangeModules) {
  const { catalog, delivery, orders, purchases } = modules;
  return defineFlow<{ userId: string; orderId: string; body: CancelBody; now: string }, Order>(
    'cancel-order',
    async ({ userId, orderId, body, now }, { tx, step }) => {
      const row = await step('lockOrder', () => purchases.lockOwn(userId, orderId, tx));
      if (!canCancel(row.status)) throw new Failure('orderNotCancellable');
      await step('returnStock', () => catalog.returnSoldStock(row.orderGroup, row.sellerId, tx));
      const others = await purchases.othersOfGroup(row, tx);
      if (others.every((status) => status === 'canceled')) {
        await step('returnWindow', () => delivery.releaseOrderWindow(row.orderGroup, tx));
      }
      const reason = CANCEL_REASONS.find((each) => each.id === body.reason)!;
      const canceled = await step('markCanceled', () =>
        purchases.markCanceled(
          row,
          { reason: reason.label, comment: body.comment, requestedBy: body.phone, date: now },
          tx,
        ),
      );
      const transactionId = row.detail.paymentData.transactions[0]!.transactionId;
      const payment = await orders.payment(transactionId, tx, true);
      if (!payment) throw new Failure('paymentNotFound');
      await step('recordRefund', () => purchases.recordRefund(payment.id, row.value, tx));
      await step('refund', () => refundThroughPayment(modules.payments, payment, row.value));
      return canceled;
    },
  );
}
