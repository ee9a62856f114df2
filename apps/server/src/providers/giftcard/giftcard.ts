import type { GiftCardErrorCode } from '@despensa/domain';

/** '200-0' (§4) or one of the §8 codes; the Spanish text for each is GIFT_CARD_ERRORS in the domain. */
export type GiftCardCode = '200-0' | GiftCardErrorCode;

export type GiftCardAnswer =
  { code: '200-0'; balanceCents: number } | { code: GiftCardErrorCode; balanceCents?: undefined };

/** The gift-card issuer behind payment 732. Amounts in CLP cents. */
export interface GiftCardProvider {
  /** What the card holds. */
  balance(number: string, password: string): Promise<GiftCardAnswer>;
  /**
   * Takes amountCents from the card only when its balance covers all of it (§5). Idempotent per reference:
   * the same reference again answers what the first call answered and takes nothing more; a reference
   * already used for another card or amount is refused with E027. balanceCents is what is left.
   */
  redeem(number: string, password: string, amountCents: number, reference: string): Promise<GiftCardAnswer>;
  /** Gives a redemption back to its card, once; an unknown reference is E027. balanceCents is the card's after. */
  refund(reference: string): Promise<GiftCardAnswer>;
}
