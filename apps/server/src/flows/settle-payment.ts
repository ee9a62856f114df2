import { Failure, isFailureCode } from '@despensa/contracts';
import type { PaymentRecord } from '../modules/orders/service';
import type { PaymentOutcome } from '../providers/payments/provider';
import { approvalProvesPrices } from './acquirer-return';
import { defineFlow } from './flow';
import type { CheckoutModules } from './place-order-flow';

export interface SettleResult {
  orderGroup: string;
  /** The payment's channel (its provider), as metrics count it. */
  channel: PaymentRecord['channel'];
  status: PaymentRecord['status'];
  /** An approved charge with no order to complete: refund it. */
  refund: boolean;
  /** This run approved it (send the confirmation once). */
  approvedNow?: boolean;
  /** This run canceled it (give a gift card's part back once). */
  canceledNow?: boolean;
  /** The card that paid does not prove the prices (refunded). */
  cardMismatch?: boolean;
}

/**
 * Settling a payment, in ONE transaction under the payment's row lock, so the return, a repeat and the
 * reconciliation converge: only a pending payment changes. Approved: the holds become the order's (units
 * sold, the window's place already the order's), the group ready for handling, the cart emptied. Anything
 * else: the group canceled, its units and window given back (the shopper may pay again). An approved
 * charge whose order cannot be completed (canceled meanwhile, or its units given back), or whose card does
 * not prove the prices it was placed at (debit's, the group card's), is refunded.
 */
export function settlePaymentFlow({ cart, catalog, delivery, orders }: CheckoutModules) {
  return defineFlow<{ transactionId: string; outcome: PaymentOutcome }, SettleResult>(
    'settle-payment',
    async ({ transactionId, outcome }, { tx, step }) => {
      const payment = await step('lockPayment', () => orders.payment(transactionId, tx, true));
      if (!payment) throw new Failure('paymentNotFound');
      if (payment.status !== 'pending') {
        const refund = outcome.kind === 'approved' && payment.status === 'canceled';
        return { orderGroup: payment.orderGroup, channel: payment.channel, status: payment.status, refund };
      }
      if (outcome.kind === 'approved' && !approvalProvesPrices(payment, outcome.details)) {
        await step('releaseStock', () => catalog.releaseHeldStock(payment.orderGroup, tx));
        await step('giveWindowBack', () =>
          delivery.returnOrderWindow(payment.orderGroup, payment.orderFormId, tx),
        );
        const failure = { code: 'paymentCardMismatch' as const };
        await step('cancel', () => orders.cancel(payment, { ...outcome.details, failure }, tx));
        return {
          orderGroup: payment.orderGroup,
          channel: payment.channel,
          status: 'canceled',
          refund: true,
          cardMismatch: true,
        };
      }
      if (outcome.kind === 'approved') {
        if (await step('sellStock', () => catalog.sellHeldStock(payment.orderGroup, tx))) {
          await step('approve', () => orders.approve(payment, outcome.details, tx));
          await step('clearCart', () => cart.clearAfterOrder(payment.orderFormId, tx));
          return {
            orderGroup: payment.orderGroup,
            channel: payment.channel,
            status: 'approved',
            refund: false,
            approvedNow: true,
          };
        }
        await step('giveWindowBack', () =>
          delivery.returnOrderWindow(payment.orderGroup, payment.orderFormId, tx),
        );
        await step('cancel', () => orders.cancel(payment, outcome.details, tx));
        return { orderGroup: payment.orderGroup, channel: payment.channel, status: 'canceled', refund: true };
      }
      await step('releaseStock', () => catalog.releaseHeldStock(payment.orderGroup, tx));
      await step('giveWindowBack', () =>
        delivery.returnOrderWindow(payment.orderGroup, payment.orderFormId, tx),
      );
      const details = { ...outcome.details, ...(outcome.failure ? { failure: outcome.failure } : {}) };
      await step('cancel', () => orders.cancel(payment, details, tx));
      return {
        orderGroup: payment.orderGroup,
        channel: payment.channel,
        status: 'canceled',
        refund: false,
        canceledNow: true,
      };
    },
  );
}

/** What a failed payment tells the shopper: the failure kept with it, else the bank's refusal. */
export function failureOf(payment: PaymentRecord): Failure {
  const kept = payment.authorization?.failure as { code?: unknown; field?: string } | undefined;
  return isFailureCode(kept?.code)
    ? new Failure(kept.code, kept.field ? { field: kept.field } : {})
    : new Failure('paymentRejected');
}
