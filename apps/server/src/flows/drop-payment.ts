import { Failure, type DroppedPayment, type PendingPayment } from '@despensa/contracts';
import type { OrdersService, PaymentRecord } from '../modules/orders/service';
import type { Acquirer, AcquirerPayment } from '../providers/acquirer/acquirer';
import type { PaymentOutcome } from '../providers/payments/provider';
import { paymentPagePath, type Checkout } from './place-order';

/**
 * A payment left on Webpay's page (issue 28): the shopper closed it or went back without paying, and its
 * order holds the cart's window until the acquirer's token dies (5–7 minutes) and the reconciliation
 * passes. The checkout tells them and lets them go back to it, or drop it at once.
 */
export class PendingWebpayPayments {
  constructor(
    private readonly orders: OrdersService,
    private readonly acquirer: Acquirer,
    private readonly checkout: Checkout,
  ) {}

  /** The customer's cart's payment pending on Webpay's page (its acquirer transaction made); else null. */
  async ofCart(userId: string, orderFormId: string): Promise<PendingPayment | null> {
    const payment = await this.orders.pendingPaymentOf(orderFormId);
    if (!payment || !this.onPage(payment, userId)) return null;
    return {
      tId: payment.id,
      orderGroup: payment.orderGroup,
      value: payment.value - payment.giftCardValue,
      redirectUrl: paymentPagePath(payment.id),
    };
  }

  /**
   * 'Anular pago': the acquirer's own status decides, under the settlement's row lock (a return arriving
   * meanwhile converges on one end). Paid on Webpay: the order; anything else: canceled now, its units and
   * window given back to the cart (a charge made later on a page left open is refunded by its return).
   */
  async drop(userId: string, transactionId: string): Promise<DroppedPayment> {
    const payment = await this.orders.payment(transactionId);
    if (!payment || payment.userId !== userId) throw new Failure('paymentNotFound');
    if (payment.status === 'pending') {
      if (!this.onPage(payment, userId)) throw new Failure('paymentNotFound');
      await this.checkout.settle(payment.id, await this.outcomeAtAcquirer(payment.acquirerToken!));
    }
    const settled = (await this.orders.payment(transactionId))!;
    return {
      status: settled.status === 'approved' ? 'approved' : 'canceled',
      orderGroup: settled.orderGroup,
    };
  }

  /** Committed when the shopper paid and never came back; otherwise what the shopper asked: aborted. */
  private async outcomeAtAcquirer(token: string): Promise<PaymentOutcome> {
    let answer: AcquirerPayment;
    try {
      answer = await this.acquirer.commit(token);
    } catch {
      // Not paid (nothing to commit), or the acquirer is unreachable: then the payment stays as it was.
      answer = await this.acquirer.status(token).catch(() => {
        throw new Failure('paymentSystemUnavailable');
      });
    }
    return answer.status === 'AUTHORIZED' && answer.responseCode === 0
      ? { kind: 'approved', details: { ...answer } }
      : { kind: 'aborted', details: { ...answer } };
  }

  /** A payment of this customer's whose page at its provider exists: the shopper was sent to pay it. */
  private onPage(payment: PaymentRecord, userId: string): boolean {
    return (
      payment.userId === userId &&
      this.checkout.payments.of(payment.channel).paysOnPage &&
      payment.acquirerToken !== null
    );
  }
}
