import { CARD_REDIRECT_PAYMENT_ID, PAYMENT_IDS } from '@despensa/domain';
import { Failure } from '@despensa/contracts';
import type { PaymentRecord } from '../modules/orders/service';
import type { Acquirer } from '../providers/acquirer/acquirer';

/**
 * Refunds `amount` through the payment an order was paid with. A card paid on the acquirer's page
 * (Webpay Plus: credit, debit, prepaid) is refunded at the acquirer: reversed in full within 3 hours,
 * nullified in part or later. A refusal is `refundFailed`, so the caller's transaction rolls back.
 */
export async function refundThroughPayment(
  acquirer: Acquirer,
  payment: PaymentRecord,
  amount: number,
): Promise<void> {
  if (amount <= 0) return;
  const redirect = [CARD_REDIRECT_PAYMENT_ID, PAYMENT_IDS.debit].includes(payment.paymentSystem);
  if (!redirect || !payment.acquirerToken) throw new Failure('refundFailed');
  try {
    await acquirer.refund(payment.acquirerToken, amount);
  } catch {
    throw new Failure('refundFailed');
  }
}
