import {
  CENTS_PER_PESO,
  DELIVERY_METHODS,
  PAYMENT_IDS,
  deliveryMethodById,
  type FeatureFlag,
  type FeatureFlags,
} from '../constants';
import { DELIVERY_PRICES_CENTS } from '../delivery/simulation';
import type { PaymentOption } from '../pricing/types';
import { primeDeliveryFee } from '../prime/benefits';
import { PAYMENT_SYSTEMS, type PaymentSystem } from './systems';

/** How a payment system is paid and priced (its row of PAYMENT_SYSTEMS). */
export type PaymentMethod = PaymentSystem;

/** Every payment system the checkout takes, by id (PAYMENT_SYSTEMS). */
export const PAYMENT_METHODS: Readonly<Record<number, PaymentMethod>> = Object.fromEntries(
  PAYMENT_SYSTEMS.map((system) => [system.id, system]),
);

export function paymentMethodOf(paymentSystem: number): PaymentMethod | null {
  return PAYMENT_METHODS[paymentSystem] ?? null;
}

/** The §9 flags each payment system needs on (PAYMENT_SYSTEMS); the rest are always offered. */
export const PAYMENT_SYSTEM_FLAGS: Readonly<Record<number, readonly FeatureFlag[]>> = Object.fromEntries(
  PAYMENT_SYSTEMS.filter((system) => system.flags.length > 0).map((system) => [system.id, system.flags]),
);

/** Whether the checkout offers (and takes) a payment system under the live flags. */
export function paymentSystemOffered(paymentSystem: number, flags: FeatureFlags): boolean {
  return (PAYMENT_SYSTEM_FLAGS[paymentSystem] ?? []).every((flag) => flags[flag]);
}

/** §6: the customer segment (user data gtmSegment) of the group's employees. */
export const COLLABORATOR_SEGMENT = 'colaborador';

export function isCollaborator(user: { gtmSegment: string | null | undefined }): boolean {
  return user.gtmSegment?.trim().toLowerCase() === COLLABORATOR_SEGMENT;
}

/**
 * The delivery fee an order charges: the chosen mode's fee once its window is chosen (pickups are free),
 * and express's fee (it has no window). The cart shows the same fee next to its window, so the order's
 * total is the cart's to the peso.
 */
export function deliveryFeeOf(
  selectedSla: string | null,
  hasWindow: boolean,
  /** The basket (its value paying normally) and whether it is a Prime member's (free delivery over a minimum). */
  basket: { prime: boolean; value: number } = { prime: false, value: 0 },
): number {
  const method = selectedSla ? deliveryMethodById(selectedSla) : undefined;
  if (!method) return 0;
  if (method.id === DELIVERY_METHODS.express.id)
    return primeDeliveryFee(DELIVERY_PRICES_CENTS.express, selectedSla, basket);
  return hasWindow ? primeDeliveryFee(DELIVERY_PRICES_CENTS[method.kind], selectedSla, basket) : 0;
}

export interface PaymentSplit {
  /** The way of paying that prices the cart: the one method, or the card that pays beside a gift card. */
  method: PaymentMethod;
  /** Its payment system. */
  paymentSystem: number;
  /** The gift card's part, when one pays (the rest goes to `paymentSystem`). */
  giftCardValue: number;
  /** What `paymentSystem` pays. */
  rest: number;
}

export type PaymentSplitProblem = 'unavailable' | 'combination' | 'sum';

/**
 * The payment entries of a cart as one purchase: one method alone, or a gift card plus one card (saved or
 * on the acquirer's page) for the rest. Wallet payments are not combined. Answers the problem otherwise;
 * `total` is what the purchase costs with the chosen method (see checkoutTotal).
 */
export function paymentSplit(
  payments: readonly { paymentSystem: number; value: number }[],
): PaymentSplit | PaymentSplitProblem {
  if (payments.length === 0 || payments.length > 2) return 'combination';
  const methods = payments.map((payment) => paymentMethodOf(payment.paymentSystem));
  if (methods.some((method) => method === null)) return 'unavailable';
  const gift = payments.findIndex((payment) => payment.paymentSystem === PAYMENT_IDS.giftCard);
  if (payments.length === 1) {
    const [only] = payments;
    return gift === 0
      ? { method: methods[0]!, paymentSystem: only!.paymentSystem, giftCardValue: only!.value, rest: 0 }
      : { method: methods[0]!, paymentSystem: only!.paymentSystem, giftCardValue: 0, rest: only!.value };
  }
  if (gift < 0) return 'combination';
  const card = payments[1 - gift]!;
  const cardMethod = methods[1 - gift]!;
  if (cardMethod.channel !== 'webpayRedirect' && cardMethod.channel !== 'oneclick') return 'combination';
  // The card's part goes to the acquirer, which takes whole pesos only.
  if (payments[gift]!.value <= 0 || card.value <= 0 || card.value % CENTS_PER_PESO !== 0) return 'sum';
  return {
    method: cardMethod,
    paymentSystem: card.paymentSystem,
    giftCardValue: payments[gift]!.value,
    rest: card.value,
  };
}

/** What the purchase costs paying with `pricing`: the items at those prices plus the delivery fee. */
export function checkoutTotal(
  totals: Record<PaymentOption, { value: number }>,
  pricing: PaymentOption,
  fee: number,
): number {
  return totals[pricing].value + fee;
}
