import { PAYMENT_IDS } from '../constants';

/** The group's wallet (payment 783): link states of §6, charge codes of §4 and card rules of §8. */

/**
 * §6: what the wallet-link drawer offers. hidden: the customer is outside the wallet's cluster; create: in
 * the cluster without a wallet; link: has a wallet not linked to this shop's account; linked: ready to pay.
 * A customer who has the group's wallet is in its cluster whatever the flag says: the wallet charges them.
 */
export type WalletLinkState = 'hidden' | 'create' | 'link' | 'linked';

export function walletLinkState(user: {
  clusterCencopay: boolean;
  hasWallet: boolean;
  isLinked: boolean;
}): WalletLinkState {
  if (!user.clusterCencopay && !user.hasWallet) return 'hidden';
  if (!user.hasWallet) return 'create';
  return user.isLinked ? 'linked' : 'link';
}

/** §4: a wallet charge is approved on 200-0 and still processing on 200-2; any other code failed. */
export const WALLET_APPROVED_CODE = '200-0';
export const WALLET_PROCESSING_CODE = '200-2';

/** §4: the two messages the flow alternates while polling a processing charge. */
export const WALLET_POLLING_MESSAGES = [
  'Tu pago está siendo procesado, espera un momento.',
  'Aún no hemos terminado, espera un momento.',
] as const;

/** §8: the snackbar when a card paid an order that is not yet collected and receipted. */
export const WALLET_CARD_IN_USE_MESSAGE =
  'Puedes eliminar tu tarjeta una vez que tu pedido haya sido recolectado y la boleta haya sido emitida.';

/** §3 wallet card payment methods, and the enrolment type each `POST /wallet/card/{type}` names. */
export const WALLET_CARD_TYPES = {
  oneclick: 'OneClick',
  debitooneclick: 'DebitoOneClick',
  catoneclick: 'CATOneClick',
} as const;
export type WalletCardType = keyof typeof WALLET_CARD_TYPES;
export type WalletPaymentMethod = (typeof WALLET_CARD_TYPES)[WalletCardType];

/**
 * The §9 payment id a saved card pays with, by its kind (prepaid one-click, 204, is off: §9 flags). Its
 * prices follow the id: the group card's for 202, debit's for 203.
 */
export const WALLET_CARD_PAYMENT_SYSTEMS: Record<WalletPaymentMethod, number> = {
  OneClick: PAYMENT_IDS.oneClick,
  CATOneClick: PAYMENT_IDS.catOneClick,
  DebitoOneClick: PAYMENT_IDS.debitOneClick,
};
