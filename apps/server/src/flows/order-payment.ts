import { Failure } from '@despensa/contracts';
import type { OrderFulfilment, PaymentRecord } from '../modules/orders/service';
import type { WalletService } from '../modules/wallet/service';
import { cardLeftOf } from '../providers/payments/provider';
import type { PaymentProviders } from '../providers/payments/registry';

/** The saved card that paid (one-click, or the wallet's): §8 refuses its deletion until the receipt. */
export async function savedCardOf(
  payments: PaymentProviders,
  payment: PaymentRecord,
): Promise<string | null> {
  const entry = payment.entries.find((each) => each.accountId)?.accountId;
  if (entry) return entry;
  return (await payments.of(payment.channel).savedCard?.(payment)) ?? null;
}

/**
 * Refunds `amount` through the payment an order was paid with: the card part first (its provider's
 * refund: Webpay's in part, a one-click card across its charges, the wallet only whole), then a gift
 * card's part, only whole (its issuer gives a redemption back entire). A refusal is `refundFailed`, so
 * the caller's transaction rolls back.
 */
export async function refundThroughPayment(
  payments: PaymentProviders,
  payment: PaymentRecord,
  amount: number,
): Promise<void> {
  if (amount <= 0) return;
  const toCard = Math.min(amount, cardLeftOf(payment));
  const toGiftCard = amount - toCard;
  if (toGiftCard > 0 && toGiftCard !== payment.giftCardValue) throw new Failure('refundFailed');
  try {
    if (toCard > 0) await payments.of(payment.channel).refund(payment, toCard);
    if (toGiftCard > 0 && !(await payments.giftCard.giveBack(payment)))
      throw new Error('gift card refund refused');
  } catch {
    throw new Failure('refundFailed');
  }
}

/**
 * After the receipt: the part of a payment it does not charge goes back through its provider, and the
 * saved card that paid, if one did, may be deleted (§6). The receipt stands either way: a refund the
 * provider refuses is logged for the store to settle by hand.
 */
export async function settleAfterReceipt(
  deps: { payments: PaymentProviders; wallet: WalletService; fulfilment: OrderFulfilment },
  payment: PaymentRecord,
  refunded: number,
  log: (message: string) => void,
): Promise<void> {
  const card = await savedCardOf(deps.payments, payment);
  if (card) await deps.wallet.setCardInUse(card, false);
  if (refunded <= 0) return;
  try {
    await refundThroughPayment(deps.payments, payment, refunded);
    await deps.fulfilment.recordRefund(payment.id, refunded);
  } catch (error) {
    log(`refund of ${refunded} on ${payment.orderGroup} failed: ${String(error)}`);
  }
}
