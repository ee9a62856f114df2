import type { ComponentType } from 'react';
import type { OrderForm } from '@despensa/contracts';
import {
  GiftCardMethodPanel,
  OneClickMethodPanel,
  WalletMethodPanel,
  type PaymentMethodPanelProps,
} from './method-panels';
import { CARD_REDIRECT_PAYMENT_ID, PAYMENT_IDS, type TotalizerId } from '@despensa/domain';

export interface PaymentMethodOption {
  /** The §3 payment entry's paymentSystem: a §9 id, or the card redirect's. */
  paymentSystem: number;
  /** The entry's paymentSystemName; `{brand}` is the shop's name. */
  name: string;
  /** VTEX's payment group of the entry. */
  group: string;
  description: string;
  /** The totalizer whose prices this method pays (group card, wallet), when not the regular ones. */
  totalizer?: 'Tcenco' | 'CencoPay' | 'BalanceCencoPay';
  /**
   * Drawn under the option once chosen (gift-card dialog, saved cards, wallet link). Without one, the
   * method pays by the card redirect: the acquirer's page, then back to the order-placed page.
   */
  Panel?: ComponentType<PaymentMethodPanelProps>;
}

/**
 * The payment step's methods, in the order shown, each with its panel: the one map other features plug
 * their panels into (gift-card dialog, saved cards, wallet link). A panel renders inside the payment form,
 * so its named inputs are posted with `intent=pay` and `method={key}` to checkout-server's `pay`, which
 * saves the payment entry for the cart's total and places the order. Debit and the group card pay on the
 * acquirer's page like any card. The retail-group card has no §9 id of its own: it is the promissory id.
 */
export const paymentMethodPanels = {
  webpay: {
    paymentSystem: CARD_REDIRECT_PAYMENT_ID,
    name: 'Tarjeta de crédito, débito o prepago',
    group: 'creditCardPaymentGroup',
    description: 'Pagas en Webpay, la página segura de Transbank, y vuelves a la tienda.',
  },
  debit: {
    paymentSystem: PAYMENT_IDS.debit,
    name: 'Tarjeta de débito Redcompra',
    group: 'debitCardPaymentGroup',
    description: 'Pagas con tu cuenta en la página segura de Transbank.',
  },
  groupCard: {
    paymentSystem: PAYMENT_IDS.promissory,
    name: 'Tarjeta {brand}',
    group: 'promissoryPaymentGroup',
    description: 'Con los precios exclusivos de la tarjeta.',
    totalizer: 'Tcenco',
  },
  oneClick: {
    paymentSystem: PAYMENT_IDS.oneClick,
    name: 'Tarjetas guardadas',
    group: 'oneClickPaymentGroup',
    description: 'Paga en un clic con una tarjeta que ya inscribiste.',
    Panel: OneClickMethodPanel,
  },
  wallet: {
    paymentSystem: PAYMENT_IDS.walletBalance,
    name: 'Billetera digital',
    group: 'walletPaymentGroup',
    description: 'Usa el saldo de la billetera del grupo.',
    totalizer: 'BalanceCencoPay',
    Panel: WalletMethodPanel,
  },
  giftCard: {
    paymentSystem: PAYMENT_IDS.giftCard,
    name: 'Tarjeta de regalo',
    group: 'giftCardPaymentGroup',
    description: 'Con el número de 16 dígitos y la clave de 4 dígitos de tu tarjeta.',
    Panel: GiftCardMethodPanel,
  },
} satisfies Record<string, PaymentMethodOption> as Record<PaymentMethodKey, PaymentMethodOption>;

export type PaymentMethodKey = 'webpay' | 'debit' | 'groupCard' | 'oneClick' | 'wallet' | 'giftCard';

export function paymentMethodByKey(key: string): (PaymentMethodOption & { key: PaymentMethodKey }) | null {
  return Object.hasOwn(paymentMethodPanels, key)
    ? { ...paymentMethodPanels[key as PaymentMethodKey], key: key as PaymentMethodKey }
    : null;
}

export function paymentMethodName(option: PaymentMethodOption, brandName: string): string {
  return option.name.replace('{brand}', brandName);
}

/** What the cart's products cost paid with a method: its totalizers (items and discounts), else the cart's value. */
export function totalWith(orderForm: OrderForm, option: PaymentMethodOption): number {
  if (!option.totalizer) return orderForm.value;
  const value = (id: TotalizerId) => orderForm.totalizers.find((each) => each.id === id)?.value;
  const items = value(option.totalizer);
  return items === undefined ? orderForm.value : items + (value(`Discounts${option.totalizer}`) ?? 0);
}
