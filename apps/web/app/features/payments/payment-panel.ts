/**
 * What the checkout's payment panels share. A panel lives inside the payment step's form: it adds the
 * fields its method needs (a saved card, a gift card) to the step's 'Pagar', and finishes what its method
 * needs after the order is placed (the wallet's charge). Field names are the checkout action's.
 */

/** §8 failed-payment modals a panel may ask the checkout to open. */
export type PaymentFailureKind = 'generic' | 'bank' | 'wallet';

/** The saved card that pays a one-click entry (its `accountId`). */
export const SAVED_CARD_FIELD = 'accountId';
/** The gift card's number, password and the pesos it pays (the rest by card). */
export const GIFT_CARD_FIELDS = {
  number: 'giftCardNumber',
  password: 'giftCardPassword',
  amount: 'giftCardAmount',
} as const;

export const GIFT_CARD_AMOUNT_MESSAGE = 'Ingresa un monto mayor a $0';

/** An order placed with the wallet (783), waiting for its charge: the transaction id and the order group. */
export interface PlacedWalletPayment {
  tId: string;
  orderGroup: string;
}
