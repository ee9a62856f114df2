import { GIFT_CARD_FAILURES, type FailureCode, type TransactionBody } from '@despensa/contracts';
import type { PaymentRecord } from '../../modules/orders/service';
import type { GiftCardProvider } from '../giftcard/giftcard';
import { noCapture, type PaymentOutcome, type PaymentProvider } from './provider';

/**
 * A gift card (732): its part of a payment (alone, or beside a card for the rest) is redeemed before
 * anything else is charged, under the transaction as its reference, and given back only whole.
 */
export class GiftCardPaymentProvider implements PaymentProvider {
  readonly channel = 'giftCard' as const;
  readonly paysOnPage = false;

  constructor(private readonly issuer: GiftCardProvider) {}

  async initiate(): Promise<void> {}

  async page(): Promise<null> {
    return null;
  }

  /** The payment's gift-card part was redeemed (redeemPart) before: that is all it pays. */
  async authorize(
    _payment: PaymentRecord,
    { giftCard }: { giftCard?: TransactionBody['giftCard'] },
  ): Promise<PaymentOutcome> {
    return { kind: 'approved', details: { giftCard: giftCard!.number.slice(-4) } };
  }

  capture = noCapture;

  /** A gift card has no card part: its refunds are `giveBack`'s, whole. */
  refund(): Promise<void> {
    throw new Error('a gift card has no card part');
  }

  async cancel(): Promise<void> {}

  /** The issuer cannot be asked without the password: a payment left pending ends as a refund. */
  async status(): Promise<PaymentOutcome> {
    return { kind: 'error' };
  }

  /**
   * Redeems a payment's gift-card part, once per transaction (the reference) however many times this
   * runs; answers the failure when the card does not pay it.
   */
  async redeemPart(
    payment: PaymentRecord,
    giftCard: NonNullable<TransactionBody['giftCard']>,
  ): Promise<{ code: FailureCode; field?: string } | null> {
    const redeemed = await this.issuer
      .redeem(giftCard.number, giftCard.password, payment.giftCardValue, payment.id)
      .catch(() => null);
    if (redeemed?.code === '200-0') return null;
    return redeemed
      ? { code: GIFT_CARD_FAILURES[redeemed.code], field: redeemed.code }
      : { code: 'paymentSystemUnavailable' };
  }

  /** A payment's gift-card part back to the card; false when it was never redeemed (E027: unknown reference). */
  async giveBack(payment: PaymentRecord): Promise<boolean> {
    return (await this.issuer.refund(payment.id)).code === '200-0';
  }
}
