import type { ComponentType } from 'react';
import type { OrderForm } from '@despensa/contracts';
import {
  GiftCardMethodPanel,
  OneClickMethodPanel,
  WalletMethodPanel,
  type PaymentMethodPanelProps,
} from './method-panels';
import {
  CARD_REDIRECT_PAYMENT_ID,
  GROUP_CARD_PAYMENT_ID,
  itemsValueOf,
  PAYMENT_IDS,
  paymentSystemName,
  paymentSystemOf,
  type PaymentOption,
  type TotalizerId,
} from '@despensa/domain';

export interface PaymentMethodOption {
  /** The §3 payment entry's paymentSystem: a row of the domain's PAYMENT_SYSTEMS. */
  paymentSystem: number;
  /** The entry's paymentSystemName (the domain's); `{brand}` is the shop's name. */
  name: string;
  /** VTEX's payment group of the entry (the domain's). */
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

/** The totalizer of the cart's prices a way of paying pays, besides the regular ones (debit has none). */
const TOTALIZER_OF: Partial<Record<PaymentOption, PaymentMethodOption['totalizer']>> = {
  tcenco: 'Tcenco',
  cencoPay: 'CencoPay',
  balanceCencoPay: 'BalanceCencoPay',
};

/** A payment system of the domain's table as the payment step offers it: its words here, its panel. */
function optionOf(
  paymentSystem: number,
  shown: Pick<PaymentMethodOption, 'description' | 'Panel'>,
): PaymentMethodOption {
  const system = paymentSystemOf(paymentSystem);
  if (!system) throw new Error(`payment system ${paymentSystem} is not in PAYMENT_SYSTEMS`);
  const totalizer = TOTALIZER_OF[system.pricing];
  return {
    paymentSystem,
    name: system.name,
    group: system.groupName,
    ...(totalizer ? { totalizer } : {}),
    ...shown,
  };
}

/**
 * The payment step's methods, in the order shown, each with its panel: the one map other features plug
 * their panels into (gift-card dialog, saved cards, wallet link). Ids, names, groups and prices come from
 * the domain's PAYMENT_SYSTEMS, which the server reads too. A panel renders inside the payment form, so
 * its named inputs are posted with `intent=pay` and `method={key}` to checkout-pay-server's `pay`, which saves
 * the payment entry for the cart's total and places the order. Debit and the group card (§9's promissory,
 * 17) pay on the acquirer's page like any card.
 */
export const paymentMethodPanels = {
  webpay: optionOf(CARD_REDIRECT_PAYMENT_ID, {
    description: 'Pagas en Webpay, la página segura de Transbank, y vuelves a la tienda.',
  }),
  debit: optionOf(PAYMENT_IDS.debit, {
    description: 'Pagas con tu cuenta en la página segura de Transbank.',
  }),
  groupCard: optionOf(GROUP_CARD_PAYMENT_ID, {
    description: 'Con los precios exclusivos de la tarjeta.',
  }),
  oneClick: optionOf(PAYMENT_IDS.oneClick, {
    description: 'Paga en un clic con una tarjeta que ya inscribiste.',
    Panel: OneClickMethodPanel,
  }),
  wallet: optionOf(PAYMENT_IDS.walletBalance, {
    description: 'Usa el saldo de la billetera del grupo.',
    Panel: WalletMethodPanel,
  }),
  giftCard: optionOf(PAYMENT_IDS.giftCard, {
    description: 'Con el número de 16 dígitos y la clave de 4 dígitos de tu tarjeta.',
    Panel: GiftCardMethodPanel,
  }),
} satisfies Record<string, PaymentMethodOption> as Record<PaymentMethodKey, PaymentMethodOption>;

export type PaymentMethodKey = 'webpay' | 'debit' | 'groupCard' | 'oneClick' | 'wallet' | 'giftCard';

export function paymentMethodByKey(key: string): (PaymentMethodOption & { key: PaymentMethodKey }) | null {
  return Object.hasOwn(paymentMethodPanels, key)
    ? { ...paymentMethodPanels[key as PaymentMethodKey], key: key as PaymentMethodKey }
    : null;
}

export function paymentMethodName(option: PaymentMethodOption, brandName: string): string {
  return paymentSystemName(option, brandName);
}

/** What the cart's products cost paid with a method: its totalizers (items and discounts), else the cart's value. */
export function totalWith(orderForm: OrderForm, option: PaymentMethodOption): number {
  if (!option.totalizer) return itemsValueOf(orderForm);
  const value = (id: TotalizerId) => orderForm.totalizers.find((each) => each.id === id)?.value;
  const items = value(option.totalizer);
  return items === undefined ? itemsValueOf(orderForm) : items + (value(`Discounts${option.totalizer}`) ?? 0);
}
