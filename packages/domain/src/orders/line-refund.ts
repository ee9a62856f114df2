import type { PaymentChannel } from '../payments/systems';

/**
 * How support refunds one line of an order (issue 30 §4), through the payment it came from: a card
 * (Webpay or one-click) gives back any part of what it charged and was not refunded; the wallet and a
 * gift card give money back only whole (README "Payment providers"), so a line there is refused unless
 * it is everything left. More than the payment has left is refused whatever paid.
 */
export type LineRefundSettlement =
  { kind: 'refund'; amount: number } | { kind: 'refused'; failure: 'refundAboveCharged' | 'refundWholeOnly' };

export function lineRefundSettlement(
  paid: { channel: PaymentChannel; value: number; refunded: number; giftCardValue: number },
  amount: number,
): LineRefundSettlement {
  const left = paid.value - paid.refunded;
  if (amount <= 0 || amount > left) return { kind: 'refused', failure: 'refundAboveCharged' };
  const card = paid.channel === 'webpayRedirect' || paid.channel === 'oneclick';
  const cardLeft = Math.max(0, paid.value - paid.giftCardValue - paid.refunded);
  if (card && amount <= cardLeft) return { kind: 'refund', amount };
  // Everything left goes back whole: the wallet's charge, or a gift card's redemption never touched.
  if (amount === left && (paid.giftCardValue === 0 || paid.refunded === 0)) return { kind: 'refund', amount };
  return { kind: 'refused', failure: 'refundWholeOnly' };
}
