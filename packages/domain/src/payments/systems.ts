import { PAYMENT_IDS, type FeatureFlag } from '../constants';
import { CARD_REDIRECT_PAYMENT_ID } from '../checkout/completeness';
import type { PaymentOption } from '../pricing/types';

/** How a payment system is paid: on the acquirer's page, by a saved card, from the wallet, or a gift card. */
export type PaymentChannel = 'webpayRedirect' | 'oneclick' | 'wallet' | 'giftCard';

/**
 * What the acquirer's answer must show for a system's prices to stand (issue 27): any card, a debit card
 * (Webpay's payment_type_code VD; prepaid VP is not debit), or the group's own card (its last four digits).
 */
export type PaymentProof = 'anyCard' | 'debitCard' | 'groupCard';

export interface PaymentSystem {
  /** The §9 id (the card redirect's is VTEX's Visa id): a payment entry's paymentSystem. */
  id: number;
  /** The entry's paymentSystemName, in Spanish; `{brand}` is the shop's name. */
  name: string;
  /** VTEX's payment group of the entry. */
  groupName: string;
  channel: PaymentChannel;
  /** Which prices of the cart it pays (§3 derived prices, §6 collaborator). */
  pricing: PaymentOption;
  /** What the acquirer must prove of the card that paid before those prices are kept. */
  proof: PaymentProof;
  /** The §9 flags it needs on (saved cards and the balance are the wallet's). */
  flags: readonly FeatureFlag[];
}

/**
 * Every payment system the checkout takes, the one table the server and the web read. Debit (30) and the
 * group card (§9's promissory, 17; its CAT one-click too) have their own prices, kept only when the
 * acquirer shows that card paid.
 */
export const PAYMENT_SYSTEMS: readonly PaymentSystem[] = [
  {
    id: CARD_REDIRECT_PAYMENT_ID,
    name: 'Tarjeta de crédito, débito o prepago',
    groupName: 'creditCardPaymentGroup',
    channel: 'webpayRedirect',
    pricing: 'regular',
    proof: 'anyCard',
    flags: [],
  },
  {
    id: PAYMENT_IDS.debit,
    name: 'Tarjeta de débito Redcompra',
    groupName: 'debitCardPaymentGroup',
    channel: 'webpayRedirect',
    pricing: 'debit',
    proof: 'debitCard',
    flags: [],
  },
  {
    id: PAYMENT_IDS.promissory,
    name: 'Tarjeta {brand}',
    groupName: 'promissoryPaymentGroup',
    channel: 'webpayRedirect',
    pricing: 'tcenco',
    proof: 'groupCard',
    flags: [],
  },
  {
    id: PAYMENT_IDS.oneClick,
    name: 'Tarjetas guardadas',
    groupName: 'oneClickPaymentGroup',
    channel: 'oneclick',
    pricing: 'regular',
    proof: 'anyCard',
    flags: ['wallet'],
  },
  {
    id: PAYMENT_IDS.catOneClick,
    name: 'Tarjeta {brand} guardada',
    groupName: 'oneClickPaymentGroup',
    channel: 'oneclick',
    pricing: 'tcenco',
    proof: 'groupCard',
    flags: ['wallet'],
  },
  {
    id: PAYMENT_IDS.debitOneClick,
    name: 'Tarjeta de débito guardada',
    groupName: 'oneClickPaymentGroup',
    channel: 'oneclick',
    pricing: 'debit',
    proof: 'debitCard',
    flags: ['wallet'],
  },
  {
    id: PAYMENT_IDS.prepaidOneClick,
    name: 'Tarjeta de prepago guardada',
    groupName: 'oneClickPaymentGroup',
    channel: 'oneclick',
    pricing: 'regular',
    proof: 'anyCard',
    flags: ['wallet', 'prepaid'],
  },
  {
    id: PAYMENT_IDS.giftCard,
    name: 'Tarjeta de regalo',
    groupName: 'giftCardPaymentGroup',
    channel: 'giftCard',
    pricing: 'regular',
    proof: 'anyCard',
    flags: ['giftCard'],
  },
  {
    id: PAYMENT_IDS.walletBalance,
    name: 'Billetera digital',
    groupName: 'walletPaymentGroup',
    channel: 'wallet',
    pricing: 'balanceCencoPay',
    proof: 'anyCard',
    flags: ['wallet'],
  },
];

/** Every payment system a payment entry may name. */
export const PAYMENT_SYSTEM_IDS: readonly number[] = PAYMENT_SYSTEMS.map((system) => system.id);

/** The retail group's own card paid on the acquirer's page: §9's promissory id. */
export const GROUP_CARD_PAYMENT_ID = PAYMENT_IDS.promissory;

export function paymentSystemOf(id: number): PaymentSystem | null {
  return PAYMENT_SYSTEMS.find((system) => system.id === id) ?? null;
}

/** The system's display name in a shop (`{brand}` replaced). */
export function paymentSystemName(system: Pick<PaymentSystem, 'name'>, brandName: string): string {
  return system.name.replace('{brand}', brandName);
}

/**
 * The group card as the acquirer's answer shows it: Webpay answers only a card's last four digits, so the
 * card is told by them (the sandbox's group test card, README 'Card payments').
 */
export const GROUP_CARD_LAST_FOUR: readonly string[] = ['5678'];

/** Webpay's payment_type_code of a debit card (VP prepaid, VN/VC/SI/S2/NC credit are not). */
export const DEBIT_PAYMENT_TYPE_CODE = 'VD';

/** Whether the acquirer's answer (its payment type and the card's last four) proves a system's prices. */
export function paymentProven(
  proof: PaymentProof,
  card: { paymentTypeCode?: unknown; cardLast4?: unknown },
): boolean {
  switch (proof) {
    case 'anyCard':
      return true;
    case 'debitCard':
      return card.paymentTypeCode === DEBIT_PAYMENT_TYPE_CODE;
    case 'groupCard':
      return typeof card.cardLast4 === 'string' && GROUP_CARD_LAST_FOUR.includes(card.cardLast4);
  }
}
